import { openMigratedPglite } from "../support/suite-database"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesOnDatabase } from "./postal-entries.database"

postalEntriesContract(
  "postal entries on PGlite (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(openMigratedPglite),
)
