import { openSuiteDatabaseOnPostgres } from "./suite-database"
import { winnersSuite } from "./winners.suite"

winnersSuite("winner records on PostgreSQL", openSuiteDatabaseOnPostgres)
