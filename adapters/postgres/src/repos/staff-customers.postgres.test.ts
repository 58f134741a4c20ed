import { staffCustomersSuite } from "./staff-customers.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

staffCustomersSuite("staff's customer writes on PostgreSQL", openSuiteDatabaseOnPostgres)
