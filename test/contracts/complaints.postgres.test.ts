import { complaintsContract } from "./complaints.contract"
import { complaintsDatabaseFacts, complaintsOnDatabase } from "./complaints.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

complaintsContract(
  "complaints on PostgreSQL (the ComplaintStore adapter)",
  complaintsOnDatabase(database),
)
complaintsDatabaseFacts("complaints' table on PostgreSQL", database)
