import { AuditLog, type AuditLogShape } from "@howzat/core/ports/audit-log"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

/** The audit log: one row per staff write, in that write's transaction. */
export const makeAuditLog = (db: Kysely<Database>): AuditLogShape => ({
  record: (entry) =>
    runQuery(db, "auditLog.record", (q) =>
      q
        .insertInto("auditLog")
        .values({
          at: entry.at,
          actorUserId: entry.actor.userId,
          actorRole: entry.actor.role,
          action: entry.action,
          subjectType: entry.subject.type,
          subjectId: entry.subject.id,
          before: entry.before === null ? null : JSON.stringify(entry.before),
          after: entry.after === null ? null : JSON.stringify(entry.after),
        })
        .execute(),
    ).pipe(Effect.asVoid),
})

export const AuditLogLive: Layer.Layer<AuditLog, never, Db> = Layer.effect(
  AuditLog,
  Effect.map(Db, makeAuditLog),
)
