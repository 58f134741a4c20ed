import { ordersSuite } from "./orders.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

ordersSuite("orders and ticket allocation on PostgreSQL", openSuiteDatabaseOnPostgres)
