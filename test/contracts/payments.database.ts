import { randomUUID } from "node:crypto"
import type { Payment, PaymentOutcome } from "@howzat/core/ports"
import { type Pence, pence } from "@howzat/core/rules"
import {
  type Database,
  makeOrderRepo,
  makePaymentRepo,
  makeSiteCreditLedger,
  makeTransactions,
  PaymentRepoLive,
} from "@howzat/postgres"
import { NOW, newBasket, newCustomer, newOrder } from "@howzat/postgres/testing"
import { Effect, Either, Layer } from "effect"
import { type ControlledTransaction, type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inOpenTransactions, lockWaits, raceBehind } from "../support/lock-waits"
import type { ContractDatabase } from "./harness"
import type { PaymentsSeed } from "./payments.contract"

/** The payments harness on a real database: each order a new customer's, written to the table. */
export const paymentsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: PaymentsSeed = {
    order: async (status) =>
      newOrder(db, await newCustomer(db), { status, orderTotalPence: 1_250 }),
  }
  return { layer: PaymentRepoLive.pipe(Layer.provide(dbLayer)), seed, close }
}

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** The contract's database, opened for a database-side suite, and a payment to work on. */
const opened = (open: () => Promise<ContractDatabase>) => {
  let database: ContractDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())
  const db = () => database.db
  /** A payment of £12.50 for a new customer's order in `status`, as the provider's intent made it. */
  const payment = async (status: "AwaitingPayment" | "Cancelled") =>
    run(
      makePaymentRepo(db()).record({
        orderId: await newOrder(db(), await newCustomer(db()), {
          status,
          orderTotalPence: 1_250,
        }),
        amount: pence(1_250),
        provider: "sandbox",
        providerReference: `pi_${randomUUID()}`,
        clientToken: `secret_${randomUUID()}`,
        createdAt: NOW,
      }),
    )
  /** A refund due of all of a paid payment. */
  const due = (paid: Payment) => ({
    paymentId: paid.id,
    orderId: paid.orderId,
    amount: pence(1_250),
    reason: "OrderCancelled" as const,
    at: NOW,
  })
  return { db, payment, due }
}

/**
 * What only the database shows of payments and site credit (PGlite and
 * PostgreSQL): work undone with its transaction, and the tables' checks.
 */
export const paymentsInTheDatabase = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, payment, due } = opened(open)

    it("forgets a notification whose transaction rolled back", async () => {
      const eventId = `evt_${randomUUID()}`
      const payments = makePaymentRepo(db())
      const failed = await run(
        makeTransactions(db())
          .within(
            Effect.zipRight(
              payments.rememberNotification("sandbox", eventId, NOW),
              Effect.fail("order update failed" as const),
            ),
          )
          .pipe(Effect.either),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect(await run(payments.rememberNotification("sandbox", eventId, NOW))).toBe(true)
    })

    it("refuses, in the table, a refund marked Refunded without the provider's reference", async () => {
      const made = await payment("Cancelled")
      const { payment: paid } = await run(
        makePaymentRepo(db()).settle(made.id, { status: "Succeeded" }, NOW),
      )
      await run(makePaymentRepo(db()).refundDue(due(paid)))
      await expect(
        db()
          .updateTable("paymentRefunds")
          .set({ status: "Refunded", refundedAt: NOW })
          .where("paymentId", "=", paid.id)
          .execute(),
      ).rejects.toThrow()
    })

    it("takes no site credit for a debit whose transaction rolled back", async () => {
      const customerId = await newCustomer(db())
      const orderId = await newOrder(db(), customerId)
      const ledger = makeSiteCreditLedger(db())
      await run(ledger.grant(customerId, pence(100), "Goodwill", NOW))
      const failed = await run(
        makeTransactions(db())
          .within(
            Effect.zipRight(
              ledger.debitForOrder(customerId, orderId, pence(100), NOW),
              Effect.fail("allocation failed" as const),
            ),
          )
          .pipe(Effect.either),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect(await run(ledger.balance(customerId))).toBe(100)
    })
  })

/**
 * Racing processes on PostgreSQL, each race made to happen: the first holds
 * its row in an open transaction while the others queue behind it (as
 * pg_locks shows), then lets them go. PGlite is one session, where nothing
 * races.
 */
export const paymentRacesOnPostgres = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, payment, due } = opened(open)

    it("settles once when two outcomes arrive together", async () => {
      const made = await payment("AwaitingPayment")
      const outcome = (word: PaymentOutcome) => (q: Kysely<Database>) =>
        run(makePaymentRepo(q).settle(made.id, word, NOW))
      const settled = await raceBehind(db(), outcome({ status: "Succeeded" }), [
        () => outcome({ status: "Failed", failureDetail: "declined" })(db()),
      ])
      expect(settled[0]?.payment).toEqual(settled[1]?.payment)
      expect(settled[1]?.payment.status).toBe("Succeeded")
      // Only the first moved it: the queued one found it settled (the metrics count it once).
      expect(settled.map((s) => s.changed)).toEqual([true, false])
    })

    it("records one refund when several processes notice the same payment at once", async () => {
      const made = await payment("Cancelled")
      const { payment: paid } = await run(
        makePaymentRepo(db()).settle(made.id, { status: "Succeeded" }, NOW),
      )
      const notice = (q: Kysely<Database>) => run(makePaymentRepo(q).refundDue(due(paid)))
      const answers = await raceBehind(
        db(),
        notice,
        Array.from({ length: 7 }, () => () => notice(db())),
      )
      for (const answer of answers) expect(answer).toEqual(answers[0])
      expect(await run(makePaymentRepo(db()).refundsForOrder(paid.orderId))).toHaveLength(1)
    })

    it("never takes the balance below zero when checkouts of one customer race", async () => {
      const customerId = await newCustomer(db())
      await run(makeSiteCreditLedger(db()).grant(customerId, pence(500), "Goodwill", NOW))
      const baskets = [
        await newBasket(db(), customerId),
        await newBasket(db(), customerId),
        await newBasket(db(), customerId),
      ]
      /** Checkout's first move: the order, whose foreign key holds KEY SHARE on the customer. */
      const order = async (q: Kysely<Database>, basketId: string) =>
        (
          await run(
            makeOrderRepo(q).createForBasket({
              basketId,
              customerId,
              createdAt: NOW,
              expiresAt: new Date(NOW.getTime() + HOUR),
            }),
          )
        ).order.id
      /** A checkout's debit, in its transaction, which it ends as soon as the debit answers. */
      const debiting = async (
        trx: ControlledTransaction<Database>,
        debit: (ledger: ReturnType<typeof makeSiteCreditLedger>) => Effect.Effect<Pence, unknown>,
      ) => {
        const outcome = await run(Effect.either(debit(makeSiteCreditLedger(trx))))
        await trx.commit().execute()
        return outcome
      }
      const spent = await inOpenTransactions(db(), 3, async ([first, blind, reading]) => {
        if (first === undefined || blind === undefined || reading === undefined) throw new Error()
        const orders = [
          await order(first, baskets[0] ?? ""),
          await order(blind, baskets[1] ?? ""),
          await order(reading, baskets[2] ?? ""),
        ]
        // All three hold KEY SHARE on the customer's row: the first's hold must not wait for
        // them (the deadlock NO KEY UPDATE avoids), and sees the whole balance. Were it to
        // wait, the lock timeout ends the wait with an error instead of the test hanging.
        await sql`set local lock_timeout = '5s'`.execute(first)
        const ledger = makeSiteCreditLedger(first)
        expect(await run(ledger.balanceForUpdate(customerId))).toBe(500)
        // One debits 300 without reading the balance; the other reads it under the hold first.
        const blindly = debiting(blind, (l) =>
          Effect.as(l.debitForOrder(customerId, orders[1] ?? "", pence(300), NOW), pence(300)),
        )
        const afterReading = debiting(reading, (l) =>
          Effect.flatMap(l.balanceForUpdate(customerId), (balance) => {
            const amount = pence(Math.min(300, balance))
            return Effect.as(l.debitForOrder(customerId, orders[2] ?? "", amount, NOW), amount)
          }),
        )
        // Awaited below; marked handled so a failure before then is not also reported unhandled.
        for (const debit of [blindly, afterReading]) debit.catch(() => {})
        await lockWaits(db(), 2)
        await run(ledger.debitForOrder(customerId, orders[0] ?? "", pence(300), NOW))
        await first.commit().execute()
        // Whichever of the two goes next, 200 is left: not enough for 300, all of it for the reader.
        const refused = await blindly
        expect(Either.isLeft(refused) && refused.left).toMatchObject({
          _tag: "InsufficientSiteCredit",
        })
        const read = await afterReading
        expect(read).toEqual(Either.right(200))
        return 300 + (Either.isRight(read) ? read.right : 0)
      })
      const balance = await run(makeSiteCreditLedger(db()).balance(customerId))
      const { total } = await db()
        .selectFrom("siteCreditEntries")
        .select(sql<string>`coalesce(sum(amount_pence), 0)`.as("total"))
        .where("customerId", "=", customerId)
        .executeTakeFirstOrThrow()
      expect(balance).toBe(Number(total))
      expect(balance).toBe(500 - spent)
      expect(balance).toBe(0)
    })
  })
