import { secondFactorSuite } from "./second-factors.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

secondFactorSuite("the second-factor store on PostgreSQL", openSuiteDatabaseOnPostgres)
