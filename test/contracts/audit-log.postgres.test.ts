import { auditLogContract } from "./audit-log.contract"
import { auditLogDatabaseFacts, auditLogOnDatabase } from "./audit-log.database"
import { oneDatabasePerFile, openPostgres } from "./harness"

const database = oneDatabasePerFile(openPostgres)

auditLogContract(
  "the audit log on PostgreSQL (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(database),
)
auditLogDatabaseFacts("the audit log's table on PostgreSQL", database)
