import { oneDatabasePerFile, openPglite } from "./harness"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesInTheDatabase, postalEntriesOnDatabase } from "./postal-entries.database"

const database = oneDatabasePerFile(openPglite)

postalEntriesContract(
  "postal entries on PGlite (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(database),
)
postalEntriesInTheDatabase("postal entries in PGlite's tables", database)
