import { pence } from "@howzat/core/rules/money"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeMigrator, migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { NOW, newCustomer } from "./orders-fixtures"
import { makeReferralRepo } from "./referrals"
import { makeSiteCreditLedger } from "./site-credit"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * Referrals' tables on a real database (PGlite and PostgreSQL): the ledger
 * refuses a second reward entry whoever writes it, and the migration rolls
 * back. What the ReferralRepo port promises (codes, one referral per friend,
 * the reward once, the facts the rule reads) is its contract, run on this
 * adapter and the in-memory one alike: test/contracts/referrals.contract.ts.
 */
export const referralsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const repo = () => makeReferralRepo(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const referred = async () => {
      const friend = await newCustomer(db())
      const referrer = await newCustomer(db())
      await run(repo().record({ friendCustomerId: friend, referrerCustomerId: referrer, at: NOW }))
      const referral = await run(repo().referralOfForUpdate(friend))
      if (referral === undefined) throw new Error("no referral")
      return { friend, referrer, referral }
    }

    it("refuses a second reward entry for a referral even written by hand", async () => {
      const { friend, referral } = await referred()
      const entry = {
        customerId: friend,
        amountPence: 500,
        reason: "ReferralReward" as const,
        description: "x",
        referralId: referral.id,
        createdAt: NOW,
      }
      await db().insertInto("siteCreditEntries").values(entry).execute()
      await expect(db().insertInto("siteCreditEntries").values(entry).execute()).rejects.toThrow()
      // The ledger's other reasons still stand beside the new one.
      await run(makeSiteCreditLedger(db()).grant(friend, pence(100), "goodwill", NOW))
      await expect(
        db()
          .insertInto("siteCreditEntries")
          .values({ ...entry, referralId: null })
          .execute(),
      ).rejects.toThrow()
    })

    // Last: it rewinds the schema. The ledger's checks are rebuilt from what they were.
    it("rolls back to the ledger's checks as they were, and forward again", async () => {
      const defs = async () =>
        (
          await db()
            .selectFrom("pg_constraint" as never)
            .select(["conname" as never, sql<string>`pg_get_constraintdef(oid)`.as("def")])
            .where("conname" as never, "in", [
              "site_credit_entries_reason_check",
              "site_credit_entries_shape",
            ] as never)
            .orderBy("conname" as never)
            .execute()
        ).map((row) => (row as { def: string }).def)
      const after = await defs()
      await db().deleteFrom("siteCreditEntries").where("reason", "=", "ReferralReward").execute()
      // To just before the referrals: later migrations come off first.
      const down = await makeMigrator(db()).migrateTo("2026-11-25T1000-site-credit-purchases")
      expect(down.error).toBeUndefined()
      const before = await defs()
      expect(before.join()).not.toContain("ReferralReward")
      expect(before.join()).not.toContain("referral_id")
      expect(before[0]).toContain("Adjustment")
      await migrateToLatest(db())
      expect((await defs()).join()).toContain("ReferralReward")
      expect(after.join()).toContain("referral_id IS NOT NULL")
    })
  })
