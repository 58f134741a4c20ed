import { complaintsContract } from "./complaints.contract"
import { complaintsDatabaseFacts, complaintsOnDatabase } from "./complaints.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

complaintsContract(
  "complaints on PGlite (the ComplaintStore adapter)",
  complaintsOnDatabase(database),
)
complaintsDatabaseFacts("complaints' table on PGlite", database)
