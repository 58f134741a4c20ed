import { makeDatabase } from "@howzat/postgres/database"
import { auditLogContract } from "./audit-log.contract"
import { auditLogOnDatabase } from "./audit-log.database"

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(() => makeDatabase({})),
)
