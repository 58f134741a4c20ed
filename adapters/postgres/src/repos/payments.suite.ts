import { randomUUID } from "node:crypto"
import type { PaymentOutcome } from "@howzat/core/ports/payments"
import { type Pence, pence } from "@howzat/core/rules/money"
import {
  canTransition,
  OrderStatus,
  orderStatuses,
  orderTransitions,
} from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCustomerTicketRepo } from "./customer-tickets"
import { makeCustomerRepo } from "./customers"
import { makeOrderRepo } from "./orders"
import type { SuiteDatabase } from "./orders.suite"
import { competitionOnSale, NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makePaymentRepo } from "./payments"
import { makeSiteCreditLedger } from "./site-credit"
import { makeTicketAllocator } from "./ticket-allocator"

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The moves from Pending to `status`, read from the machine itself (breadth first). */
const pathTo = (status: OrderStatus): readonly OrderStatus[] => {
  const queue: (readonly OrderStatus[])[] = [[]]
  const seen = new Set<OrderStatus>([OrderStatus.Pending])
  while (queue.length > 0) {
    const path = queue.shift() ?? []
    const at = path.at(-1) ?? OrderStatus.Pending
    if (at === status) return path
    for (const next of orderTransitions[at]) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push([...path, next])
    }
  }
  throw new Error(`The machine never reaches ${status}`)
}

export const paymentsSuite = (
  name: string,
  open: () => Promise<SuiteDatabase>,
  options: { readonly concurrent: boolean } = { concurrent: false },
) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = (): Kysely<Database> => database.db
    const orders = () => makeOrderRepo(db())
    const payments = () => makePaymentRepo(db())
    const ledger = () => makeSiteCreditLedger(db())
    const customers = () => makeCustomerRepo(db())
    const tickets = () => makeCustomerTicketRepo(db())
    const allocator = () => makeTicketAllocator(db())
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const newOrder = async (
      customerId: string,
      times: { createdAt?: Date; expiresAt?: Date; status?: OrderStatus } = {},
    ) => {
      const basketId = await newBasket(db(), customerId)
      const createdAt = times.createdAt ?? NOW
      const { order } = await run(
        orders().createForBasket({
          basketId,
          customerId,
          createdAt,
          expiresAt: times.expiresAt ?? new Date(createdAt.getTime() + HOUR),
        }),
      )
      for (const to of pathTo(times.status ?? OrderStatus.Pending)) {
        await run(orders().transition(order.id, to))
      }
      return order.id
    }

    const entriesSum = async (customerId: string) => {
      const { total } = await db()
        .selectFrom("siteCreditEntries")
        .select(sql<string>`coalesce(sum(amount_pence), 0)`.as("total"))
        .where("customerId", "=", customerId)
        .executeTakeFirstOrThrow()
      return Number(total)
    }

    // What the PaymentRepo port promises is test/contracts/payments.contract.ts, run on
    // every backend; here only what a database shows: rollbacks, racers and constraints.
    describe("payments", () => {
      const newPayment = (orderId: string) => ({
        orderId,
        amount: pence(1_250),
        provider: "sandbox",
        providerReference: `pi_${randomUUID()}`,
        clientToken: `secret_${randomUUID()}`,
        createdAt: NOW,
      })

      it("settles once when two outcomes arrive together", async () => {
        const orderId = await newOrder(await newCustomer(db()))
        const payment = await run(payments().record(newPayment(orderId)))
        const outcomes: PaymentOutcome[] = [
          { status: "Succeeded" },
          { status: "Failed", failureDetail: "declined" },
        ]
        const settled = await run(
          Effect.all(
            outcomes.map((outcome) =>
              makeTransactions(db()).within(payments().settle(payment.id, outcome, NOW)),
            ),
            { concurrency: "unbounded" },
          ),
        )
        expect(settled[0]).toEqual(settled[1])
      })

      it("forgets a notification whose transaction rolled back", async () => {
        const eventId = `evt_${randomUUID()}`
        const failed = await run(
          makeTransactions(db())
            .within(
              Effect.zipRight(
                payments().rememberNotification("sandbox", eventId, NOW),
                Effect.fail("order update failed" as const),
              ),
            )
            .pipe(Effect.either),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(await run(payments().rememberNotification("sandbox", eventId, NOW))).toBe(true)
      })
    })

    describe("refunds", () => {
      const paidPayment = async () => {
        const orderId = await newOrder(await newCustomer(db()), { status: OrderStatus.Cancelled })
        const recorded = await run(
          payments().record({
            orderId,
            amount: pence(1_250),
            provider: "sandbox",
            providerReference: `pi_${randomUUID()}`,
            clientToken: `secret_${randomUUID()}`,
            createdAt: NOW,
          }),
        )
        return run(payments().settle(recorded.id, { status: "Succeeded" }, NOW))
      }
      const due = (payment: { id: string; orderId: string }) => ({
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: pence(1_250),
        reason: "OrderCancelled" as const,
        at: NOW,
      })

      it.runIf(options.concurrent)(
        "records one refund when several processes notice the same payment at once",
        async () => {
          const payment = await paidPayment()
          const answers = await Promise.all(
            Array.from({ length: 8 }, () =>
              run(makeTransactions(db()).within(payments().refundDue(due(payment)))),
            ),
          )
          for (const answer of answers) expect(answer).toEqual(answers[0])
          expect(await run(payments().refundsForOrder(payment.orderId))).toHaveLength(1)
        },
      )

      it("the table refuses a refund marked Refunded without the provider's reference", async () => {
        const payment = await paidPayment()
        await run(payments().refundDue(due(payment)))
        await expect(
          db()
            .updateTable("paymentRefunds")
            .set({ status: "Refunded", refundedAt: NOW })
            .where("paymentId", "=", payment.id)
            .execute(),
        ).rejects.toThrow()
      })
    })

    // What the SiteCreditLedger port promises is test/contracts/site-credit.contract.ts;
    // here the customer's balance as CustomerRepo shows it, rollbacks and racing checkouts.
    describe("site credit", () => {
      it("shows the ledger's balance on the customer, 0 when it has no entries", async () => {
        const customerId = await newCustomer(db())
        const other = await newCustomer(db())
        expect((await run(customers().byId(customerId))).siteCreditAccountBalance).toBe(0)
        await run(ledger().grant(customerId, pence(750), "Prize", NOW))
        await run(ledger().grant(customerId, pence(250), "Prize", NOW))
        await run(ledger().grant(other, pence(1), "Prize", NOW))
        expect((await run(customers().byId(customerId))).siteCreditAccountBalance).toBe(1_000)
        const { lastName } = await run(customers().byId(customerId))
        const listed = await run(
          customers().list({ lastName, page: { pageNumber: 1, pageSize: 10 } }),
        )
        expect(listed.items.map((c) => [c.customerId, c.siteCreditAccountBalance])).toEqual([
          [customerId, 1_000],
        ])
      })

      it("takes nothing for a debit whose transaction rolled back", async () => {
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        await run(ledger().grant(customerId, pence(100), "Goodwill", NOW))
        const failed = await run(
          makeTransactions(db())
            .within(
              Effect.zipRight(
                ledger().debitForOrder(customerId, orderId, pence(100), NOW),
                Effect.fail("allocation failed" as const),
              ),
            )
            .pipe(Effect.either),
        )
        expect(Either.isLeft(failed)).toBe(true)
        expect(await run(ledger().balance(customerId))).toBe(100)
      })

      it.runIf(options.concurrent)(
        "never takes the balance below zero when checkouts of one customer race",
        async () => {
          const customerId = await newCustomer(db())
          await run(ledger().grant(customerId, pence(1_000), "Goodwill", NOW))
          const baskets = await Promise.all(
            Array.from({ length: 12 }, () => newBasket(db(), customerId)),
          )
          // Each checkout inserts its order first (its foreign key holding the
          // customer's row), reads the balance under the hold, then debits:
          // the shape of core's checkout, which must neither deadlock nor overspend.
          const checkout = (basketId: string, index: number) =>
            makeTransactions(db()).within(
              Effect.gen(function* () {
                const { order } = yield* orders().createForBasket({
                  basketId,
                  customerId,
                  createdAt: NOW,
                  expiresAt: new Date(NOW.getTime() + HOUR),
                })
                const balance =
                  index % 2 === 0 ? yield* ledger().balanceForUpdate(customerId) : pence(1_000)
                yield* Effect.sleep(5)
                const amount: Pence = pence(Math.min(300, balance))
                if (amount > 0) yield* ledger().debitForOrder(customerId, order.id, amount, NOW)
                return amount
              }),
            )
          const outcomes = await run(
            Effect.all(
              baskets.map((basketId, index) => Effect.either(checkout(basketId, index))),
              { concurrency: "unbounded" },
            ),
          )
          const unexpected = outcomes.filter(
            (o) => Either.isLeft(o) && o.left._tag !== "InsufficientSiteCredit",
          )
          expect(unexpected).toEqual([])
          const balance = await run(ledger().balance(customerId))
          expect(balance).toBeGreaterThanOrEqual(0)
          expect(balance).toBe(await entriesSum(customerId))
          const spent = outcomes.reduce((sum, o) => sum + (Either.isRight(o) ? o.right : 0), 0)
          expect(balance).toBe(1_000 - spent)
          // Three debits of 300 fit in 1,000; the last 100 goes to a checkout that read it under the hold.
          expect(spent).toBeGreaterThanOrEqual(900)
        },
      )
    })

    describe("expiry", () => {
      // Its own era, so no other test's orders are due.
      const T = new Date("2020-01-01T12:00:00.000Z")

      it("lists only orders the machine lets the system cancel, whose time is up, oldest first", async () => {
        const customerId = await newCustomer(db())
        const perStatus = new Map<OrderStatus, string>()
        for (const status of orderStatuses) {
          perStatus.set(
            status,
            await newOrder(customerId, {
              createdAt: new Date(T.getTime() - DAY),
              expiresAt: new Date(T.getTime() - HOUR),
              status,
            }),
          )
        }
        const older = await newOrder(customerId, {
          createdAt: new Date(T.getTime() - DAY),
          expiresAt: new Date(T.getTime() - 2 * HOUR),
          status: OrderStatus.AwaitingPayment,
        })
        const justNow = await newOrder(customerId, {
          createdAt: new Date(T.getTime() - DAY),
          expiresAt: T,
          status: OrderStatus.AwaitingPayment,
        })
        await newOrder(customerId, {
          createdAt: new Date(T.getTime() - DAY),
          expiresAt: new Date(T.getTime() + MINUTE),
          status: OrderStatus.AwaitingPayment,
        })
        const expirable = orderStatuses.filter((s) => canTransition(s, OrderStatus.SystemCancelled))
        expect(expirable.length).toBeGreaterThan(0)
        const dueIds = async (at: Date, limit: number) =>
          (await run(orders().dueForExpiry(at, limit))).map((due) => due.orderId)
        expect(await dueIds(T, 100)).toEqual([
          older,
          ...expirable.map((s) => perStatus.get(s)).sort(),
          justNow,
        ])
        expect(await run(orders().dueForExpiry(T, 1))).toEqual([
          { orderId: older, expiryAttempts: 0 },
        ])
        expect(await run(orders().dueForExpiry(T, 0))).toEqual([])
        expect(await dueIds(new Date(T.getTime() - 3 * HOUR), 10)).toEqual([])
        // Only a list: nothing was cancelled.
        expect((await run(orders().byId(older))).status).toBe(OrderStatus.AwaitingPayment)
      })

      it("leaves a put-off order until its retry time, then lists it behind orders due before", async () => {
        // Its own era too: only this test's orders are due in it.
        const U = new Date("2019-01-01T12:00:00.000Z")
        const customerId = await newCustomer(db())
        const unpaid = (expiresAt: Date) =>
          newOrder(customerId, {
            createdAt: new Date(U.getTime() - DAY),
            expiresAt,
            status: OrderStatus.AwaitingPayment,
          })
        const stuck = await unpaid(new Date(U.getTime() - HOUR))
        const next = await unpaid(new Date(U.getTime() - MINUTE))
        const due = (at: Date) => run(orders().dueForExpiry(at, 10))
        await run(orders().expiryPutOff(stuck, new Date(U.getTime() + 2 * MINUTE)))
        expect(await due(U)).toEqual([{ orderId: next, expiryAttempts: 0 }])
        const later = await unpaid(new Date(U.getTime() + 3 * MINUTE))
        expect(await due(new Date(U.getTime() + 3 * MINUTE))).toEqual([
          { orderId: next, expiryAttempts: 0 },
          { orderId: stuck, expiryAttempts: 1 },
          { orderId: later, expiryAttempts: 0 },
        ])
        // Put off, the order keeps its expiry time: the customer still sees when it ran out.
        expect((await run(orders().byId(stuck))).expiresAt).toEqual(new Date(U.getTime() - HOUR))
      })
    })

    describe("order list", () => {
      // Its own era, so everyone's orders in it are this test's.
      const T = new Date("2030-03-01T12:00:00.000Z")
      const page = (pageNumber: number, pageSize: number) => ({ pageNumber, pageSize })

      it("pages a customer's orders newest first, filtered by status and created dates", async () => {
        const customerId = await newCustomer(db())
        const otherId = await newCustomer(db())
        const statuses = [
          OrderStatus.Completed,
          OrderStatus.AwaitingPayment,
          OrderStatus.Completed,
          OrderStatus.Cancelled,
          OrderStatus.Completed,
        ]
        const ids: string[] = []
        for (const [i, status] of statuses.entries()) {
          ids.push(
            await newOrder(customerId, { createdAt: new Date(T.getTime() + i * HOUR), status }),
          )
        }
        const others = await newOrder(otherId, { createdAt: new Date(T.getTime() + 30 * MINUTE) })
        const newestFirst = [...ids].reverse()

        const first = await run(orders().list({ customerId, page: page(1, 2) }))
        expect(first).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 5 })
        expect(first.items.map((o) => o.id)).toEqual(newestFirst.slice(0, 2))
        const last = await run(orders().list({ customerId, page: page(3, 2) }))
        expect(last.items.map((o) => o.id)).toEqual(newestFirst.slice(4))

        const completed = await run(
          orders().list({ customerId, status: OrderStatus.Completed, page: page(1, 10) }),
        )
        expect(completed.items.map((o) => o.id)).toEqual([ids[4], ids[2], ids[0]])
        expect(completed.totalCount).toBe(3)

        // Both ends of the range are included.
        const ranged = await run(
          orders().list({
            customerId,
            createdFrom: new Date(T.getTime() + HOUR),
            createdTo: new Date(T.getTime() + 3 * HOUR),
            page: page(1, 10),
          }),
        )
        expect(ranged.items.map((o) => o.id)).toEqual([ids[3], ids[2], ids[1]])

        const everyone = await run(
          orders().list({
            customerId: null,
            createdFrom: T,
            createdTo: new Date(T.getTime() + DAY),
            page: page(1, 10),
          }),
        )
        expect(everyone.items.map((o) => o.id)).toEqual([
          ...newestFirst.slice(0, 4),
          others,
          ids[0],
        ])
        expect(everyone.totalCount).toBe(6)

        expect(await run(orders().list({ customerId: "nobody", page: page(1, 10) }))).toEqual({
          items: [],
          pageNumber: 1,
          pageSize: 10,
          totalCount: 0,
        })
      })

      it("reads each listed order whole, as byId does", async () => {
        const customerId = await newCustomer(db())
        const car = await competitionOnSale(db(), { name: "Car" })
        const watch = await competitionOnSale(db(), { name: "Watch" })
        const orderIds: string[] = []
        for (const quantity of [2, 3]) {
          const orderId = await newOrder(customerId)
          const allocation = await run(
            allocator().allocate({
              orderId,
              customerId,
              at: NOW,
              lines: [
                { competitionId: car, quantity },
                { competitionId: watch, quantity: 1 },
              ],
            }),
          )
          await run(
            orders().recordAllocation(orderId, {
              lines: allocation.lines.map((line) => ({
                competitionId: line.competitionId,
                quantityRequested: line.requested,
                quantity: line.ticketNumbers.length,
                unitPrice: pence(99),
                preDiscountTotal: pence(99 * line.ticketNumbers.length),
                lineTotal: pence(99 * line.ticketNumbers.length),
              })),
              itemTotal: pence(99 * (quantity + 1)),
              discountTotal: pence(0),
              donation: pence(0),
              siteCreditDebit: pence(0),
              orderTotal: pence(99 * (quantity + 1)),
              exceptions: [],
            }),
          )
          orderIds.push(orderId)
        }
        const listed = await run(orders().list({ customerId, page: page(1, 10) }))
        const byId = await Promise.all(orderIds.map((id) => run(orders().byId(id))))
        expect([...listed.items].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          byId.sort((a, b) => a.id.localeCompare(b.id)),
        )
        expect(
          listed.items.flatMap((o) => o.lines.map((l) => l.ticketNumbers.length)).sort(),
        ).toEqual([1, 1, 2, 3])
      })
    })

    describe("customer tickets", () => {
      const buy = async (
        customerId: string,
        lines: { competitionId: string; quantity: number }[],
        status: OrderStatus,
      ) => {
        const orderId = await newOrder(customerId)
        const allocation = await run(allocator().allocate({ orderId, customerId, at: NOW, lines }))
        for (const to of pathTo(status)) await run(orders().transition(orderId, to))
        return new Map(allocation.lines.map((l) => [l.competitionId, [...l.ticketNumbers]]))
      }
      const drawn = (competitionId: string) =>
        db()
          .insertInto("draws")
          .values({
            competitionId,
            drawType: "Automatic",
            drawDate: NOW,
            drawnAt: NOW,
            outcome: "NoEntries",
            entriesHash: "",
            entryCount: 0,
            beaconSource: "none",
            beaconValue: "",
          })
          .execute()
      const ascending = (numbers: readonly number[] | undefined) =>
        [...(numbers ?? [])].sort((a, b) => a - b)

      it("shows only completed orders' tickets, upcoming soonest first and drawn latest first", async () => {
        const customerId = await newCustomer(db())
        const someoneElse = await newCustomer(db())
        const at = (days: number) => new Date(NOW.getTime() + days * DAY)
        const drawnOn = (days: number) => ({
          closeDateTimeUtc: at(days - 0.5),
          drawDateTimeUtc: at(days),
        })
        const later = await competitionOnSale(db(), drawnOn(11))
        const sooner = await competitionOnSale(db(), drawnOn(5))
        // No draw date: placed by its close date.
        const noDrawDate = await competitionOnSale(db(), {
          drawDateTimeUtc: null,
          closeDateTimeUtc: at(3),
        })
        const drawnEarlier = await competitionOnSale(db(), drawnOn(2))
        const drawnLater = await competitionOnSale(db(), drawnOn(4))
        const unpaidOnly = await competitionOnSale(db())

        const bought = await buy(
          customerId,
          [later, sooner, noDrawDate, drawnEarlier, drawnLater].map((competitionId) => ({
            competitionId,
            quantity: 3,
          })),
          OrderStatus.Completed,
        )
        const more = await buy(
          customerId,
          [{ competitionId: later, quantity: 2 }],
          OrderStatus.Completed,
        )
        await buy(
          customerId,
          [
            { competitionId: later, quantity: 1 },
            { competitionId: unpaidOnly, quantity: 1 },
          ],
          OrderStatus.AwaitingPayment,
        )
        await buy(customerId, [{ competitionId: sooner, quantity: 1 }], OrderStatus.Cancelled)
        await buy(someoneElse, [{ competitionId: later, quantity: 2 }], OrderStatus.Completed)
        await drawn(drawnEarlier)
        await drawn(drawnLater)

        const upcoming = await run(
          tickets().competitions({
            customerId,
            drawn: false,
            page: { pageNumber: 1, pageSize: 10 },
          }),
        )
        expect(upcoming.totalCount).toBe(3)
        expect(upcoming.items).toEqual([
          { competitionId: noDrawDate, ticketNumbers: ascending(bought.get(noDrawDate)) },
          { competitionId: sooner, ticketNumbers: ascending(bought.get(sooner)) },
          {
            competitionId: later,
            ticketNumbers: ascending([...(bought.get(later) ?? []), ...(more.get(later) ?? [])]),
          },
        ])
        const second = await run(
          tickets().competitions({
            customerId,
            drawn: false,
            page: { pageNumber: 2, pageSize: 2 },
          }),
        )
        expect(second).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 3 })
        expect(second.items.map((c) => c.competitionId)).toEqual([later])

        const done = await run(
          tickets().competitions({
            customerId,
            drawn: true,
            page: { pageNumber: 1, pageSize: 10 },
          }),
        )
        expect(done.totalCount).toBe(2)
        expect(done.items.map((c) => c.competitionId)).toEqual([drawnLater, drawnEarlier])

        expect(await run(tickets().ticketsIn(customerId, later))).toEqual(
          ascending([...(bought.get(later) ?? []), ...(more.get(later) ?? [])]),
        )
        expect(await run(tickets().ticketsIn(customerId, later))).toHaveLength(5)
        expect(await run(tickets().ticketsIn(customerId, unpaidOnly))).toEqual([])
        expect(await run(tickets().ticketsIn(customerId, "not-an-id"))).toEqual([])
        expect(
          await run(
            tickets().competitions({
              customerId: "nobody",
              drawn: false,
              page: { pageNumber: 1, pageSize: 10 },
            }),
          ),
        ).toMatchObject({ items: [], totalCount: 0 })
      })
    })
  })
