import {
  type ContactMessage,
  ContactMessageStore,
  type ContactMessageStoreShape,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { Db } from "../database"
import type { ContactMessagesTable, Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid, normalisePage, pageOffset, toPage } from "./shared"

const columns = [
  "id",
  "firstName",
  "lastName",
  "email",
  "telephoneNumber",
  "message",
  "createdAt",
  "handledAt",
  "handledBy",
] as const

const toMessage = (row: Selectable<ContactMessagesTable>): ContactMessage => ({ ...row })

/** The contact form's messages (decision 0037); writes join the caller's transaction. */
export const makeContactMessageStore = (db: Kysely<Database>): ContactMessageStoreShape => ({
  insert: (form, at) =>
    runQuery(db, "contactMessages.insert", (q) =>
      q
        .insertInto("contactMessages")
        .values({
          firstName: form.firstName,
          lastName: form.lastName,
          email: form.email,
          telephoneNumber: form.telephoneNumber,
          message: form.message,
          createdAt: at,
        })
        .returning(columns)
        .executeTakeFirstOrThrow()
        .then(toMessage),
    ),
  list: (query) =>
    runQuery(db, "contactMessages.list", async (q) => {
      let chosen = q.selectFrom("contactMessages")
      if (query.unhandledOnly) chosen = chosen.where("handledAt", "is", null)
      const [rows, total] = await Promise.all([
        chosen
          .select(columns)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        chosen.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      ])
      return toPage(query.page, rows.map(toMessage), Number(total.n))
    }),
  held: (id) =>
    runQuery(db, "contactMessages.held", async (q) => {
      if (!isUuid(id)) return null
      const row = await q
        .selectFrom("contactMessages")
        .select(columns)
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst()
      return row === undefined ? null : toMessage(row)
    }),
  setHandled: (id, handled) =>
    runQuery(db, "contactMessages.setHandled", (q) =>
      q
        .updateTable("contactMessages")
        .set({ handledAt: handled?.at ?? null, handledBy: handled?.by ?? null })
        .where("id", "=", id)
        .returning(columns)
        .executeTakeFirstOrThrow()
        .then(toMessage),
    ),
})

export const ContactMessageStoreLive: Layer.Layer<ContactMessageStore, never, Db> = Layer.effect(
  ContactMessageStore,
  Effect.map(Db, makeContactMessageStore),
)
