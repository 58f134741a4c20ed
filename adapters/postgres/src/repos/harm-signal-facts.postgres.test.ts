import { harmSignalFactsSuite } from "./harm-signal-facts.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

harmSignalFactsSuite("harm-signal facts on PostgreSQL", openSuiteDatabaseOnPostgres)
