import type { AuditEntry } from "@howzat/core/ports"
import { auditLogOver, auditLogReaderOver, auditLogTransactionsOver } from "@howzat/core/testing"
import { Layer } from "effect"
import { auditLogContract } from "./audit-log.contract"

auditLogContract("the audit log in memory (the AuditLog and AuditLogReader doubles)", async () => {
  const entries: AuditEntry[] = []
  return {
    layer: Layer.mergeAll(
      auditLogOver(entries),
      auditLogReaderOver(entries),
      auditLogTransactionsOver(entries),
    ),
    close: async () => {},
  }
})
