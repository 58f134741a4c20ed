import { randomUUID } from "node:crypto"
import type { NewComplaint } from "@howzat/core/ports/complaints"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeComplaintStore } from "./complaints"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

let counter = 0
const complaint = (overrides: Partial<NewComplaint> = {}): NewComplaint => {
  counter += 1
  return {
    form: {
      name: "Ann Smith",
      email: "ann@example.com",
      orderNumber: "",
      category: "Account",
      description: `Complaint ${counter}\nsecond line — £5`,
    },
    reference: `HZC-2026-${String(counter).padStart(6, "0")}`,
    source: "Form",
    customerId: null,
    at: new Date(Date.parse("2026-11-25T10:00:00Z") + counter * 60_000),
    loggedBy: null,
    ...overrides,
  }
}

/**
 * Complaints on a real database (PGlite and PostgreSQL): stored with their
 * first step, a taken reference answered with null (not an aborted
 * transaction), steps appended under the row's lock, and the list's filter.
 */
export const complaintsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const store = () => makeComplaintStore(database.db)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("stores a complaint as typed, Received, with its first step", async () => {
      const staff = randomUUID()
      const made = await run(store().insert(complaint({ source: "Email", loggedBy: staff })))
      expect(made).toMatchObject({ status: "Received", source: "Email", customerId: null })
      expect(made?.history).toEqual([
        { at: made?.receivedAt, status: "Received", note: null, by: staff },
      ])
      expect(await run(store().byId(made?.id ?? ""))).toEqual(made)
    })

    it("answers a taken reference with null and the transaction carries on", async () => {
      const first = complaint()
      await run(store().insert(first))
      const transactions = makeTransactions(database.db)
      const result = await run(
        transactions.within(
          Effect.gen(function* () {
            const clash = yield* store().insert(complaint({ reference: first.reference }))
            const next = yield* store().insert(complaint())
            return { clash, next }
          }),
        ),
      )
      expect(result.clash).toBeNull()
      expect(result.next?.reference).toMatch(/^HZC-2026-/)
    })

    it("adds steps under the lock; the status is the last step's", async () => {
      const made = await run(store().insert(complaint()))
      const staff = randomUUID()
      const at = new Date("2026-11-26T09:00:00Z")
      const after = await run(
        makeTransactions(database.db).within(
          Effect.gen(function* () {
            const held = yield* store().held(made?.id ?? "")
            expect(held?.status).toBe("Received")
            yield* store().addStep(made?.id ?? "", {
              at,
              status: "InProgress",
              note: "On it",
              by: staff,
            })
            return yield* store().addStep(made?.id ?? "", {
              at: new Date(at.getTime() + 1000),
              status: "Resolved",
              note: "Done",
              by: staff,
            })
          }),
        ),
      )
      expect(after.status).toBe("Resolved")
      expect(after.history.map((h) => [h.status, h.note])).toEqual([
        ["Received", null],
        ["InProgress", "On it"],
        ["Resolved", "Done"],
      ])
    })

    it("lists newest first, by status, a page at a time", async () => {
      await database.db.deleteFrom("complaints").execute()
      const made = []
      for (let i = 0; i < 4; i++) made.push(await run(store().insert(complaint())))
      await run(
        store().addStep(made[1]?.id ?? "", {
          at: new Date(),
          status: "Resolved",
          note: "x",
          by: null,
        }),
      )
      const all = await run(store().list({ page: { pageNumber: 1, pageSize: 2 } }))
      expect(all.totalCount).toBe(4)
      expect(all.items.map((c) => c.id)).toEqual([made[3]?.id, made[2]?.id])
      const received = await run(
        store().list({ status: "Received", page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(received.items.map((c) => c.id)).toEqual([made[3]?.id, made[2]?.id, made[0]?.id])
    })

    it("finds nothing for an id that isn't one, or isn't there", async () => {
      expect(await run(store().byId("not-a-uuid"))).toBeNull()
      expect(await run(store().held(randomUUID()))).toBeNull()
    })

    it("refuses what the rules never allow: a malformed reference, an unknown status", async () => {
      const bad = await run(Effect.either(store().insert(complaint({ reference: "HZC-1" }))))
      expect(bad._tag).toBe("Left")
      const made = await run(store().insert(complaint()))
      await expect(
        database.db
          .updateTable("complaints")
          .set({ status: "Lost" as "Resolved" })
          .where("id", "=", made?.id ?? "")
          .execute(),
      ).rejects.toThrow()
    })
  })
