import { catalogueAdminSuite } from "./catalogue-admin.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

catalogueAdminSuite("catalogue admin on PostgreSQL", openSuiteDatabaseOnPostgres)
