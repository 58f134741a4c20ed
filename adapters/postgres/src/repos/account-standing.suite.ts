import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeAgeVerificationRecords } from "./account-standing"
import type { SuiteDatabase } from "./catalogue.suite"
import { newCustomer } from "./orders-fixtures"

/**
 * Age checks' table on a real database: every outcome is kept as history,
 * not only the latest the port reads. What the AccountStandingStore and
 * AgeVerificationRecords ports promise is their contract, run on these
 * adapters and the in-memory ones alike: test/contracts/account-standing.contract.ts.
 */
export const accountStandingSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("keeps every age check as history", async () => {
      const ann = await newCustomer(database.db)
      const ages = makeAgeVerificationRecords(database.db)
      for (const [outcome, iso] of [
        ["Refused", "2026-11-25T12:00:00Z"],
        ["Verified", "2026-11-25T13:00:00Z"],
      ] as const) {
        await Effect.runPromise(
          ages.record({
            customerId: ann,
            method: "DeclaredDateOfBirth",
            outcome,
            reason: outcome,
            at: new Date(iso),
          }),
        )
      }
      const rows = await database.db
        .selectFrom("ageVerifications")
        .select("outcome")
        .where("customerId", "=", ann)
        .orderBy("at")
        .execute()
      expect(rows.map((row) => row.outcome)).toEqual(["Refused", "Verified"])
    })
  })
