import { makeDatabase } from "@howzat/postgres/testing"
import { auditLogContract } from "./audit-log.contract"
import { auditLogOnDatabase } from "./audit-log.database"

auditLogContract(
  "the audit log on PGlite (the AuditLog and AuditLogReader adapters)",
  auditLogOnDatabase(() => makeDatabase({})),
)
