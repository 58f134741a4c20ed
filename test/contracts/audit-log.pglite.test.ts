import { auditLogContract } from "./audit-log.contract"
import { auditLogDatabaseFacts, auditLogOnDatabase } from "./audit-log.database"
import { oneDatabasePerFile, openPglite } from "./harness"

const database = oneDatabasePerFile(openPglite)

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(database),
)
auditLogDatabaseFacts("the audit log's table on PGlite", database)
