import { makeDatabase } from "../database"
import { postalEntriesSuite } from "./postal-entries.suite"

postalEntriesSuite("free postal entries on PGlite (in memory)", () => makeDatabase({}))
