import { orderRefundsSuite } from "./order-refunds.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

orderRefundsSuite("a staff refund's repository on PostgreSQL", openSuiteDatabaseOnPostgres)
