import { openMigratedPglite } from "../support/suite-database"
import { auditLogContract } from "./audit-log.contract"
import { auditLogDatabaseFacts, auditLogOnDatabase } from "./audit-log.database"
import { oneDatabasePerFile } from "./file-database"

const database = oneDatabasePerFile(openMigratedPglite)

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(database.open),
)
auditLogDatabaseFacts("the audit log's table on PGlite", database.open)
