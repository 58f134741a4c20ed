import { oneDatabasePerFile, openPostgres } from "./harness"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesInTheDatabase, postalEntriesOnDatabase } from "./postal-entries.database"

const database = oneDatabasePerFile(openPostgres)

postalEntriesContract(
  "postal entries on PostgreSQL (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(database),
)
postalEntriesInTheDatabase("postal entries in PostgreSQL's tables", database)
