import { creditCardSpendSuite } from "./credit-card-spend.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

creditCardSpendSuite("credit-card spend on PostgreSQL", openSuiteDatabaseOnPostgres)
