import { complaintsSuite } from "./complaints.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

complaintsSuite("complaints on PostgreSQL", openSuiteDatabaseOnPostgres)
