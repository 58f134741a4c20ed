import { openMigratedPglite } from "../support/suite-database"
import { auditLogContract } from "./audit-log.contract"
import { auditLogOnDatabase } from "./audit-log.database"

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(openMigratedPglite),
)
