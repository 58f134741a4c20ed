import { clubsSuite } from "./clubs.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

clubsSuite("staff's clubs on PostgreSQL", openSuiteDatabaseOnPostgres)
