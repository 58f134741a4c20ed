import { staffUsersSuite } from "./staff-users.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

staffUsersSuite("staff users on PostgreSQL", openSuiteDatabaseOnPostgres)
