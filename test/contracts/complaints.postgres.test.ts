import { complaintsContract } from "./complaints.contract"
import { complaintsDatabaseFacts, complaintsOnDatabase } from "./complaints.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

complaintsContract(
  "complaints on PostgreSQL (the ComplaintStore adapter)",
  complaintsOnDatabase(database.open),
)
complaintsDatabaseFacts("complaints' table on PostgreSQL", database.open)
