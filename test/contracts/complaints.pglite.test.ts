import { openMigratedPglite } from "../support/suite-database"
import { complaintsContract } from "./complaints.contract"
import { complaintsDatabaseFacts, complaintsOnDatabase } from "./complaints.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

complaintsContract(
  "complaints on PGlite (the ComplaintStore adapter)",
  complaintsOnDatabase(database.open),
)
complaintsDatabaseFacts("complaints' table on PGlite", database.open)
