import { auditLogContract } from "./audit-log.contract"
import { auditLogDatabaseFacts, auditLogOnDatabase } from "./audit-log.database"
import { oneDatabasePerFile } from "./file-database"
import { openSuiteDatabaseOnPostgres } from "./harness"

const database = oneDatabasePerFile(openSuiteDatabaseOnPostgres)

auditLogContract(
  "the audit log on PostgreSQL (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(database.open),
)
auditLogDatabaseFacts("the audit log's table on PostgreSQL", database.open)
