import { responsiblePlayEventsSuite } from "./responsible-play-events.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

responsiblePlayEventsSuite("the responsible-play log on PostgreSQL", openSuiteDatabaseOnPostgres)
