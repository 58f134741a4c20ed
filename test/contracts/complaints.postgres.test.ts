import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { complaintsContract } from "./complaints.contract"
import { complaintsOnDatabase } from "./complaints.database"

complaintsContract(
  "complaints on PostgreSQL (the ComplaintStore adapter)",
  complaintsOnDatabase(openSuiteDatabaseOnPostgres),
)
