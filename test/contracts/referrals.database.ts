import { ReferralRepo } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { makeMigrator, makeSiteCreditLedger } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeReferralRepo,
  migrateToLatest,
  newBasket,
  newCustomer,
  NOW as ORDERS_NOW,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOW, type ReferralsWorld } from "./referrals.contract"

/**
 * The referrals contract's world on a real database (PGlite or PostgreSQL):
 * customers, orders with their lines and payment, and the ledger's
 * referral-reward entries, written and read straight from the tables.
 */
export const referralsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ReferralsWorld> => {
    const { db, close } = await open()
    const competitionId = await competitionOnSale(db)
    return {
      layer: Layer.succeed(ReferralRepo, makeReferralRepo(db)),
      newCustomer: async (customer = {}) => {
        const customerId = await newCustomer(db)
        const { userId } = await db
          .updateTable("customers")
          .set({
            ...(customer.dateOfBirth === undefined ? {} : { dateOfBirth: customer.dateOfBirth }),
            ...(customer.telephoneNumber === undefined
              ? {}
              : { telephoneNumber: customer.telephoneNumber }),
            billingLine1: customer.billing?.line1 ?? null,
            billingPostCode: customer.billing?.postCode ?? null,
            shippingLine1: customer.shipping?.line1 ?? null,
            shippingPostCode: customer.shipping?.postCode ?? null,
          })
          .where("id", "=", customerId)
          .returning("userId")
          .executeTakeFirstOrThrow()
        const names = {
          ...(customer.firstName === undefined ? {} : { firstName: customer.firstName }),
          ...(customer.lastName === undefined ? {} : { lastName: customer.lastName }),
          ...(customer.email === undefined ? {} : { email: customer.email }),
        }
        if (Object.keys(names).length > 0) {
          await db.updateTable("users").set(names).where("id", "=", userId).execute()
        }
        return customerId
      },
      placeOrder: async (customerId, order) => {
        const basketId = await newBasket(db, customerId)
        const { id: orderId } = await db
          .insertInto("orders")
          .values({
            basketId,
            customerId,
            status: order.status,
            itemTotalPence: order.itemTotal,
            discountTotalPence: order.discountTotal,
            donationPence: order.donation,
            siteCreditDebitPence: 0,
            orderTotalPence: order.orderTotal,
            createdAt: ORDERS_NOW,
            expiresAt: new Date(ORDERS_NOW.getTime() + 3_600_000),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        for (const lineTotal of order.lineTotals) {
          await db
            .insertInto("orderLines")
            .values({
              orderId,
              competitionId,
              quantityRequested: 1,
              quantity: 1,
              unitPricePence: lineTotal,
              preDiscountTotalPence: lineTotal,
              lineTotalPence: lineTotal,
            })
            .execute()
        }
        await db
          .insertInto("payments")
          .values({
            orderId,
            amountPence: order.orderTotal,
            status: "Succeeded",
            provider: "sandbox",
            providerReference: `ref-${orderId}`,
            clientToken: null,
            failureDetail: null,
            cardFingerprint: order.cardFingerprint,
          })
          .execute()
      },
      rewardsOf: async (customerId) =>
        (
          await db
            .selectFrom("siteCreditEntries")
            .select(["amountPence", "description"])
            .where("customerId", "=", customerId)
            .where("reason", "=", "ReferralReward")
            .execute()
        ).map((row) => ({ amount: row.amountPence, description: row.description })),
      close,
    }
  }

/**
 * Referrals' tables on a real database (PGlite and PostgreSQL): the ledger
 * refuses a second reward entry whoever writes it, and the migration rolls
 * back. Run after the contract on its database: the last test rewinds the
 * schema.
 */
export const referralsInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    const referred = async () => {
      const repo = makeReferralRepo(db())
      const friend = await newCustomer(db())
      const referrer = await newCustomer(db())
      await run(repo.record({ friendCustomerId: friend, referrerCustomerId: referrer, at: NOW }))
      const referral = await run(repo.referralOfForUpdate(friend))
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

    it("keeps a refusal whole and apart from a reward, even written by hand", async () => {
      const { referral } = await referred()
      const set = (values: {
        refusedAt?: Date | null
        refusedBecause?: string | null
        rewardedAt?: Date | null
      }) => db().updateTable("referrals").set(values).where("id", "=", referral.id).execute()
      await expect(set({ refusedAt: NOW })).rejects.toThrow()
      await expect(set({ refusedAt: NOW, refusedBecause: "Card,Shoe size" })).rejects.toThrow()
      await set({ refusedAt: NOW, refusedBecause: "Card,Telephone" })
      await expect(set({ rewardedAt: NOW })).rejects.toThrow()
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
