import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { auditLogContract } from "./audit-log.contract"
import { auditLogOnDatabase } from "./audit-log.database"

auditLogContract(
  "the audit log on PostgreSQL (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(openSuiteDatabaseOnPostgres),
)
