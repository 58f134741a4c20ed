import {
  InsufficientSiteCredit,
  type SiteCreditEntry,
  SiteCreditLedger,
  type SiteCreditLedgerShape,
} from "@howzat/core/ports"
import { type Pence, pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { emptyPage, isUuid, normalisePage, pageOffset, toPage } from "./shared"

/** The sum of a customer's entries; 0 when there are none. */
export const balanceOf = async (q: Kysely<Database>, customerId: string): Promise<Pence> => {
  if (!isUuid(customerId)) return pence(0)
  const { total } = await q
    .selectFrom("siteCreditEntries")
    .select(sql<string>`coalesce(sum(amount_pence), 0)`.as("total"))
    .where("customerId", "=", customerId)
    .executeTakeFirstOrThrow()
  return pence(Number(total))
}

/**
 * Holds the customer's row until the transaction ends, so two checkouts of
 * one customer take turns at the balance. NO KEY UPDATE rather than UPDATE:
 * a checkout has already inserted its order, whose foreign key holds KEY
 * SHARE on the same row, and two checkouts each waiting for the other's KEY
 * SHARE would deadlock; NO KEY UPDATE still excludes the other checkout's
 * NO KEY UPDATE.
 */
/** The customer's lock: the customers row, held until the transaction ends. */
export const holdCustomer = (q: Kysely<Database>, customerId: string) =>
  q.selectFrom("customers").select("id").where("id", "=", customerId).forNoKeyUpdate().execute()

const orderRef = async (q: Kysely<Database>, orderId: string) =>
  (await q.selectFrom("orders").select("orderRef").where("id", "=", orderId).executeTakeFirst())
    ?.orderRef ?? orderId

type DebitResult = { readonly kind: "done" } | { readonly kind: "short"; readonly balance: Pence }

type ReverseResult =
  | { readonly kind: "taken"; readonly amount: Pence }
  | {
      readonly kind: "short"
      readonly refused: { customerId: string; balance: Pence; requested: Pence }
    }

const negativeAmount = (operation: string, amount: Pence) =>
  Effect.dieMessage(`${operation}: an amount of credit is never negative (${amount})`)

export const makeSiteCreditLedger = (db: Kysely<Database>): SiteCreditLedgerShape => ({
  balance: (customerId) => runQuery(db, "siteCredit.balance", (q) => balanceOf(q, customerId)),

  balanceForUpdate: (customerId) =>
    runQuery(db, "siteCredit.balanceForUpdate", async (q) => {
      if (!isUuid(customerId)) return pence(0)
      await holdCustomer(q, customerId)
      return balanceOf(q, customerId)
    }),

  debitForOrder: (customerId, orderId, amount, at) =>
    amount < 0
      ? negativeAmount("siteCredit.debitForOrder", amount)
      : amount === 0
        ? Effect.void
        : runQuery(db, "siteCredit.debitForOrder", (executor) =>
            atomically(executor, async (trx): Promise<DebitResult> => {
              await holdCustomer(trx, customerId)
              // Checked under the hold: an order debited already is left as it is,
              // whatever the balance has become since.
              const already = await trx
                .selectFrom("siteCreditEntries")
                .select("id")
                .where("orderId", "=", orderId)
                .where("reason", "=", "OrderDebit")
                .executeTakeFirst()
              if (already !== undefined) return { kind: "done" }
              const balance = await balanceOf(trx, customerId)
              if (balance < amount) return { kind: "short", balance }
              await trx
                .insertInto("siteCreditEntries")
                .values({
                  customerId,
                  amountPence: -amount,
                  reason: "OrderDebit",
                  description: `Spent on order ${await orderRef(trx, orderId)}`,
                  orderId,
                  createdAt: at,
                })
                .onConflict((oc) =>
                  oc.columns(["orderId", "reason"]).where("orderId", "is not", null).doNothing(),
                )
                .execute()
              return { kind: "done" }
            }),
          ).pipe(
            Effect.flatMap((result) =>
              result.kind === "short"
                ? Effect.fail(
                    new InsufficientSiteCredit({
                      customerId,
                      balance: result.balance,
                      requested: amount,
                    }),
                  )
                : Effect.void,
            ),
          ),

  refundOrder: (orderId, at) =>
    runQuery(db, "siteCredit.refundOrder", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(orderId)) return pence(0)
        const debit = await trx
          .selectFrom("siteCreditEntries")
          .select(["customerId", "amountPence"])
          .where("orderId", "=", orderId)
          .where("reason", "=", "OrderDebit")
          .executeTakeFirst()
        if (debit === undefined) return pence(0)
        // A second refund (a retried cancel) meets the unique index and gives nothing.
        const refunded = await trx
          .insertInto("siteCreditEntries")
          .values({
            customerId: debit.customerId,
            amountPence: -debit.amountPence,
            reason: "OrderRefund",
            description: `Given back from order ${await orderRef(trx, orderId)}`,
            orderId,
            createdAt: at,
          })
          .onConflict((oc) =>
            oc.columns(["orderId", "reason"]).where("orderId", "is not", null).doNothing(),
          )
          .returning("amountPence")
          .executeTakeFirst()
        return pence(refunded?.amountPence ?? 0)
      }),
    ),

  refundedFor: (orderId) =>
    runQuery(db, "siteCredit.refundedFor", async (q) => {
      if (!isUuid(orderId)) return pence(0)
      const refund = await q
        .selectFrom("siteCreditEntries")
        .select("amountPence")
        .where("orderId", "=", orderId)
        .where("reason", "=", "OrderRefund")
        .executeTakeFirst()
      return pence(refund?.amountPence ?? 0)
    }),

  refundedForOrders: (orderIds) =>
    runQuery(db, "siteCredit.refundedForOrders", async (q) => {
      const refunded = new Map<string, Pence>(orderIds.map((orderId) => [orderId, pence(0)]))
      const ids = [...new Set(orderIds.filter(isUuid))]
      if (ids.length === 0) return refunded
      // At most one refund line per order (site_credit_entries_once_per_order).
      const rows = await q
        .selectFrom("siteCreditEntries")
        .select(["orderId", "amountPence"])
        .where("orderId", "=", sql<string>`any(${ids}::uuid[])`)
        .where("reason", "=", "OrderRefund")
        .execute()
      for (const row of rows) {
        if (row.orderId !== null) refunded.set(row.orderId, pence(row.amountPence))
      }
      return refunded
    }),

  grant: (customerId, amount, description, at) =>
    amount < 0
      ? negativeAmount("siteCredit.grant", amount)
      : amount === 0
        ? Effect.void
        : runQuery(db, "siteCredit.grant", async (q) => {
            await q
              .insertInto("siteCreditEntries")
              .values({
                customerId,
                amountPence: amount,
                reason: "Grant",
                description,
                createdAt: at,
              })
              .execute()
          }),

  creditInstantWin: (customerId, credit, at) =>
    credit.amount <= 0
      ? Effect.dieMessage(
          `siteCredit.creditInstantWin: a prize is worth something (${credit.amount})`,
        )
      : runQuery(db, "siteCredit.creditInstantWin", async (q) => {
          // A second credit for the ticket (a replay, a racer) meets the unique index.
          const inserted = await q
            .insertInto("siteCreditEntries")
            .values({
              customerId,
              amountPence: credit.amount,
              reason: "InstantWin",
              description: credit.description,
              instantWinTicketId: credit.instantWinTicketId,
              createdAt: at,
            })
            .onConflict((oc) =>
              oc
                .column("instantWinTicketId")
                .where("instantWinTicketId", "is not", null)
                .doNothing(),
            )
            .returning("id")
            .executeTakeFirst()
          return inserted !== undefined
        }),

  creditForPurchase: (customerId, orderId, amount, description, at) =>
    amount <= 0
      ? Effect.dieMessage(
          `siteCredit.creditForPurchase: credit bought is worth something (${amount})`,
        )
      : runQuery(db, "siteCredit.creditForPurchase", async (q) => {
          // A second credit for the order (a webhook racing the return page) meets the unique index.
          const inserted = await q
            .insertInto("siteCreditEntries")
            .values({
              customerId,
              amountPence: amount,
              reason: "Purchase",
              description,
              orderId,
              createdAt: at,
            })
            .onConflict((oc) =>
              oc.columns(["orderId", "reason"]).where("orderId", "is not", null).doNothing(),
            )
            .returning("id")
            .executeTakeFirst()
          return inserted !== undefined
        }),

  reversePurchase: (orderId, at) =>
    runQuery(db, "siteCredit.reversePurchase", (executor) =>
      atomically(executor, async (trx): Promise<ReverseResult> => {
        if (!isUuid(orderId)) return { kind: "taken", amount: pence(0) }
        const bought = await trx
          .selectFrom("siteCreditEntries")
          .select(["customerId", "amountPence"])
          .where("orderId", "=", orderId)
          .where("reason", "=", "Purchase")
          .executeTakeFirst()
        if (bought === undefined) return { kind: "taken", amount: pence(0) }
        // Under the hold, so a checkout cannot spend the credit while it is taken back.
        await holdCustomer(trx, bought.customerId)
        const reversed = await trx
          .selectFrom("siteCreditEntries")
          .select("id")
          .where("orderId", "=", orderId)
          .where("reason", "=", "PurchaseReversal")
          .executeTakeFirst()
        if (reversed !== undefined) return { kind: "taken", amount: pence(0) }
        const balance = await balanceOf(trx, bought.customerId)
        if (balance < bought.amountPence) {
          const requested = pence(bought.amountPence)
          return { kind: "short", refused: { customerId: bought.customerId, balance, requested } }
        }
        await trx
          .insertInto("siteCreditEntries")
          .values({
            customerId: bought.customerId,
            amountPence: -bought.amountPence,
            reason: "PurchaseReversal",
            description: `Taken back: order ${await orderRef(trx, orderId)} refunded`,
            orderId,
            createdAt: at,
          })
          .execute()
        return { kind: "taken", amount: pence(bought.amountPence) }
      }),
    ).pipe(
      Effect.flatMap((result) =>
        result.kind === "short"
          ? Effect.fail(new InsufficientSiteCredit(result.refused))
          : Effect.succeed(result.amount),
      ),
    ),

  entries: (customerId, page) =>
    runQuery(db, "siteCredit.entries", async (q) => {
      if (!isUuid(customerId)) return emptyPage<SiteCreditEntry>(page)
      const own = q.selectFrom("siteCreditEntries").where("customerId", "=", customerId)
      const [rows, counted] = await Promise.all([
        own
          .select(["createdAt", "description", "amountPence", "reason"])
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(page).pageSize)
          .offset(pageOffset(page))
          .execute(),
        own.select(sql<string>`count(*)`.as("total")).executeTakeFirstOrThrow(),
      ])
      return toPage(
        page,
        rows.map(
          (row): SiteCreditEntry => ({
            at: row.createdAt,
            description: row.description,
            amount: pence(row.amountPence),
            reason: row.reason,
          }),
        ),
        Number(counted.total),
      )
    }),
})

export const SiteCreditLedgerLive: Layer.Layer<SiteCreditLedger, never, Db> = Layer.effect(
  SiteCreditLedger,
  Effect.map(Db, makeSiteCreditLedger),
)
