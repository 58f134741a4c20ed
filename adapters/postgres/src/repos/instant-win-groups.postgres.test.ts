import { instantWinGroupsSuite } from "./instant-win-groups.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

instantWinGroupsSuite("instant-win groups on PostgreSQL", openSuiteDatabaseOnPostgres)
