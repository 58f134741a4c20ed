import {
  type AuditValue,
  type RecordedResponsiblePlayEvent,
  type ResponsiblePlayEventKind,
  ResponsiblePlayEvents,
  type ResponsiblePlayEventsShape,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { Database, ResponsiblePlayEventsTable } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

const fromRow = (row: Selectable<ResponsiblePlayEventsTable>): RecordedResponsiblePlayEvent => ({
  id: row.id,
  customerId: row.customerId,
  kind: row.kind as ResponsiblePlayEventKind,
  at: row.at,
  detail: row.detail as AuditValue,
})

/** The responsible-play log: rows are only ever inserted, in the writer's transaction. */
export const makeResponsiblePlayEvents = (db: Kysely<Database>): ResponsiblePlayEventsShape => ({
  record: (event) =>
    runQuery(db, "responsiblePlayEvents.record", (q) =>
      q
        .insertInto("responsiblePlayEvents")
        .values({
          customerId: event.customerId,
          kind: event.kind,
          at: event.at,
          detail: JSON.stringify(event.detail),
        })
        .execute(),
    ).pipe(Effect.asVoid),

  forCustomer: (customerId, since) =>
    isUuid(customerId)
      ? runQuery(db, "responsiblePlayEvents.forCustomer", async (q) =>
          (
            await q
              .selectFrom("responsiblePlayEvents")
              .selectAll()
              .where("customerId", "=", customerId)
              .where("at", ">=", since)
              .orderBy("at")
              .orderBy("id")
              .execute()
          ).map(fromRow),
        )
      : Effect.succeed([]),

  ofKinds: (kinds, since) =>
    kinds.length === 0
      ? Effect.succeed([])
      : runQuery(db, "responsiblePlayEvents.ofKinds", async (q) =>
          (
            await q
              .selectFrom("responsiblePlayEvents")
              .selectAll()
              .where("kind", "in", kinds)
              .where("at", ">=", since)
              .orderBy("at")
              .orderBy("id")
              .execute()
          ).map(fromRow),
        ),
})

export const ResponsiblePlayEventsLive: Layer.Layer<ResponsiblePlayEvents, never, Db> =
  Layer.effect(ResponsiblePlayEvents, Effect.map(Db, makeResponsiblePlayEvents))
