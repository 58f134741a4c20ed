import { randomUUID } from "node:crypto"
import { allocationExceptions, allocationReasons } from "@howzat/core/rules/allocation"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeBasketRepo } from "./baskets"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer, poolCounts } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"
import { makeTicketAllocator } from "./ticket-allocator"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

export const ordersSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const allocator = () => makeTicketAllocator(db())
    const orders = () => makeOrderRepo(db())
    const baskets = () => makeBasketRepo(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const newOrder = async (customerId: string) => {
      const basketId = await newBasket(db(), customerId)
      const { order } = await Effect.runPromise(
        orders().createForBasket({
          basketId,
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }),
      )
      return order.id
    }

    /** The key of a basket no one owns yet, as core passes it for a visitor's change. */
    const nobodys = (basketId: string) => ({ basketId, owner: null })

    /** The allocator's facts, with the reasons core's rule gives for them (as Checkout does). */
    const allocate = async (
      orderId: string,
      customerId: string,
      lines: { competitionId: string; quantity: number }[],
    ) => {
      const result = await Effect.runPromise(
        allocator().allocate({ orderId, customerId, at: NOW, lines }),
      )
      return { ...result, exceptions: allocationExceptions(result.lines, NOW) }
    }

    describe("baskets", () => {
      it("creates an empty basket under a random id and finds no basket for a guessed one", async () => {
        const basket = await Effect.runPromise(baskets().create(null))
        expect(basket.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(basket).toMatchObject({
          customerId: null,
          items: [],
          promotionCodes: [],
          autoRoundup: false,
        })
        for (const id of [randomUUID(), "1", "../etc"]) {
          const missing = await Effect.runPromise(Effect.either(baskets().byId(id)))
          expect(Either.isLeft(missing) && missing.left._tag).toBe("BasketNotFound")
        }
      })

      it("keeps one item per competition, replacing its quantity, and removes items", async () => {
        const car = await competitionOnSale(db(), { name: "Car" })
        const watch = await competitionOnSale(db(), { name: "Watch" })
        const { id } = await Effect.runPromise(baskets().create(null))
        await Effect.runPromise(baskets().setItem(nobodys(id), car, 2))
        await Effect.runPromise(baskets().setItem(nobodys(id), watch, 1))
        const replaced = await Effect.runPromise(baskets().setItem(nobodys(id), car, 5))
        expect(replaced.items.map((i) => [i.competitionId, i.quantity])).toEqual([
          [car, 5],
          [watch, 1],
        ])
        const carItem = replaced.items[0]?.id ?? ""
        const removed = await Effect.runPromise(baskets().removeItem(nobodys(id), carItem))
        expect(removed.items.map((i) => i.competitionId)).toEqual([watch])
        const again = await Effect.runPromise(
          Effect.either(baskets().removeItem(nobodys(id), carItem)),
        )
        expect(Either.isLeft(again) && again.left._tag).toBe("BasketItemNotFound")
        const missing = await Effect.runPromise(
          Effect.either(baskets().setItem(nobodys(randomUUID()), car, 1)),
        )
        expect(Either.isLeft(missing) && missing.left._tag).toBe("BasketNotFound")
      })

      it("stores promotion codes in order, ignoring unknown ones, and reads promotions", async () => {
        const car = await competitionOnSale(db(), { name: "Car" })
        await db()
          .insertInto("promotions")
          .values([
            { code: "SUMMER10", description: "10% off", discountKind: "Percentage", percent: 10 },
            {
              code: "CAR100",
              description: "£1 off the car",
              discountKind: "Fixed",
              amountPence: 100,
              competitionId: car,
              usageLimit: 5,
            },
          ])
          .execute()
        const { id } = await Effect.runPromise(baskets().create(null))
        const set = await Effect.runPromise(
          baskets().setPromotionCodes(nobodys(id), ["CAR100", "NOPE", "SUMMER10"]),
        )
        expect(set.promotionCodes).toEqual(["CAR100", "SUMMER10"])
        const replaced = await Effect.runPromise(baskets().setPromotionCodes(nobodys(id), []))
        expect(replaced.promotionCodes).toEqual([])
        expect(await Effect.runPromise(baskets().promotionByCode("CAR100"))).toMatchObject({
          discount: { kind: "Fixed", amount: 100 },
          competitionId: car,
          usageLimit: 5,
          usageCount: 0,
        })
        expect(await Effect.runPromise(baskets().promotionByCode("SUMMER10"))).toMatchObject({
          discount: { kind: "Percentage", percent: 10 },
          competitionId: null,
        })
        expect(await Effect.runPromise(baskets().promotionByCode("NOPE"))).toBeNull()
      })

      it("stores the round-up choice, the credit to spend and the customer who claims it", async () => {
        const customerId = await newCustomer(db())
        const { id } = await Effect.runPromise(baskets().create(null))
        await Effect.runPromise(
          baskets().setExtras(nobodys(id), { autoRoundup: true, siteCreditRequested: pence(250) }),
        )
        const basket = await Effect.runPromise(baskets().claim(id, customerId))
        expect(basket).toMatchObject({ autoRoundup: true, siteCreditRequested: 250, customerId })
        // Claiming one's own basket again answers it as it is.
        expect(await Effect.runPromise(baskets().claim(id, customerId))).toMatchObject({
          customerId,
        })
      })

      it("changes a basket only while it has the owner the change was meant for", async () => {
        const car = await competitionOnSale(db(), { name: "Car" })
        const ann = await newCustomer(db())
        const bob = await newCustomer(db())
        const { id } = await Effect.runPromise(baskets().create(null))
        await Effect.runPromise(baskets().setItem(nobodys(id), car, 1))
        await Effect.runPromise(baskets().claim(id, ann))

        // A visitor's change that was decided before Ann claimed it, and Bob's claim, find nothing.
        const refusals = [
          baskets().setItem(nobodys(id), car, 3),
          baskets().setExtras(nobodys(id), { autoRoundup: true, siteCreditRequested: pence(0) }),
          baskets().setPromotionCodes(nobodys(id), []),
          baskets().setItem({ basketId: id, owner: bob }, car, 3),
          baskets().claim(id, bob),
        ]
        for (const refused of refusals) {
          const outcome = await Effect.runPromise(Effect.either(refused))
          expect(Either.isLeft(outcome) && outcome.left._tag).toBe("BasketNotFound")
        }
        const anns = await Effect.runPromise(
          baskets().setItem({ basketId: id, owner: ann }, car, 2),
        )
        expect([anns.customerId, anns.items[0]?.quantity, anns.autoRoundup]).toEqual([
          ann,
          2,
          false,
        ])
      })

      it("lets one of two customers racing for a visitor's basket have it", async () => {
        const { id } = await Effect.runPromise(baskets().create(null))
        const racers = await Promise.all([newCustomer(db()), newCustomer(db())])
        const outcomes = await Promise.all(
          racers.map((customerId) =>
            Effect.runPromise(Effect.either(baskets().claim(id, customerId))),
          ),
        )
        expect(outcomes.filter(Either.isRight)).toHaveLength(1)
        const owner = (await Effect.runPromise(baskets().byId(id))).customerId
        expect(racers).toContain(owner)
      })
      it("refuses changes once checked out, except checkout's own record of what was bought", async () => {
        const car = await competitionOnSale(db(), { name: "Car" })
        const watch = await competitionOnSale(db(), { name: "Watch" })
        const customerId = await newCustomer(db())
        const { id } = await Effect.runPromise(baskets().create(customerId))
        const key = { basketId: id, owner: customerId }
        await Effect.runPromise(baskets().setItem(key, car, 2))
        const held = await Effect.runPromise(baskets().setItem(key, watch, 1))
        const { order } = await Effect.runPromise(
          orders().createForBasket({
            basketId: id,
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        )
        const closed = await Effect.runPromise(baskets().byId(id))
        expect(closed.orderId).toBe(order.id)

        const refusals = [
          baskets().setItem(key, car, 3),
          baskets().removeItem(key, held.items[0]?.id ?? ""),
          baskets().setPromotionCodes(key, ["SUMMER10"]),
          baskets().setExtras(key, { autoRoundup: true, siteCreditRequested: pence(100) }),
          baskets().claim(id, customerId),
        ]
        for (const refused of refusals) {
          const outcome = await Effect.runPromise(Effect.either(refused))
          expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
            _tag: "BasketCheckedOut",
            orderId: order.id,
          })
        }
        expect(await Effect.runPromise(baskets().byId(id))).toEqual(closed)

        const bought = await Effect.runPromise(
          baskets().recordBought(id, [
            { competitionId: car, quantity: 1 },
            { competitionId: watch, quantity: 0 },
          ]),
        )
        expect(bought.items.map((i) => [i.competitionId, i.quantity])).toEqual([[car, 1]])
      })

      it("holds the basket for checkout: a change waits for the order, then is refused", async () => {
        const car = await competitionOnSale(db(), { name: "Car" })
        const customerId = await newCustomer(db())
        const { id } = await Effect.runPromise(baskets().create(customerId))
        const key = { basketId: id, owner: customerId }
        await Effect.runPromise(baskets().setItem(key, car, 2))
        const transactions = makeTransactions(db())
        let release: () => void = () => undefined
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        let holding: () => void = () => undefined
        const held = new Promise<void>((resolve) => {
          holding = resolve
        })
        const checkout = Effect.runPromise(
          transactions.within(
            Effect.gen(function* () {
              yield* baskets().holdForCheckout(id)
              holding()
              yield* Effect.promise(() => released)
              return yield* orders().createForBasket({
                basketId: id,
                customerId,
                createdAt: NOW,
                expiresAt: new Date(NOW.getTime() + HOUR),
              })
            }),
          ),
        )
        // Started once checkout holds the basket (not merely asked to): it can only
        // finish after the order exists.
        await held
        const change = Effect.runPromise(Effect.either(baskets().setItem(key, car, 5)))
        await new Promise((resolve) => setTimeout(resolve, 50))
        release()
        const { order } = await checkout
        const outcome = await change
        expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
          _tag: "BasketCheckedOut",
          orderId: order.id,
        })
        const basket = await Effect.runPromise(baskets().byId(id))
        expect(basket.items.map((i) => i.quantity)).toEqual([2])
      })
    })

    describe("allocation", () => {
      it("claims distinct ticket numbers for each line and counts them as sold", async () => {
        const first = await competitionOnSale(db(), { name: "First", totalTickets: 50 })
        const second = await competitionOnSale(db(), { name: "Second", totalTickets: 50 })
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)

        const result = await allocate(orderId, customerId, [
          { competitionId: first, quantity: 5 },
          { competitionId: second, quantity: 3 },
        ])

        expect(result.exceptions).toEqual([])
        const byCompetition = new Map(result.lines.map((l) => [l.competitionId, l.ticketNumbers]))
        expect(byCompetition.get(first)).toHaveLength(5)
        expect(byCompetition.get(second)).toHaveLength(3)
        expect(new Set(byCompetition.get(first)).size).toBe(5)
        const pool = await poolCounts(db(), first)
        expect(pool.ticketsSold).toBe(5)
        expect(pool.sold).toBe(5)
        const owned = pool.tickets.filter((t) => t.orderId === orderId)
        expect(owned.map((t) => t.ticketNumber).sort((a, b) => a - b)).toEqual(
          byCompetition.get(first),
        )
        expect(owned.every((t) => t.customerId === customerId)).toBe(true)
      })

      it("hands out numbers in the pool's random order, not 1, 2, 3", async () => {
        const competitionId = await competitionOnSale(db(), {
          totalTickets: 1000,
          maxTicketsPerCustomer: 1000,
        })
        const customerId = await newCustomer(db())
        const result = await allocate(await newOrder(customerId), customerId, [
          { competitionId, quantity: 10 },
        ])
        // Ten random numbers out of 1000 being exactly 1..10 has odds of about 1 in 2.6e23.
        expect(result.lines[0]?.ticketNumbers).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      })

      it("gives what is left when the competition sells out, and says which competition and why", async () => {
        const competitionId = await competitionOnSale(db(), {
          name: "Nearly gone",
          totalTickets: 5,
        })
        const early = await newCustomer(db())
        await allocate(await newOrder(early), early, [{ competitionId, quantity: 3 }])
        const late = await newCustomer(db())

        const result = await allocate(await newOrder(late), late, [{ competitionId, quantity: 4 }])

        expect(result.lines[0]?.ticketNumbers).toHaveLength(2)
        expect(result.exceptions).toEqual([
          { competitionName: "Nearly gone", exceptionReason: allocationReasons.fewerLeft(2) },
        ])
        const again = await allocate(await newOrder(late), late, [{ competitionId, quantity: 1 }])
        expect(again.exceptions).toEqual([
          { competitionName: "Nearly gone", exceptionReason: allocationReasons.soldOut },
        ])
        const pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.free, pool.ticketsSold]).toEqual([5, 0, 5])
      })

      it("never lets one customer pass the maximum across orders", async () => {
        const competitionId = await competitionOnSale(db(), {
          name: "Limited",
          totalTickets: 100,
          maxTicketsPerCustomer: 5,
        })
        const customerId = await newCustomer(db())
        await allocate(await newOrder(customerId), customerId, [{ competitionId, quantity: 3 }])

        const second = await allocate(await newOrder(customerId), customerId, [
          { competitionId, quantity: 4 },
        ])
        expect(second.lines[0]?.ticketNumbers).toHaveLength(2)
        expect(second.lines[0]).toMatchObject({ requested: 4, held: 3, maxPerCustomer: 5 })
        expect(second.exceptions[0]?.exceptionReason).toBe(
          allocationReasons.fewerBeforeMaximum(2, 5),
        )

        const third = await allocate(await newOrder(customerId), customerId, [
          { competitionId, quantity: 1 },
        ])
        expect(third.lines[0]?.ticketNumbers).toEqual([])
        expect(third.exceptions[0]?.exceptionReason).toBe(allocationReasons.maximumReached(5))
        expect((await poolCounts(db(), competitionId)).ticketsSold).toBe(5)
      })

      it("counts the tickets a customer holds, unpaid orders included", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 30 })
        const customerId = await newCustomer(db())
        const other = await newCustomer(db())
        await allocate(await newOrder(customerId), customerId, [{ competitionId, quantity: 2 }])
        await allocate(await newOrder(customerId), customerId, [{ competitionId, quantity: 3 }])
        await allocate(await newOrder(other), other, [{ competitionId, quantity: 4 }])
        const held = (id: string) => Effect.runPromise(allocator().ticketsHeld(id, competitionId))
        expect(await held(customerId)).toBe(5)
        expect(await held(other)).toBe(4)
        expect(await held("not-a-uuid")).toBe(0)
      })

      it("allocates nothing for a competition that is closed or not yet open", async () => {
        const closed = await competitionOnSale(db(), {
          name: "Closed",
          startDateTimeUtc: new Date(NOW.getTime() - 10 * DAY),
          closeDateTimeUtc: new Date(NOW.getTime() - DAY),
          drawDateTimeUtc: null,
        })
        const future = await competitionOnSale(db(), {
          name: "Future",
          startDateTimeUtc: new Date(NOW.getTime() + DAY),
          closeDateTimeUtc: new Date(NOW.getTime() + 10 * DAY),
          drawDateTimeUtc: null,
        })
        const customerId = await newCustomer(db())
        const result = await allocate(await newOrder(customerId), customerId, [
          { competitionId: closed, quantity: 1 },
          { competitionId: future, quantity: 1 },
        ])
        expect(result.lines.every((l) => l.ticketNumbers.length === 0)).toBe(true)
        expect(result.exceptions.map((e) => e.exceptionReason).sort()).toEqual(
          [allocationReasons.closed, allocationReasons.notOpen].sort(),
        )
        expect((await poolCounts(db(), closed)).ticketsSold).toBe(0)
      })

      it("sells nothing of a competition drawn while the checkout ran, and says it closed", async () => {
        // The checkout's time is before the close; by its counter bump the draw has been made.
        const drawn = await competitionOnSale(db(), { name: "Drawn" })
        const open = await competitionOnSale(db(), { name: "Open" })
        await db()
          .updateTable("competitions")
          .set({ drawnAt: NOW })
          .where("id", "=", drawn)
          .execute()
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        const result = await allocate(orderId, customerId, [
          { competitionId: drawn, quantity: 2 },
          { competitionId: open, quantity: 1 },
        ])
        const byCompetition = new Map(result.lines.map((l) => [l.competitionId, l.ticketNumbers]))
        expect(byCompetition.get(drawn)).toEqual([])
        expect(byCompetition.get(open)).toHaveLength(1)
        const drawnFlags = result.lines.map((l) => [l.competitionId, l.sale.drawn] as const)
        expect(new Map(drawnFlags)).toEqual(
          new Map([
            [drawn, true],
            [open, false],
          ]),
        )
        expect(result.exceptions).toEqual([
          { competitionName: "Drawn", exceptionReason: allocationReasons.closed },
        ])
        expect(await poolCounts(db(), drawn)).toMatchObject({ ticketsSold: 0 })
        const held = await db()
          .selectFrom("tickets")
          .select("ticketNumber")
          .where("competitionId", "=", drawn)
          .where("orderId", "is not", null)
          .execute()
        expect(held).toEqual([])
      })

      it("rolls the claim back with the caller's transaction", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 10 })
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        const failed = await Effect.runPromise(
          makeTransactions(db())
            .within(
              Effect.zipRight(
                allocator().allocate({
                  orderId,
                  customerId,
                  at: NOW,
                  lines: [{ competitionId, quantity: 4 }],
                }),
                Effect.fail("payment provider down" as const),
              ),
            )
            .pipe(Effect.either),
        )
        expect(Either.isLeft(failed)).toBe(true)
        const pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.ticketsSold]).toEqual([0, 0])
      })
    })

    describe("voucher uses and club credit", () => {
      const uses = () => makePromotionUses(db())
      const promotionNamed = async (code: string, usageLimit: number | null, clubId?: string) => {
        await db()
          .insertInto("promotions")
          .values({
            code,
            description: code,
            discountKind: "Percentage",
            percent: 10,
            usageLimit,
            clubId: clubId ?? null,
          })
          .execute()
        return async () =>
          (
            await db()
              .selectFrom("promotions")
              .select("usageCount")
              .where("code", "=", code)
              .executeTakeFirstOrThrow()
          ).usageCount
      }

      it("counts a use per order within the limit, once, and gives it back once", async () => {
        const countOf = await promotionNamed("ONCEONLY", 1)
        const customerId = await newCustomer(db())
        const first = await newOrder(customerId)
        const second = await newOrder(customerId)
        const claim = (orderId: string) => Effect.runPromise(uses().claim(orderId, ["ONCEONLY"]))

        expect(await claim(first)).toEqual(["ONCEONLY"])
        expect(await claim(first)).toEqual(["ONCEONLY"])
        expect(await claim(second)).toEqual([])
        expect(await countOf()).toBe(1)

        expect(await Effect.runPromise(uses().release(first))).toBe(1)
        expect(await Effect.runPromise(uses().release(first))).toBe(0)
        expect(await countOf()).toBe(0)
        expect(await claim(second)).toEqual(["ONCEONLY"])
        expect(await countOf()).toBe(1)
      })

      it("reads a promotion's terms and counts each customer's uses from their orders", async () => {
        await promotionNamed("PERHEAD", null)
        await db()
          .updateTable("promotions")
          .set({ perCustomerLimit: 2, minimumSpendPence: 500, freeEntry: true })
          .where("code", "=", "PERHEAD")
          .execute()
        const ann = await newCustomer(db())
        const bob = await newCustomer(db())
        const first = await newOrder(ann)
        await Effect.runPromise(uses().claim(first, ["PERHEAD"]))
        await Effect.runPromise(uses().claim(await newOrder(bob), ["PERHEAD"]))

        const held = await Effect.runPromise(
          makeTransactions(db()).within(uses().holdForCheckout("PERHEAD", ann)),
        )
        expect(held).toMatchObject({
          promotion: { code: "PERHEAD", perCustomerLimit: 2, minimumSpend: 500, freeEntry: true },
          customerUses: 1,
        })
        expect(await Effect.runPromise(uses().customerUses("PERHEAD", ann))).toBe(1)
        expect(await Effect.runPromise(uses().holdForCheckout("NOSUCH", ann))).toBeNull()
        // A cancelled order gives its customer's use back with the overall one.
        await Effect.runPromise(uses().release(first))
        expect(await Effect.runPromise(uses().customerUses("PERHEAD", ann))).toBe(0)
        expect(await Effect.runPromise(uses().customerUses("PERHEAD", bob))).toBe(1)
      })

      it("never passes the limit when many checkouts claim the last uses at once", async () => {
        const countOf = await promotionNamed("FIVEUSES", 5)
        const customerId = await newCustomer(db())
        const orderIds = await Promise.all(Array.from({ length: 20 }, () => newOrder(customerId)))
        const claimed = await Promise.all(
          orderIds.map((orderId) => Effect.runPromise(uses().claim(orderId, ["FIVEUSES"]))),
        )
        expect(claimed.filter((codes) => codes.length === 1)).toHaveLength(5)
        expect(await countOf()).toBe(5)
      })

      it("names the order's clubs and credits each club once per order", async () => {
        const { id: clubId } = await db()
          .insertInto("clubs")
          .values({ name: `Club ${randomUUID()}` })
          .returning("id")
          .executeTakeFirstOrThrow()
        await promotionNamed("CLUBCODE", null, clubId)
        await promotionNamed("PLAINCODE", null)
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        await Effect.runPromise(uses().claim(orderId, ["CLUBCODE", "PLAINCODE"]))

        expect(await Effect.runPromise(uses().clubsOf(orderId))).toEqual([clubId])
        const credit = () => Effect.runPromise(uses().creditClub(clubId, orderId, pence(90), NOW))
        expect(await credit()).toBe(true)
        expect(await credit()).toBe(false)
        const entries = await db()
          .selectFrom("clubCreditEntries")
          .select(["amountPence", "orderId"])
          .where("clubId", "=", clubId)
          .execute()
        expect(entries).toEqual([{ amountPence: 90, orderId }])
      })
    })

    describe("release", () => {
      it("returns an order's tickets to the pool and takes them off the counter, once", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 10 })
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        await allocate(orderId, customerId, [{ competitionId, quantity: 4 }])

        expect(await Effect.runPromise(allocator().release(orderId))).toBe(4)
        expect(await Effect.runPromise(allocator().release(orderId))).toBe(0)

        const pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.free, pool.ticketsSold]).toEqual([0, 10, 0])
        expect(pool.tickets.every((t) => t.customerId === null)).toBe(true)
      })
    })

    describe("orders", () => {
      it("creates one order per basket: the second checkout gets the first order", async () => {
        const customerId = await newCustomer(db())
        const basketId = await newBasket(db(), customerId)
        const order = {
          basketId,
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }

        const first = await Effect.runPromise(orders().createForBasket(order))
        const second = await Effect.runPromise(orders().createForBasket(order))

        expect(first.created).toBe(true)
        expect(second.created).toBe(false)
        expect(second.order.id).toBe(first.order.id)
        expect(first.order.status).toBe(OrderStatus.Pending)
        expect(first.order.orderRef).toMatch(/^[0-9A-F]{10}$/)
      })

      it("records lines and totals and reads them back with the ticket numbers", async () => {
        const competitionId = await competitionOnSale(db(), { name: "Car", totalTickets: 30 })
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        const allocation = await allocate(orderId, customerId, [{ competitionId, quantity: 3 }])

        const order = await Effect.runPromise(
          orders().recordAllocation(orderId, {
            lines: [
              {
                competitionId,
                quantityRequested: 3,
                quantity: 3,
                unitPrice: pence(99),
                preDiscountTotal: pence(297),
                lineTotal: pence(297),
              },
            ],
            itemTotal: pence(297),
            discountTotal: pence(0),
            donation: pence(3),
            siteCreditDebit: pence(0),
            orderTotal: pence(300),
            exceptions: [{ competitionName: "Other", exceptionReason: allocationReasons.soldOut }],
          }),
        )

        expect(order.lines).toEqual([
          {
            competitionId,
            competitionName: "Car",
            quantity: 3,
            price: 99,
            preDiscountTotal: 297,
            lineTotal: 297,
            ticketNumbers: allocation.lines[0]?.ticketNumbers,
          },
        ])
        expect([order.orderTotal, order.donation]).toEqual([300, 3])
        expect(order.allocationExceptions).toEqual([
          { competitionName: "Other", exceptionReason: allocationReasons.soldOut },
        ])
      })

      it("follows the status machine and releases tickets when an order is cancelled", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 10 })
        const customerId = await newCustomer(db())
        const orderId = await newOrder(customerId)
        await allocate(orderId, customerId, [{ competitionId, quantity: 2 }])

        const awaiting = await Effect.runPromise(
          orders().transition(orderId, OrderStatus.AwaitingPayment),
        )
        expect(awaiting.status).toBe(OrderStatus.AwaitingPayment)
        const expired = await Effect.runPromise(
          orders().transition(orderId, OrderStatus.SystemCancelled),
        )
        expect(expired.status).toBe(OrderStatus.SystemCancelled)
        expect((await poolCounts(db(), competitionId)).ticketsSold).toBe(0)

        const refused = await Effect.runPromise(
          Effect.either(orders().transition(orderId, OrderStatus.Completed)),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("OrderTransitionRefused")
      })

      it("answers OrderNotFound for an unknown or malformed id", async () => {
        for (const id of [randomUUID(), "not-a-uuid"]) {
          const result = await Effect.runPromise(Effect.either(orders().byId(id)))
          expect(Either.isLeft(result) && result.left._tag).toBe("OrderNotFound")
        }
      })
    })
  })
