import { poolKeySuite } from "./pool-key.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

poolKeySuite("a pool's tie to its competition on PostgreSQL", openSuiteDatabaseOnPostgres)
