import { auditLogSuite } from "./audit-log.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

auditLogSuite("the audit log on PostgreSQL", openSuiteDatabaseOnPostgres)
