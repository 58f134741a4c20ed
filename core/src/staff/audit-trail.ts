import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { type AuditLogQuery, AuditLogReader } from "../ports/audit-log.js"
import { authorize } from "./permissions.js"

/** The audit log as the back office reads it: for those the matrix lets (ViewAuditLog). */
export class AuditTrail extends Effect.Service<AuditTrail>()("@howzat/core/AuditTrail", {
  effect: Effect.map(AuditLogReader, (reader) => ({
    list: (by: Principal, query: AuditLogQuery) =>
      Effect.zipRight(authorize(by, "ViewAuditLog"), reader.list(query)),
  })),
}) {}
