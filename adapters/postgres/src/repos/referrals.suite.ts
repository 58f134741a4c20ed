import { pence } from "@howzat/core/rules/money"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeMigrator, migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { competitionOnSale, NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makeReferralRepo } from "./referrals"
import { makeSiteCreditLedger } from "./site-credit"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const HOUR = 3_600_000

/**
 * Referrals on a real database (PGlite and PostgreSQL): codes unique per
 * customer and across customers, one referral per friend and never oneself,
 * the reward paid once per referral on the ledger however often it is
 * asked, and the facts the reward rule reads.
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

    const words = {
      friend: { amount: pence(500), description: "Referral reward: welcome" },
      referrer: { amount: pence(500), description: "Referral reward: a friend" },
    }

    it("gives each customer one code, and no code to two customers", async () => {
      const a = await newCustomer(db())
      const b = await newCustomer(db())
      const code = `T${a.replace(/-/g, "").slice(0, 7).toUpperCase()}`
      expect(await run(repo().assignCode(a, code))).toBe(code)
      // Asked again with another code: the customer keeps the first.
      expect(await run(repo().assignCode(a, "OTHERCOD"))).toBe(code)
      expect(await run(repo().assignCode(b, code))).toBeUndefined()
      expect(await run(repo().customerByCode(code))).toBe(a)
      expect(await run(repo().codeOf(b))).toBeUndefined()
    })

    it("records one referral per friend and never a customer referring themselves", async () => {
      const { friend, referrer } = await referred()
      const other = await newCustomer(db())
      await run(repo().record({ friendCustomerId: friend, referrerCustomerId: other, at: NOW }))
      expect((await run(repo().referralOfForUpdate(friend)))?.referrerCustomerId).toBe(referrer)
      await expect(
        run(repo().record({ friendCustomerId: other, referrerCustomerId: other, at: NOW })),
      ).rejects.toThrow()
    })

    it("pays the reward once, to both, however often it is asked", async () => {
      const { friend, referrer, referral } = await referred()
      const answers = await Promise.all([
        run(repo().reward(referral, words, NOW)),
        run(repo().reward(referral, words, NOW)),
      ])
      expect(answers.filter(Boolean)).toHaveLength(1)
      expect(await run(repo().reward(referral, words, NOW))).toBe(false)
      const ledger = makeSiteCreditLedger(db())
      expect(await run(ledger.balance(friend))).toBe(500)
      expect(await run(ledger.balance(referrer))).toBe(500)
      const entries = await run(ledger.entries(referrer, { pageNumber: 1, pageSize: 10 }))
      expect(entries.items.map((e) => [e.reason, e.description])).toEqual([
        ["ReferralReward", "Referral reward: a friend"],
      ])
      expect(await run(repo().friendsOf(referrer))).toEqual([
        expect.objectContaining({ rewarded: true, joinedAt: NOW }),
      ])
    })

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

    it("reads the friend's orders as ticket spend, card money and round-up", async () => {
      const customer = await newCustomer(db())
      const competitionId = await competitionOnSale(db())
      const basketId = await newBasket(db(), customer)
      const { id: orderId } = await db()
        .insertInto("orders")
        .values({
          basketId,
          customerId: customer,
          status: "Completed",
          itemTotalPence: 700,
          discountTotalPence: 100,
          donationPence: 40,
          siteCreditDebitPence: 0,
          orderTotalPence: 640,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      await db()
        .insertInto("orderLines")
        .values({
          orderId,
          competitionId,
          quantityRequested: 7,
          quantity: 7,
          unitPricePence: 100,
          preDiscountTotalPence: 700,
          lineTotalPence: 600,
        })
        .execute()
      await db()
        .insertInto("payments")
        .values({
          orderId,
          amountPence: 640,
          status: "Succeeded",
          provider: "sandbox",
          providerReference: `ref-${orderId}`,
          clientToken: null,
          failureDetail: null,
          cardFingerprint: "fp-1",
        })
        .execute()
      await db()
        .updateTable("customers")
        .set({ billingLine1: "1 Long Lane", billingPostCode: "AB1 2CD" })
        .where("id", "=", customer)
        .execute()
      expect(await run(repo().ordersOf(customer))).toEqual([
        { status: "Completed", ticketSpend: 600, paidByCard: 640, donation: 40 },
      ])
      expect(await run(repo().identityOf(customer))).toMatchObject({
        addresses: [{ line1: "1 Long Lane", postCode: "AB1 2CD" }, null],
        cardFingerprints: ["fp-1"],
      })
    })

    it("remembers invitations by mailbox for a week", async () => {
      const inviter = await newCustomer(db())
      const mailbox = `hash-${inviter}`
      expect(await run(repo().invitedSince(mailbox, new Date(NOW.getTime() - HOUR)))).toBe(false)
      await run(repo().recordInvitation({ inviterCustomerId: inviter, mailbox, at: NOW }))
      expect(await run(repo().invitedSince(mailbox, new Date(NOW.getTime() - HOUR)))).toBe(true)
      expect(await run(repo().invitedSince(mailbox, new Date(NOW.getTime() + HOUR)))).toBe(false)
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
