import { makeDatabase } from "@howzat/postgres/testing"
import { oneDatabasePerFile } from "./harness"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesInTheDatabase, postalEntriesOnDatabase } from "./postal-entries.database"

const database = oneDatabasePerFile(() => makeDatabase({}))

postalEntriesContract(
  "postal entries on PGlite (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(database),
)
postalEntriesInTheDatabase("postal entries in PGlite's tables", database)
