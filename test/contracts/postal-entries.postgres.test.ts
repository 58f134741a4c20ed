import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesOnDatabase } from "./postal-entries.database"

postalEntriesContract(
  "postal entries on PostgreSQL (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(openSuiteDatabaseOnPostgres),
)
