import { makeDatabase } from "@howzat/postgres/testing"
import { complaintsContract } from "./complaints.contract"
import { complaintsDatabaseFacts, complaintsOnDatabase } from "./complaints.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(() => makeDatabase({}))

complaintsContract(
  "complaints on PGlite (the ComplaintStore adapter)",
  complaintsOnDatabase(database.open),
)
complaintsDatabaseFacts("complaints' table on PGlite", database.open)
