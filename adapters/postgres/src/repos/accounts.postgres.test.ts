import { accountsSuite } from "./accounts.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

accountsSuite("account repositories on PostgreSQL", openSuiteDatabaseOnPostgres)
