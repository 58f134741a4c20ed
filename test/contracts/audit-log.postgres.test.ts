import { auditLogContract } from "./audit-log.contract"
import { auditLogOnDatabase } from "./audit-log.database"
import { openSuiteDatabaseOnPostgres } from "./harness"

auditLogContract(
  "the audit log on PostgreSQL (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(openSuiteDatabaseOnPostgres),
)
