import { openSuiteDatabaseOnPostgres } from "./harness"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesOnDatabase } from "./postal-entries.database"

postalEntriesContract(
  "postal entries on PostgreSQL (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(openSuiteDatabaseOnPostgres),
)
