import { catalogueSuite } from "./catalogue.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

catalogueSuite("catalogue repositories on PostgreSQL", openSuiteDatabaseOnPostgres)
