import { spendLimitsSuite } from "./spend-limits.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

spendLimitsSuite("spend limits on PostgreSQL", openSuiteDatabaseOnPostgres)
