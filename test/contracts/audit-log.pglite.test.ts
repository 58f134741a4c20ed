import { makeDatabase } from "@howzat/postgres/testing"
import { auditLogContract } from "./audit-log.contract"
import { auditLogDatabaseFacts, auditLogOnDatabase } from "./audit-log.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(() => makeDatabase({}))

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(database.open),
)
auditLogDatabaseFacts("the audit log's table on PGlite", database.open)
