import { randomUUID } from "node:crypto"
import { allocationExceptions } from "@howzat/core/rules/allocation"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import { makeBasketRepo } from "./baskets"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer, poolCounts } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"
import type { SuiteDatabase } from "./suite-database"
import { makeTicketAllocator } from "./ticket-allocator"

const HOUR = 60 * 60 * 1000

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
      it("keeps the sold counter in step with the pool: claims, a sell-out, a cancel, a release", async () => {
        // What the contracts cannot see: the sold count (decision 0046) and the pool's rows.
        const competitionId = await competitionOnSale(db(), { totalTickets: 5 })
        const early = await newCustomer(db())
        const late = await newCustomer(db())
        const first = await newOrder(early)
        await allocate(first, early, [{ competitionId, quantity: 3 }])
        let pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.ticketsSold]).toEqual([3, 3])
        expect(
          pool.tickets.filter((t) => t.orderId === first).every((t) => t.customerId === early),
        ).toBe(true)

        const second = await newOrder(late)
        await allocate(second, late, [{ competitionId, quantity: 4 }])
        pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.free, pool.ticketsSold]).toEqual([5, 0, 5])

        await Effect.runPromise(orders().transition(first, OrderStatus.AwaitingPayment))
        await Effect.runPromise(orders().transition(first, OrderStatus.SystemCancelled))
        pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.ticketsSold]).toEqual([2, 2])

        expect(await Effect.runPromise(allocator().release(second))).toBe(2)
        pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.free, pool.ticketsSold]).toEqual([0, 5, 0])
        expect(pool.tickets.every((t) => t.customerId === null)).toBe(true)
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
  })
