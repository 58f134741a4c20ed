import { randomUUID } from "node:crypto"
import type { ContactForm } from "@howzat/core/rules/contact"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeContactMessageStore } from "./contact-messages"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

const form = (message: string): ContactForm => ({
  firstName: "Ann",
  lastName: "Smith",
  email: "ann@example.com",
  telephoneNumber: "07700 900123",
  message,
})

/**
 * The contact form's messages on a real database (PGlite and PostgreSQL):
 * stored as typed, listed newest first with the unhandled filter and paging,
 * marked handled and back, and the table's own limits.
 */
export const contactMessagesSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const store = () => makeContactMessageStore(database.db)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("stores a message as typed, line breaks and all, waiting to be handled", async () => {
      const at = new Date("2026-11-25T09:00:00Z")
      const made = await run(store().insert(form("Line one\nLine two — £5 ✓"), at))
      expect(made).toMatchObject({
        ...form("Line one\nLine two — £5 ✓"),
        createdAt: at,
        handledAt: null,
        handledBy: null,
      })
      expect(await run(store().held(made.id))).toEqual(made)
    })

    it("lists newest first, only the waiting ones when asked, a page at a time", async () => {
      await database.db.deleteFrom("contactMessages").execute()
      const base = Date.parse("2026-11-25T10:00:00Z")
      const made = []
      for (let i = 0; i < 5; i++)
        made.push(await run(store().insert(form(`m${i}`), new Date(base + i * 60_000))))
      const staffId = randomUUID()
      await run(
        store().setHandled(made[3]?.id ?? "", { at: new Date(base + 600_000), by: staffId }),
      )

      const all = await run(
        store().list({ unhandledOnly: false, page: { pageNumber: 1, pageSize: 3 } }),
      )
      expect(all.items.map((m) => m.message)).toEqual(["m4", "m3", "m2"])
      expect(all.totalCount).toBe(5)
      const second = await run(
        store().list({ unhandledOnly: false, page: { pageNumber: 2, pageSize: 3 } }),
      )
      expect(second.items.map((m) => m.message)).toEqual(["m1", "m0"])
      const waiting = await run(
        store().list({ unhandledOnly: true, page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(waiting.items.map((m) => m.message)).toEqual(["m4", "m2", "m1", "m0"])
      expect(waiting.totalCount).toBe(4)
      expect(all.items[1]).toMatchObject({ handledBy: staffId })
    })

    it("marks handled and back inside a transaction, holding the row", async () => {
      const made = await run(store().insert(form("hold me"), new Date()))
      const staffId = randomUUID()
      const at = new Date("2026-11-25T11:00:00Z")
      const after = await run(
        makeTransactions(database.db).within(
          Effect.gen(function* () {
            const held = yield* store().held(made.id)
            expect(held?.handledAt).toBeNull()
            return yield* store().setHandled(made.id, { at, by: staffId })
          }),
        ),
      )
      expect(after).toMatchObject({ handledAt: at, handledBy: staffId })
      const reopened = await run(store().setHandled(made.id, null))
      expect(reopened).toMatchObject({ handledAt: null, handledBy: null })
    })

    it("finds nothing for an id that isn't one, or isn't there", async () => {
      expect(await run(store().held("not-a-uuid"))).toBeNull()
      expect(await run(store().held(randomUUID()))).toBeNull()
    })

    it("refuses what the rules never allow: an over-long message, handled by nobody", async () => {
      const tooLong = await run(Effect.either(store().insert(form("x".repeat(5001)), new Date())))
      expect(tooLong._tag).toBe("Left")
      const made = await run(store().insert(form("half handled"), new Date()))
      await expect(
        database.db
          .updateTable("contactMessages")
          .set({ handledAt: new Date() })
          .where("id", "=", made.id)
          .execute(),
      ).rejects.toThrow()
    })
  })
