import {
  type HarmSignalCustomer,
  HarmSignalFacts,
  type HarmSignalFactsShape,
  type ResponsiblePlayEventKind,
} from "@howzat/core/ports"
import { isSelfDealingMatch, type ReferralRefusal, reviewedKinds } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

const EVIDENCE_KINDS: readonly ResponsiblePlayEventKind[] = [
  "SpendLimitReached",
  "SpendLimitChanged",
  "PaymentDeclined",
]
const READ_KINDS: readonly ResponsiblePlayEventKind[] = [...EVIDENCE_KINDS, "HarmSignalReviewed"]

/** The matches a refusal was stored with ("Card,Telephone"); unknown words are dropped. */
const matchesOf = (text: string | null) => (text ?? "").split(",").filter(isSelfDealingMatch)

/**
 * The facts harm signals are read from (decision 0044): the responsible-play
 * log, completed orders' spend on tickets (line totals after discounts,
 * whether card or site credit paid; buying site credit is not play), card
 * payments that failed, and referrals refused because the friend matched
 * the referrer (decision 0065), on both customers.
 */
/** Items by a key, each key's in their order in `items`. */
const groupBy = <A>(items: readonly A[], key: (a: A) => string): Map<string, A[]> => {
  const groups = new Map<string, A[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group === undefined) groups.set(k, [item])
    else group.push(item)
  }
  return groups
}

/**
 * Both parties of every referral refused since `since`: a refusal is
 * evidence about the friend and the referrer alike (the facts'
 * `referralRefusals`, core/src/rules/harm-signals.ts), so each is a candidate.
 */
const refusedReferralParties = (q: Kysely<Database>, since: Date) =>
  q
    .selectFrom("referrals")
    .select("friendCustomerId as customerId")
    .where("refusedAt", ">=", since)
    .union(
      q
        .selectFrom("referrals")
        .select("referrerCustomerId as customerId")
        .where("refusedAt", ">=", since),
    )

export const makeHarmSignalFacts = (db: Kysely<Database>): HarmSignalFactsShape => ({
  candidates: (since) =>
    runQuery(db, "harmSignalFacts.candidates", async (q) => {
      const rows = await q
        .selectFrom("responsiblePlayEvents")
        .select("customerId")
        .where("kind", "in", EVIDENCE_KINDS)
        .where("at", ">=", since)
        .union(
          q
            .selectFrom("orders")
            .select("customerId")
            .where("status", "=", "Completed")
            .where("createdAt", ">=", since),
        )
        .union(
          q
            .selectFrom("payments")
            .innerJoin("orders", "orders.id", "payments.orderId")
            .select("orders.customerId")
            .where("payments.status", "=", "Failed")
            .where("payments.updatedAt", ">=", since),
        )
        .union(refusedReferralParties(q, since))
        .execute()
      return rows.map((r) => r.customerId)
    }),

  // core's mayFireHarmSignal (rules/harm-signals.ts) in SQL, held to it by
  // the port's contract (test/contracts/harm-signal-facts.contract.ts,
  // docs/decisions/0094): each kind's count in its window as the rule counts
  // (after the window's start, at or before now, never before the
  // lookback), any limit change or refused referral in the lookback, and a
  // recent week's completed orders (each at least nothing) reaching the floor.
  candidatesFor: (filter) =>
    runQuery(db, "harmSignalFacts.candidatesFor", async (q) => {
      const { since, until } = filter
      const counted = (kind: ResponsiblePlayEventKind, after: Date, count: number) =>
        q
          .selectFrom("responsiblePlayEvents")
          .select("customerId")
          .where("kind", "=", kind)
          .where("at", ">=", since)
          .where("at", ">", after)
          .where("at", "<=", until)
          .groupBy("customerId")
          .having(sql<number>`count(*)`, ">=", count)
      const orderSpend = q
        .selectFrom("orders")
        .innerJoin("orderLines", "orderLines.orderId", "orders.id")
        .select([
          "orders.customerId",
          sql<number>`greatest(0, sum(order_lines.line_total_pence))`.as("pence"),
        ])
        .where("orders.status", "=", "Completed")
        .where("orders.createdAt", ">=", since)
        .where("orders.createdAt", ">", filter.recentSpendAfter)
        .where("orders.createdAt", "<=", until)
        .groupBy(["orders.id", "orders.customerId"])
        .as("spend")
      const rows = await q
        .selectFrom("responsiblePlayEvents")
        .select("customerId")
        .where("kind", "=", "SpendLimitChanged")
        .where("at", ">=", since)
        .union(counted("SpendLimitReached", filter.limitReachedAfter, filter.limitReachedCount))
        .union(counted("PaymentDeclined", filter.declinesAfter, filter.declinesCount))
        .union(
          q
            .selectFrom(orderSpend)
            .select("spend.customerId")
            .groupBy("spend.customerId")
            .having(sql<number>`sum(spend.pence)`, ">=", filter.spendFloorPence),
        )
        .union(
          // payments_failed_idx: the few failed payments of the decline window.
          q
            .selectFrom("payments")
            .innerJoin("orders", "orders.id", "payments.orderId")
            .select("orders.customerId")
            .where("payments.status", "=", "Failed")
            .where("payments.updatedAt", ">=", since)
            .where("payments.updatedAt", ">", filter.declinesAfter)
            .where("payments.updatedAt", "<=", until)
            .groupBy("orders.customerId")
            .having(sql<number>`count(*)`, ">=", filter.declinesCount),
        )
        .union(refusedReferralParties(q, since))
        .execute()
      return rows.map((r) => r.customerId)
    }),

  factsOf: (customerIds, since) =>
    runQuery(db, "harmSignalFacts.factsOf", async (q) => {
      const ids = [...new Set(customerIds.filter(isUuid))]
      if (ids.length === 0) return new Map()
      const [customers, events, spends, failed, refused] = await Promise.all([
        q
          .selectFrom("customers")
          .innerJoin("users", "users.id", "customers.userId")
          .select(["customers.id", "users.firstName", "users.lastName", "users.email"])
          .where("customers.id", "in", ids)
          .execute(),
        q
          .selectFrom("responsiblePlayEvents")
          .select(["customerId", "kind", "at", "detail"])
          .where("customerId", "in", ids)
          .where("kind", "in", READ_KINDS)
          .where("at", ">=", since)
          .orderBy("at")
          .execute(),
        q
          .selectFrom("orders")
          .innerJoin("orderLines", "orderLines.orderId", "orders.id")
          .select([
            "orders.customerId",
            "orders.createdAt",
            sql<string>`sum(order_lines.line_total_pence)`.as("pence"),
          ])
          .where("orders.customerId", "in", ids)
          .where("orders.status", "=", "Completed")
          .where("orders.createdAt", ">=", since)
          .groupBy(["orders.id", "orders.customerId", "orders.createdAt"])
          .execute(),
        q
          .selectFrom("payments")
          .innerJoin("orders", "orders.id", "payments.orderId")
          .select(["orders.customerId", "payments.updatedAt"])
          .where("orders.customerId", "in", ids)
          .where("payments.status", "=", "Failed")
          .where("payments.updatedAt", ">=", since)
          .execute(),
        q
          .selectFrom("referrals")
          .select(["friendCustomerId", "referrerCustomerId", "refusedAt", "refusedBecause"])
          .where((eb) =>
            eb.or([eb("friendCustomerId", "in", ids), eb("referrerCustomerId", "in", ids)]),
          )
          .where("refusedAt", ">=", since)
          .execute(),
      ])
      const refusalsOf = (customerId: string, theirs: typeof refused): ReferralRefusal[] =>
        theirs.flatMap((r) => {
          if (r.refusedAt === null) return []
          const matches = matchesOf(r.refusedBecause)
          const asFriend = r.friendCustomerId === customerId
          const asReferrer = r.referrerCustomerId === customerId
          return [
            ...(asFriend
              ? [
                  {
                    at: r.refusedAt,
                    role: "Friend" as const,
                    matches,
                    otherCustomerId: r.referrerCustomerId,
                  },
                ]
              : []),
            ...(asReferrer
              ? [
                  {
                    at: r.refusedAt,
                    role: "Referrer" as const,
                    matches,
                    otherCustomerId: r.friendCustomerId,
                  },
                ]
              : []),
          ]
        })
      // Each list grouped by customer once: the window's candidates are every
      // customer who bought in it, tens of thousands in a large shop, and
      // filtering every list for each of them took minutes (docs/decisions/0090).
      const eventsOf = groupBy(events, (e) => e.customerId)
      const failedOf = groupBy(failed, (p) => p.customerId)
      const spendsOf = groupBy(spends, (s) => s.customerId)
      const refusedOf = groupBy(
        refused.flatMap((r) =>
          r.friendCustomerId === r.referrerCustomerId
            ? [{ customerId: r.friendCustomerId, r }]
            : [
                { customerId: r.friendCustomerId, r },
                { customerId: r.referrerCustomerId, r },
              ],
        ),
        (x) => x.customerId,
      )
      const facts = new Map(
        customers.map((c) => {
          const customer: HarmSignalCustomer = {
            customerId: c.id,
            name: `${c.firstName} ${c.lastName}`.trim(),
            email: c.email,
          }
          const mine = eventsOf.get(c.id) ?? []
          const ofKind = (kind: ResponsiblePlayEventKind) => mine.filter((e) => e.kind === kind)
          const reviews = ofKind("HarmSignalReviewed").map((e) => {
            const d = (typeof e.detail === "object" && e.detail !== null ? e.detail : {}) as {
              note?: unknown
              reviewedBy?: unknown
            }
            return {
              at: e.at,
              signals: reviewedKinds(e.detail),
              note: typeof d.note === "string" ? d.note : "",
              by: typeof d.reviewedBy === "string" ? d.reviewedBy : null,
            }
          })
          return [
            c.id,
            {
              customer,
              reviews,
              facts: {
                limitReached: ofKind("SpendLimitReached").map((e) => e.at),
                limitChanges: ofKind("SpendLimitChanged").map((e) => ({
                  at: e.at,
                  detail: e.detail,
                })),
                declinedEvents: ofKind("PaymentDeclined").map((e) => e.at),
                failedPayments: (failedOf.get(c.id) ?? []).map((p) => p.updatedAt),
                spends: (spendsOf.get(c.id) ?? []).map((s) => ({
                  at: s.createdAt,
                  pence: Number(s.pence),
                })),
                reviews: reviews.map(({ at, signals }) => ({ at, signals })),
                referralRefusals: refusalsOf(
                  c.id,
                  (refusedOf.get(c.id) ?? []).map((x) => x.r),
                ),
              },
            },
          ] as const
        }),
      )
      return facts
    }),
})

export const HarmSignalFactsLive: Layer.Layer<HarmSignalFacts, never, Db> = Layer.effect(
  HarmSignalFacts,
  Effect.map(Db, makeHarmSignalFacts),
)
