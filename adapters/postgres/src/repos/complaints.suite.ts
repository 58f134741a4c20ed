import type { NewComplaint } from "@howzat/core/ports/complaints"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeComplaintStore } from "./complaints"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

const complaint = (): NewComplaint => ({
  form: {
    name: "Ann Smith",
    email: "ann@example.com",
    orderNumber: "",
    category: "Account",
    description: "A complaint",
  },
  reference: "HZC-2026-7KQ3MX",
  source: "Form",
  customerId: null,
  at: new Date("2026-11-25T10:00:00Z"),
  loggedBy: null,
})

/**
 * Complaints' table on a real database (PGlite and PostgreSQL): it refuses a
 * status the rules never name, whoever writes it. What the ComplaintStore
 * port promises is its contract, run on this adapter and the in-memory one
 * alike: test/contracts/complaints.contract.ts.
 */
export const complaintsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("refuses an unknown status written by hand", async () => {
      const made = await run(makeComplaintStore(database.db).insert(complaint()))
      await expect(
        database.db
          .updateTable("complaints")
          .set({ status: "Lost" as "Resolved" })
          .where("id", "=", made?.id ?? "")
          .execute(),
      ).rejects.toThrow()
    })
  })
