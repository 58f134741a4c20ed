import { complaintsContract } from "./complaints.contract"
import { complaintsOnDatabase } from "./complaints.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

complaintsContract(
  "complaints on PostgreSQL (the ComplaintStore adapter)",
  complaintsOnDatabase(openSuiteDatabaseOnPostgres),
)
