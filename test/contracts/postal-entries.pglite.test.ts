import { makeDatabase } from "@howzat/postgres/testing"
import { postalEntriesContract } from "./postal-entries.contract"
import { postalEntriesOnDatabase } from "./postal-entries.database"

postalEntriesContract(
  "postal entries on PGlite (the PostalEntryRepo adapter)",
  postalEntriesOnDatabase(() => makeDatabase({})),
)
