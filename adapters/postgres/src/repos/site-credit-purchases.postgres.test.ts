import { siteCreditPurchasesSuite } from "./site-credit-purchases.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

siteCreditPurchasesSuite("site credit purchases on PostgreSQL", openSuiteDatabaseOnPostgres)
