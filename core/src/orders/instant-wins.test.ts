import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc, Layer, TestClock } from "effect"
import { InstantWinRepo } from "../ports/instant-wins.js"
import { type Pence, pence } from "../rules/money.js"
import { Baskets } from "./baskets.js"
import { Checkout } from "./checkout.js"
import { checkoutDoublesOver } from "./checkout-doubles.js"
import { type InstantWinRow, instantWinRepoOver, instantWinRow } from "./instant-win-doubles.js"
import { instantWinAwards, orderInstantWinAwards } from "./instant-wins.js"
import type { Order } from "./model.js"
import {
  ANN,
  awaitingOrder,
  BOB,
  notificationFor,
  PAYMENTS_NOW,
  type PaymentStore,
  paymentDoublesOver,
  runPayments as run,
  setIntentOutcome,
  setUpPayments as setUp,
} from "./payment-doubles.js"
import { Payments } from "./payments.js"
import { siteCreditBalanceOf } from "./site-credit-doubles.js"
import { addOrderCustomer, emptyOrderStore, sampleCompetition } from "./test-doubles.js"

const car = sampleCompetition({
  id: "car",
  name: "A car",
  ticketPrice: pence(250),
  totalTickets: 100,
})

/** An order for tickets of the car, awaiting its card payment. */
const orderFor = (ticketNumbers: readonly number[], overrides: Partial<Order> = {}) =>
  awaitingOrder({
    lines: [
      {
        competitionId: car.id,
        competitionName: car.name,
        quantity: ticketNumbers.length,
        price: car.ticketPrice,
        preDiscountTotal: pence(250 * ticketNumbers.length),
        lineTotal: pence(250 * ticketNumbers.length),
        ticketNumbers,
      },
    ],
    ...overrides,
  })

const fiver = (ticketNumber: number) =>
  instantWinRow({ competitionId: car.id, ticketNumber, siteCredit: pence(500) })
const matchBall = (ticketNumber: number) =>
  instantWinRow({ competitionId: car.id, ticketNumber, siteCredit: null })

const rowAt = (store: { readonly instantWins: readonly InstantWinRow[] }, ticketNumber: number) =>
  store.instantWins.find((row) => row.ticketNumber === ticketNumber)

/** The customer's card pays: the browser's return, then the provider's notification (a replay of the same success). */
const payByCard = (store: PaymentStore, order: Order, principal = ANN) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    const started = yield* payments.startPayment(principal, order.id)
    const reference = started.payments.at(-1)?.providerReference ?? ""
    setIntentOutcome(store, reference, "Succeeded")
    yield* payments.complete(principal, order.id)
    yield* payments.handleNotification(
      ...notificationFor(reference, `evt-${order.id}`, { status: "Succeeded" }),
    )
    yield* payments.complete(principal, order.id)
  })

const instantWinMail = (store: PaymentStore) => store.mail.filter((m) => m.kind === "InstantWin")

describe("instant wins, when an order is paid by card", () => {
  it.effect("wins each number once: site credit paid at once, any other prize waits", () => {
    const order = orderFor([3, 7, 9])
    const store = setUp(order)
    store.instantWins.push(fiver(3), matchBall(7), fiver(20))
    return run(
      store,
      Effect.gen(function* () {
        yield* payByCard(store, order)

        expect(rowAt(store, 3)).toMatchObject({
          wonAt: new Date(PAYMENTS_NOW),
          winnerCustomerId: ANN.customerId,
          winnerDisplayName: "Ann B.",
          orderId: order.id,
          processedAt: new Date(PAYMENTS_NOW),
        })
        expect(rowAt(store, 7)).toMatchObject({
          wonAt: new Date(PAYMENTS_NOW),
          winnerCustomerId: ANN.customerId,
          orderId: order.id,
          processedAt: null,
        })
        // Not the order's ticket: still there to be won.
        expect(rowAt(store, 20)).toMatchObject({ wonAt: null, winnerCustomerId: null })

        const credits = store.ledger.filter((e) => e.reason === "InstantWin")
        expect(credits).toEqual([
          {
            customerId: ANN.customerId,
            orderId: null,
            amount: 500,
            reason: "InstantWin",
            description: "Instant win: £5 Site Credit, ticket 3 (A car)",
            instantWinTicketId: rowAt(store, 3)?.id,
            at: new Date(PAYMENTS_NOW),
          },
        ])
        expect(siteCreditBalanceOf(store, ANN.customerId ?? "")).toBe(500)
      }),
    )
  })

  it.effect("sends one email listing every prize, beside the one confirmation", () => {
    const order = orderFor([3, 7])
    const store = setUp(order)
    store.instantWins.push(fiver(3), matchBall(7))
    return run(
      store,
      Effect.gen(function* () {
        yield* payByCard(store, order)
        expect(store.mail.map((m) => m.kind)).toEqual(["OrderConfirmation", "InstantWin"])
        const [mail] = instantWinMail(store)
        expect(mail).toMatchObject({ to: ANN.email, subject: "You've won an instant prize" })
        expect(mail?.text).toContain(`Your order ${order.orderRef} has won 2 instant prizes!`)
        expect(mail?.text).toContain(
          "£5 Site Credit: ticket 3 in A car (added to your site credit, ready to spend)",
        )
        expect(mail?.text).toContain(
          "Kookaburra Match Ball: ticket 7 in A car (we will be in touch to arrange it)",
        )
        expect(mail?.text).toContain(`/Account/Order/${order.id}`)
      }),
    )
  })

  it.effect("sends no win email for an order that won nothing", () => {
    const order = orderFor([4, 5])
    const store = setUp(order)
    store.instantWins.push(fiver(3))
    return run(
      store,
      Effect.gen(function* () {
        yield* payByCard(store, order)
        expect(store.mail.map((m) => m.kind)).toEqual(["OrderConfirmation"])
        expect(rowAt(store, 3)?.wonAt).toBeNull()
      }),
    )
  })

  it.effect(
    "wins nothing while unpaid; cancelled, the number is back in the pool, still winning",
    () => {
      const annsOrder = orderFor([3])
      const store = setUp(annsOrder)
      store.instantWins.push(fiver(3))
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          yield* payments.startPayment(ANN, annsOrder.id)
          const unpaid = yield* Effect.either(payments.complete(ANN, annsOrder.id))
          expect(unpaid._tag).toBe("Left")
          expect(rowAt(store, 3)?.wonAt).toBeNull()

          yield* payments.cancel(ANN, annsOrder.id)
          expect(rowAt(store, 3)).toMatchObject({ wonAt: null, orderId: null, processedAt: null })
          expect(store.ledger.filter((e) => e.reason === "InstantWin")).toEqual([])
          expect(instantWinMail(store)).toEqual([])

          // The pool hands the number to Bob, who pays: the prize is his.
          const bobsOrder = orderFor([3], { customerId: BOB.customerId ?? "" })
          store.orders.set(bobsOrder.id, bobsOrder)
          yield* payByCard(store, bobsOrder, BOB)
          expect(rowAt(store, 3)).toMatchObject({
            winnerCustomerId: BOB.customerId,
            orderId: bobsOrder.id,
          })
          expect(siteCreditBalanceOf(store, BOB.customerId ?? "")).toBe(500)
          expect(siteCreditBalanceOf(store, ANN.customerId ?? "")).toBe(0)
        }),
      )
    },
  )

  it.effect(
    "an unpaid order holding an instant-win number wins nothing and shows no number",
    () => {
      const order = orderFor([3])
      const store = setUp(order)
      store.instantWins.push(fiver(3))
      return run(
        store,
        Effect.gen(function* () {
          const payments = yield* Payments
          // Every answer the customer gets before paying leaves the number out.
          const started = yield* payments.startPayment(ANN, order.id)
          expect(started.order.lines.map((line) => line.ticketNumbers)).toEqual([[]])
          expect(started.order.lines.map((line) => line.quantity)).toEqual([1])
          const unpaid = yield* Effect.either(payments.complete(ANN, order.id))
          expect(unpaid._tag === "Left" && unpaid.left._tag).toBe("PaymentStillDue")
          expect(JSON.stringify(unpaid)).not.toMatch(/ticketNumbers|"3"/)
          expect(rowAt(store, 3)?.wonAt).toBeNull()
          expect(store.ledger.filter((e) => e.reason === "InstantWin")).toEqual([])
          expect(store.mail).toEqual([])

          // Paid: decided now, and the number shows.
          const reference = started.payments.at(-1)?.providerReference ?? ""
          setIntentOutcome(store, reference, "Succeeded")
          const paid = yield* payments.complete(ANN, order.id)
          expect(paid.order.status).toBe("Completed")
          expect(paid.order.lines.map((line) => line.ticketNumbers)).toEqual([[3]])
          expect(rowAt(store, 3)?.wonAt).toEqual(new Date(PAYMENTS_NOW))
          expect(store.mail.map((m) => m.kind)).toEqual(["OrderConfirmation", "InstantWin"])
        }),
      )
    },
  )

  it.effect("an expired order's number is not won either", () => {
    const order = orderFor([3], { expiresAt: new Date(PAYMENTS_NOW - 1) })
    const store = setUp(order)
    store.instantWins.push(matchBall(3))
    return run(
      store,
      Effect.gen(function* () {
        yield* (yield* Payments).expireDue()
        expect(store.orders.get(order.id)?.status).toBe("SystemCancelled")
        expect(rowAt(store, 3)?.wonAt).toBeNull()
      }),
    )
  })
})

describe("instant wins, when site credit pays at checkout", () => {
  const ANN_ID = ANN.customerId ?? ""
  const setUpCheckout = (credit: Pence) => {
    const store = emptyOrderStore()
    addOrderCustomer(store, ANN_ID, credit)
    store.competitions.set(car.id, car)
    // The double's allocator hands out 1, 2, 3… in turn.
    store.instantWins.push(fiver(1), matchBall(2))
    return store
  }
  const buyTwo = (store: ReturnType<typeof setUpCheckout>, siteCredit: Pence) =>
    Effect.provide(
      Effect.gen(function* () {
        yield* TestClock.setTime(PAYMENTS_NOW)
        const baskets = yield* Baskets
        const { id } = yield* baskets.create(ANN_ID)
        yield* baskets.addItem(id, car.id, 2, ANN_ID)
        yield* baskets.setExtras(
          id,
          { autoRoundup: false, siteCreditRequested: siteCredit },
          ANN_ID,
        )
        return (yield* (yield* Checkout).checkout(id, ANN_ID)).order
      }),
      Layer.mergeAll(Baskets.Default, Checkout.Default).pipe(
        Layer.provide(checkoutDoublesOver(store)),
      ),
    )

  it.effect("wins in the checkout that paid, and credits the prize", () => {
    const store = setUpCheckout(pence(1000))
    return Effect.gen(function* () {
      const order = yield* buyTwo(store, pence(500))
      expect(order.status).toBe("Completed")
      expect(order.lines.map((line) => line.ticketNumbers)).toEqual([[1, 2]])
      expect(rowAt(store, 1)).toMatchObject({
        orderId: order.id,
        processedAt: new Date(PAYMENTS_NOW),
      })
      expect(rowAt(store, 2)).toMatchObject({ orderId: order.id, processedAt: null })
      // £10 less £5 spent, plus the £5 prize.
      expect(siteCreditBalanceOf(store, ANN_ID)).toBe(1000)
      expect(store.mail.map((m) => m.kind)).toEqual(["OrderConfirmation", "InstantWin"])
    })
  })

  it.effect("wins nothing at a checkout that leaves the card to pay", () => {
    const store = setUpCheckout(pence(100))
    return Effect.gen(function* () {
      const order = yield* buyTwo(store, pence(100))
      expect(order.status).toBe("AwaitingPayment")
      // The checkout's answer holds the two tickets but not their numbers (1 and 2 both win).
      expect(order.lines.map((line) => [line.quantity, line.ticketNumbers])).toEqual([[2, []]])
      expect(store.instantWins.every((row) => row.wonAt === null)).toBe(true)
      expect(store.ledger.filter((line) => line.reason === "InstantWin")).toEqual([])
      expect(store.mail).toEqual([])
    })
  })
})

describe("orderInstantWinAwards", () => {
  const completed = (ticketNumbers: readonly number[]) =>
    orderFor(ticketNumbers, { status: "Completed" })

  it.effect("wins nothing for an order that is not paid, whatever its tickets", () => {
    const store = setUp()
    store.instantWins.push(fiver(1))
    return Effect.gen(function* () {
      const award = yield* orderInstantWinAwards
      for (const status of [
        "Pending",
        "AwaitingPayment",
        "Cancelled",
        "SystemCancelled",
      ] as const) {
        const won = yield* award(
          orderFor([1], { status }),
          { firstName: "Ann", lastName: "B" },
          new Date(PAYMENTS_NOW),
        )
        expect(won).toEqual([])
      }
      expect(rowAt(store, 1)?.wonAt).toBeNull()
    }).pipe(Effect.provide(paymentDoublesOver(store)))
  })

  it("however often it runs, each number among the tickets is won once and its credit paid once", () => {
    const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 15 })
    fc.assert(
      fc.property(
        numbers,
        numbers,
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        fc.integer({ min: 1, max: 3 }),
        (tickets, winning, isCredit, runs) => {
          const store = setUp()
          store.instantWins.push(
            ...winning.map((n, i) =>
              instantWinRow({
                competitionId: car.id,
                ticketNumber: n,
                siteCredit: isCredit[i] ? pence(100 * n) : null,
              }),
            ),
          )
          const order = completed(tickets)
          const won = Effect.runSync(
            Effect.gen(function* () {
              const award = yield* orderInstantWinAwards
              const all = []
              for (let i = 0; i < runs; i++) {
                all.push(
                  ...(yield* award(
                    order,
                    { firstName: "Ann", lastName: "Buyer" },
                    new Date(PAYMENTS_NOW),
                  )),
                )
              }
              return all
            }).pipe(Effect.provide(paymentDoublesOver(store))),
          )
          const expected = winning.filter((n) => tickets.includes(n)).sort((a, b) => a - b)
          expect(won.map((prize) => prize.ticketNumber)).toEqual(expected)
          for (const row of store.instantWins) {
            const ours = tickets.includes(row.ticketNumber)
            expect(row.orderId).toBe(ours ? order.id : null)
            expect(row.processedAt !== null).toBe(ours && row.siteCredit !== null)
          }
          const credited = store.ledger.filter((e) => e.reason === "InstantWin")
          expect(credited.reduce((sum, e) => sum + e.amount, 0)).toBe(
            store.instantWins
              .filter((row) => tickets.includes(row.ticketNumber))
              .reduce((sum, row) => sum + (row.siteCredit ?? 0), 0),
          )
          expect(new Set(credited.map((e) => e.instantWinTicketId)).size).toBe(credited.length)
        },
      ),
    )
  })
})

describe("instantWinAwards for a postal entry", () => {
  const postal = (customerId: string | null) => ({
    holding: { kind: "PostalEntry", postalEntryId: "entry-1" } as const,
    customerId,
    winner: { firstName: "Pat", lastName: "Post" },
    tickets: [{ competitionId: car.id, ticketNumber: 1 }],
  })

  it.effect("credits an entrant with an account at once, like a paid order", () => {
    const store = setUp()
    store.instantWins.push(fiver(1))
    return Effect.gen(function* () {
      const award = yield* instantWinAwards
      const won = yield* award(postal(ANN.customerId), new Date(PAYMENTS_NOW))
      expect(won.map((prize) => prize.prizeName)).toEqual(["£5 Site Credit"])
      expect(rowAt(store, 1)).toMatchObject({
        postalEntryId: "entry-1",
        orderId: null,
        winnerCustomerId: ANN.customerId,
        winnerDisplayName: "Pat P.",
      })
      expect(rowAt(store, 1)?.processedAt).not.toBeNull()
      expect(siteCreditBalanceOf(store, ANN.customerId ?? "")).toBe(500)
    }).pipe(Effect.provide(paymentDoublesOver(store)))
  })

  it.effect("leaves site credit to staff for an entrant without an account", () => {
    const store = setUp()
    store.instantWins.push(fiver(1))
    return Effect.gen(function* () {
      const award = yield* instantWinAwards
      const won = yield* award(postal(null), new Date(PAYMENTS_NOW))
      expect(won.map((prize) => prize.ticketNumber)).toEqual([1])
      expect(rowAt(store, 1)).toMatchObject({ winnerCustomerId: null, processedAt: null })
      expect(store.ledger.filter((e) => e.reason === "InstantWin")).toEqual([])
      expect(yield* award(postal(null), new Date(PAYMENTS_NOW))).toEqual([])
    }).pipe(Effect.provide(paymentDoublesOver(store)))
  })
})

// The in-memory repository's own promise, which the property above leans on.
describe("the instant-win double", () => {
  it.effect("answers a second claim of the same tickets with nothing", () => {
    const numbers = [fiver(1)]
    return Effect.gen(function* () {
      const repo = yield* InstantWinRepo
      const claim = {
        holding: { kind: "Order", orderId: "o" } as const,
        customerId: "c",
        winnerDisplayName: "C.",
        tickets: [{ competitionId: car.id, ticketNumber: 1 }],
        at: new Date(PAYMENTS_NOW),
      }
      expect((yield* repo.claim(claim)).map((w) => w.ticketNumber)).toEqual([1])
      expect(yield* repo.claim(claim)).toEqual([])
    }).pipe(Effect.provide(instantWinRepoOver(numbers)))
  })
})
