import { type Referral, ReferralRepo, type ReferralRepoShape } from "@howzat/core/ports"
import { type PostalAddress, pence, type ReferralOrder } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

const addressOf = (line1: string | null, postCode: string | null): PostalAddress | null =>
  line1 === null || postCode === null ? null : { line1, postCode }

const toReferral = (row: {
  id: string
  friendCustomerId: string
  referrerCustomerId: string
  joinedAt: Date
  rewardedAt: Date | null
  refusedAt: Date | null
}): Referral => ({ ...row })

const creditReward = (
  q: Kysely<Database>,
  referralId: string,
  customerId: string,
  credit: { readonly amount: number; readonly description: string },
  at: Date,
) =>
  q
    .insertInto("siteCreditEntries")
    .values({
      customerId,
      amountPence: credit.amount,
      reason: "ReferralReward",
      description: credit.description,
      referralId,
      createdAt: at,
    })
    .onConflict((oc) =>
      oc.columns(["referralId", "customerId"]).where("referralId", "is not", null).doNothing(),
    )
    .execute()

export const makeReferralRepo = (db: Kysely<Database>): ReferralRepoShape => ({
  codeOf: (customerId) =>
    runQuery(db, "referrals.codeOf", async (q) => {
      if (!isUuid(customerId)) return undefined
      const row = await q
        .selectFrom("referralCodes")
        .select("code")
        .where("customerId", "=", customerId)
        .executeTakeFirst()
      return row?.code
    }),

  assignCode: (customerId, code) =>
    runQuery(db, "referrals.assignCode", (executor) =>
      atomically(executor, async (trx) => {
        // Two tabs asking at once: the customer's key decides, and both read the winner.
        const inserted = await trx
          .insertInto("referralCodes")
          .values({ customerId, code })
          .onConflict((oc) => oc.doNothing())
          .returning("code")
          .executeTakeFirst()
        if (inserted !== undefined) return inserted.code
        const held = await trx
          .selectFrom("referralCodes")
          .select("code")
          .where("customerId", "=", customerId)
          .executeTakeFirst()
        // Nothing held: the code was another customer's, so the caller draws again.
        return held?.code
      }),
    ),

  customerByCode: (code) =>
    runQuery(db, "referrals.customerByCode", async (q) => {
      const row = await q
        .selectFrom("referralCodes")
        .select("customerId")
        .where("code", "=", code)
        .executeTakeFirst()
      return row?.customerId
    }),

  record: ({ friendCustomerId, referrerCustomerId, at }) =>
    runQuery(db, "referrals.record", async (q) => {
      await q
        .insertInto("referrals")
        .values({ friendCustomerId, referrerCustomerId, joinedAt: at })
        .onConflict((oc) => oc.column("friendCustomerId").doNothing())
        .execute()
    }),

  referralOfForUpdate: (friendCustomerId) =>
    runQuery(db, "referrals.referralOfForUpdate", async (q) => {
      if (!isUuid(friendCustomerId)) return undefined
      const row = await q
        .selectFrom("referrals")
        .select([
          "id",
          "friendCustomerId",
          "referrerCustomerId",
          "joinedAt",
          "rewardedAt",
          "refusedAt",
        ])
        .where("friendCustomerId", "=", friendCustomerId)
        .forUpdate()
        .executeTakeFirst()
      return row === undefined ? undefined : toReferral(row)
    }),

  reward: (referral, amounts, at) =>
    runQuery(db, "referrals.reward", (executor) =>
      atomically(executor, async (trx) => {
        // The first to mark it pays; a racer (or a retry) finds it marked and pays nothing.
        const marked = await trx
          .updateTable("referrals")
          .set({ rewardedAt: at })
          .where("id", "=", referral.id)
          .where("rewardedAt", "is", null)
          // A refused referral is settled: it pays nothing, however the caller came to ask.
          .where("refusedAt", "is", null)
          .returning("id")
          .executeTakeFirst()
        if (marked === undefined) return false
        await creditReward(trx, referral.id, referral.friendCustomerId, amounts.friend, at)
        await creditReward(trx, referral.id, referral.referrerCustomerId, amounts.referrer, at)
        return true
      }),
    ),

  refuse: (referral, matches, at) =>
    runQuery(db, "referrals.refuse", async (q) => {
      const marked = await q
        .updateTable("referrals")
        .set({ refusedAt: at, refusedBecause: matches.join(",") })
        .where("id", "=", referral.id)
        .where("rewardedAt", "is", null)
        .where("refusedAt", "is", null)
        .returning("id")
        .executeTakeFirst()
      return marked !== undefined
    }),

  friendsOf: (referrerCustomerId) =>
    runQuery(db, "referrals.friendsOf", async (q) => {
      if (!isUuid(referrerCustomerId)) return []
      const rows = await q
        .selectFrom("referrals")
        .innerJoin("customers", "customers.id", "referrals.friendCustomerId")
        .innerJoin("users", "users.id", "customers.userId")
        .select([
          "users.firstName",
          "referrals.joinedAt",
          "referrals.rewardedAt",
          "referrals.refusedAt",
        ])
        .where("referrals.referrerCustomerId", "=", referrerCustomerId)
        .orderBy("referrals.joinedAt", "desc")
        .orderBy("referrals.id", "desc")
        .execute()
      return rows.map((row) => ({
        firstName: row.firstName,
        joinedAt: row.joinedAt,
        rewarded: row.rewardedAt !== null,
        refused: row.refusedAt !== null,
      }))
    }),

  identityOf: (customerId) =>
    runQuery(db, "referrals.identityOf", async (q) => {
      if (!isUuid(customerId)) return undefined
      const customer = await q
        .selectFrom("customers")
        .innerJoin("users", "users.id", "customers.userId")
        .select([
          "users.firstName",
          "users.lastName",
          "users.email",
          // A date read as text: a JavaScript Date would move it to the server's time zone.
          sql<string>`customers.date_of_birth::text`.as("dateOfBirth"),
          "customers.telephoneNumber",
          "customers.billingLine1",
          "customers.billingPostCode",
          "customers.shippingLine1",
          "customers.shippingPostCode",
        ])
        .where("customers.id", "=", customerId)
        .executeTakeFirst()
      if (customer === undefined) return undefined
      const cards = await q
        .selectFrom("payments")
        .innerJoin("orders", "orders.id", "payments.orderId")
        .select("payments.cardFingerprint")
        .distinct()
        .where("orders.customerId", "=", customerId)
        .where("payments.cardFingerprint", "is not", null)
        .execute()
      return {
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        dateOfBirth: customer.dateOfBirth,
        telephoneNumber: customer.telephoneNumber,
        addresses: [
          addressOf(customer.billingLine1, customer.billingPostCode),
          addressOf(customer.shippingLine1, customer.shippingPostCode),
        ],
        cardFingerprints: cards.flatMap((row) =>
          row.cardFingerprint === null ? [] : [row.cardFingerprint],
        ),
      }
    }),

  ordersOf: (customerId) =>
    runQuery(db, "referrals.ordersOf", async (q) => {
      if (!isUuid(customerId)) return []
      // Ticket spend is what the competition lines came to after every discount:
      // an order without competition lines (site credit bought) spends nothing.
      const rows = await q
        .selectFrom("orders")
        .select([
          "orders.status",
          "orders.itemTotalPence",
          "orders.discountTotalPence",
          "orders.donationPence",
          "orders.orderTotalPence",
          sql<string>`(select coalesce(sum(l.line_total_pence), 0) from order_lines l where l.order_id = orders.id)`.as(
            "linesTotal",
          ),
        ])
        .where("orders.customerId", "=", customerId)
        .execute()
      return rows.map(
        (row): ReferralOrder => ({
          status: row.status,
          ticketSpend: pence(
            Math.max(
              0,
              Math.min(Number(row.linesTotal), row.itemTotalPence - row.discountTotalPence),
            ),
          ),
          paidByCard: pence(row.orderTotalPence),
          donation: pence(row.donationPence),
        }),
      )
    }),

  hasPaidOrder: (customerId) =>
    runQuery(db, "referrals.hasPaidOrder", async (q) => {
      if (!isUuid(customerId)) return false
      // Completed with money taken: a free entry (nothing to pay) is not a purchase.
      const row = await q
        .selectFrom("orders")
        .select("id")
        .where("customerId", "=", customerId)
        .where("status", "=", "Completed")
        .where("orderTotalPence", ">", 0)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    }),

  invitedSince: (mailbox, since) =>
    runQuery(db, "referrals.invitedSince", async (q) => {
      const row = await q
        .selectFrom("referralInvitations")
        .select("id")
        .where("mailboxHash", "=", mailbox)
        .where("sentAt", ">=", since)
        .executeTakeFirst()
      return row !== undefined
    }),

  recordInvitation: ({ inviterCustomerId, mailbox, at }) =>
    runQuery(db, "referrals.recordInvitation", async (q) => {
      await q
        .insertInto("referralInvitations")
        .values({ inviterCustomerId, mailboxHash: mailbox, sentAt: at })
        .execute()
    }),
})

export const ReferralRepoLive: Layer.Layer<ReferralRepo, never, Db> = Layer.effect(
  ReferralRepo,
  Effect.map(Db, makeReferralRepo),
)
