import { liveCompetitionsSuite } from "./live-competitions.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

liveCompetitionsSuite("the live competitions on PostgreSQL", openSuiteDatabaseOnPostgres)
