import { postalEntriesSuite } from "./postal-entries.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

postalEntriesSuite("free postal entries on PostgreSQL", openSuiteDatabaseOnPostgres)
