import {
  type Complaint,
  type ComplaintHistoryEntry,
  ComplaintStore,
  type ComplaintStoreShape,
} from "@howzat/core/ports"
import type { ComplaintCategory } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { ComplaintStepsTable, ComplaintsTable, Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid, normalisePage, pageOffset, toPage } from "./shared"

const columns = [
  "id",
  "reference",
  "source",
  "customerId",
  "name",
  "email",
  "orderNumber",
  "category",
  "description",
  "status",
  "receivedAt",
  "updatedAt",
] as const

const toComplaint = (
  row: Pick<Selectable<ComplaintsTable>, (typeof columns)[number]>,
  steps: readonly Pick<Selectable<ComplaintStepsTable>, "at" | "status" | "note" | "byUserId">[],
): Complaint => ({
  ...row,
  category: row.category as ComplaintCategory,
  history: steps.map(
    (s): ComplaintHistoryEntry => ({ at: s.at, status: s.status, note: s.note, by: s.byUserId }),
  ),
})

const withHistory = async (q: Kysely<Database>, row: Selectable<ComplaintsTable> | undefined) => {
  if (row === undefined) return null
  const steps = await q
    .selectFrom("complaintSteps")
    .select(["at", "status", "note", "byUserId"])
    .where("complaintId", "=", row.id)
    .orderBy("seq")
    .execute()
  return toComplaint(row, steps)
}

/** Complaints and their steps (decision 0044); writes join the caller's transaction. */
export const makeComplaintStore = (db: Kysely<Database>): ComplaintStoreShape => ({
  insert: (c) =>
    runQuery(db, "complaints.insert", async (q) => {
      // On conflict do nothing: a unique violation would abort the caller's transaction.
      const row = await q
        .insertInto("complaints")
        .values({
          reference: c.reference,
          source: c.source,
          customerId: c.customerId,
          name: c.form.name,
          email: c.form.email,
          orderNumber: c.form.orderNumber,
          category: c.form.category,
          description: c.form.description,
          status: "Received",
          receivedAt: c.at,
          updatedAt: c.at,
        })
        .onConflict((oc) => oc.column("reference").doNothing())
        .returning(columns)
        .executeTakeFirst()
      if (row === undefined) return null
      const step = { at: c.at, status: "Received" as const, note: null, byUserId: c.loggedBy }
      await q
        .insertInto("complaintSteps")
        .values({ complaintId: row.id, ...step })
        .execute()
      return toComplaint(row, [step])
    }),
  list: (query) =>
    runQuery(db, "complaints.list", async (q) => {
      let chosen = q.selectFrom("complaints")
      if (query.status !== undefined) chosen = chosen.where("status", "=", query.status)
      const [rows, total] = await Promise.all([
        chosen
          .select(columns)
          .orderBy("receivedAt", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        chosen.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      ])
      return toPage(
        query.page,
        rows.map((row) => toComplaint(row, [])),
        Number(total.n),
      )
    }),
  byId: (id) =>
    runQuery(db, "complaints.byId", async (q) =>
      isUuid(id)
        ? withHistory(
            q,
            await q.selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirst(),
          )
        : null,
    ),
  held: (id) =>
    runQuery(db, "complaints.held", async (q) =>
      isUuid(id)
        ? withHistory(
            q,
            await q
              .selectFrom("complaints")
              .selectAll()
              .where("id", "=", id)
              .forUpdate()
              .executeTakeFirst(),
          )
        : null,
    ),
  addStep: (id, step) =>
    runQuery(db, "complaints.addStep", async (q) => {
      await q
        .insertInto("complaintSteps")
        .values({
          complaintId: id,
          at: step.at,
          status: step.status,
          note: step.note,
          byUserId: step.by,
        })
        .execute()
      const row = await q
        .updateTable("complaints")
        .set({ status: step.status, updatedAt: step.at })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return (await withHistory(q, row)) as Complaint
    }),
  orderOwner: (reference) =>
    runQuery(
      db,
      "complaints.orderOwner",
      async (q) =>
        (await q
          .selectFrom("orders as o")
          .innerJoin("customers as c", "c.id", "o.customerId")
          .innerJoin("users as u", "u.id", "c.userId")
          .select(["o.customerId", "u.email"])
          .where("o.orderRef", "=", reference)
          .executeTakeFirst()) ?? null,
    ),
})

export const ComplaintStoreLive: Layer.Layer<ComplaintStore, never, Db> = Layer.effect(
  ComplaintStore,
  Effect.map(Db, makeComplaintStore),
)
