import type { Role } from "@howzat/core/accounts"
import {
  AuditLog,
  AuditLogReader,
  type AuditLogReaderShape,
  type AuditLogShape,
  type AuditValue,
  type RecordedAuditEntry,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { emptyPage, isUuid, normalisePage, pageOffset, toPage } from "./shared"

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

/** Newest first; the id breaks ties so that pages never overlap or skip. */
export const makeAuditLogReader = (db: Kysely<Database>): AuditLogReaderShape => ({
  list: (query) => {
    // actor_user_id is a uuid column: any other text matches nobody, rather than failing.
    if (query.actorUserId !== undefined && !isUuid(query.actorUserId))
      return Effect.succeed(emptyPage<RecordedAuditEntry>(query.page))
    return runQuery(db, "auditLog.list", async (q) => {
      let filtered = q.selectFrom("auditLog")
      if (query.actorUserId !== undefined)
        filtered = filtered.where("actorUserId", "=", query.actorUserId)
      if (query.action !== undefined) filtered = filtered.where("action", "=", query.action)
      if (query.subjectType !== undefined)
        filtered = filtered.where("subjectType", "=", query.subjectType)
      if (query.subjectId !== undefined)
        filtered = filtered.where("subjectId", "=", query.subjectId)
      if (query.from !== undefined) filtered = filtered.where("at", ">=", query.from)
      if (query.to !== undefined) filtered = filtered.where("at", "<=", query.to)
      const [rows, counted] = await Promise.all([
        filtered
          .selectAll()
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
      ])
      const entries = rows.map(
        (row): RecordedAuditEntry => ({
          id: row.id,
          at: row.at,
          actor: { userId: row.actorUserId, role: row.actorRole as Role },
          action: row.action,
          subject: { type: row.subjectType, id: row.subjectId },
          before: (row.before ?? null) as AuditValue,
          after: (row.after ?? null) as AuditValue,
        }),
      )
      return toPage(query.page, entries, Number(counted.total))
    })
  },
})

export const AuditLogReaderLive: Layer.Layer<AuditLogReader, never, Db> = Layer.effect(
  AuditLogReader,
  Effect.map(Db, makeAuditLogReader),
)
