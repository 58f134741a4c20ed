import { accountStandingSuite } from "./account-standing.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

accountStandingSuite("account standing and age checks on PostgreSQL", openSuiteDatabaseOnPostgres)
