import { competitionLoaderSuite } from "./competition-loader.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

competitionLoaderSuite("the competition loader on PostgreSQL", openSuiteDatabaseOnPostgres)
