import { randomUUID } from "node:crypto"
import {
  BasketRepo,
  CustomerTicketRepo,
  OrderRepo,
  PickedNumberStore,
  TicketAllocator,
} from "@howzat/core/ports"
import { OrderStatus, pence } from "@howzat/core/rules"
import { type Database, makePickedNumberStore, makeTransactions } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeBasketRepo,
  makeCustomerTicketRepo,
  makeOrderRepo,
  makePostalEntryRepo,
  makePromotionUses,
  makeTicketAllocator,
  newClub,
  newCustomer,
  newPromotion,
  poolCounts,
} from "@howzat/postgres/testing"
import { Effect, Either, Layer } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inOpenTransaction, lockWaits, raceBehind } from "../support/lock-waits"
import { DAY, HOUR, NOW, type OrdersWorld } from "./orders.world"

/** Bea Bowler's free postal entry, recorded through its own repository: answers its number. */
const recordPostalEntry = async (
  db: Kysely<Database>,
  entry: { competitionId: string; customerId: string | null; emailAddress: string },
) => {
  const recorded = await Effect.runPromise(
    makePostalEntryRepo(db).record({
      ...entry,
      firstName: "Bea",
      lastName: "Bowler",
      dateOfBirth: "1980-02-03",
      telephoneNumber: "",
      address: { line1: "2 Long Room", line2: "", city: "Leeds", county: "", postCode: "LS6 3BU" },
      entryReference: null,
      enteredBy: randomUUID(),
      enteredAt: NOW,
    }),
  )
  if (recorded === null) throw new Error("no ticket left for the postal entry")
  return recorded.ticketNumber
}

/**
 * The orders contracts' world on a real database (PGlite or PostgreSQL):
 * competitions made with their pools, customers and promotions as rows, a
 * draw as the draw job leaves it (the competition marked drawn, its draws
 * row), and a postal entry recorded through its own repository.
 */
export const ordersOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<OrdersWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.mergeAll(
        Layer.succeed(BasketRepo, makeBasketRepo(db)),
        Layer.succeed(TicketAllocator, makeTicketAllocator(db)),
        Layer.succeed(OrderRepo, makeOrderRepo(db)),
        Layer.succeed(CustomerTicketRepo, makeCustomerTicketRepo(db)),
        Layer.succeed(PickedNumberStore, makePickedNumberStore(db)),
      ),
      customer: (named) => newCustomer(db, named),
      competition: (seed = {}) =>
        competitionOnSale(db, {
          ...(seed.name === undefined ? {} : { name: seed.name }),
          ...(seed.ticketPrice === undefined ? {} : { ticketPrice: seed.ticketPrice }),
          ...(seed.totalTickets === undefined ? {} : { totalTickets: seed.totalTickets }),
          ...(seed.maxTicketsPerCustomer === undefined
            ? {}
            : { maxTicketsPerCustomer: seed.maxTicketsPerCustomer }),
          startDateTimeUtc: seed.opensAt ?? new Date(NOW.getTime() - DAY),
          closeDateTimeUtc: seed.closesAt ?? new Date(NOW.getTime() + 10 * DAY),
          drawDateTimeUtc:
            seed.drawAt === undefined ? new Date(NOW.getTime() + 11 * DAY) : seed.drawAt,
        }),
      promotion: async (promotion) => {
        await newPromotion(db, promotion)
      },
      draw: async (competitionId, at) => {
        await db
          .updateTable("competitions")
          .set({ drawnAt: at })
          .where("id", "=", competitionId)
          .execute()
        await db
          .insertInto("draws")
          .values({
            competitionId,
            drawType: "Automatic",
            drawDate: at,
            drawnAt: at,
            outcome: "NoEntries",
            entriesHash: "",
            entryCount: 0,
            beaconSource: "none",
            beaconValue: "",
          })
          .execute()
      },
      postalEntry: (customerId, competitionId) =>
        recordPostalEntry(db, {
          competitionId,
          customerId,
          emailAddress: `bea-${randomUUID()}@example.com`,
        }),
      postalEntryWithoutAccount: (email, competitionId) =>
        recordPostalEntry(db, { competitionId, customerId: null, emailAddress: email }),
      close,
    }
  }

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** The orders world's database, opened for a database-side suite, and an order to buy with. */
const opened = (open: () => Promise<SuiteDatabase>) => {
  let database: SuiteDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())
  const db = () => database.db
  /** A new order of the customer's, as checkout makes one. */
  const newOrder = async (customerId: string, q: Kysely<Database> = db()) => {
    const { id: basketId } = await run(makeBasketRepo(q).create(customerId))
    const { order } = await run(
      makeOrderRepo(q).createForBasket({
        basketId,
        customerId,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + HOUR),
      }),
    )
    return order.id
  }
  /** A voucher of 10% off with a code no other test uses, and a read of its count. */
  const voucher = async (usageLimit: number | null, clubId: string | null = null) => {
    const code = `V${randomUUID().slice(0, 8).toUpperCase()}`
    await db()
      .insertInto("promotions")
      .values({
        code,
        description: code,
        discountKind: "Percentage",
        percent: 10,
        usageLimit,
        clubId,
      })
      .execute()
    const count = async () =>
      (
        await db()
          .selectFrom("promotions")
          .select("usageCount")
          .where("code", "=", code)
          .executeTakeFirstOrThrow()
      ).usageCount
    return { code, count }
  }
  return { db, newOrder, voucher }
}

/**
 * What only the database shows of orders (PGlite and PostgreSQL): the sold
 * counter kept in step with the pool (decision 0046), the pool's random
 * order, a claim undone with the caller's transaction, and the club
 * ledger's row. Run after the contract, on its database.
 */
export const ordersInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, newOrder, voucher } = opened(open)
    const allocator = () => makeTicketAllocator(db())
    const allocate = (
      orderId: string,
      customerId: string,
      lines: { competitionId: string; quantity: number }[],
    ) => run(allocator().allocate({ orderId, customerId, at: NOW, lines }))

    it("keeps the sold counter in step with the pool: claims, a sell-out, a cancel, a release", async () => {
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

      const orders = makeOrderRepo(db())
      await run(orders.transition(first, OrderStatus.AwaitingPayment))
      await run(orders.transition(first, OrderStatus.SystemCancelled))
      pool = await poolCounts(db(), competitionId)
      expect([pool.sold, pool.ticketsSold]).toEqual([2, 2])

      expect(await run(allocator().release(second))).toBe(2)
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
      const failed = await run(
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

    it("writes a club's credit for an order as one ledger row", async () => {
      const clubId = await newClub(db())
      const clubs = await voucher(null, clubId)
      const plain = await voucher(null)
      const orderId = await newOrder(await newCustomer(db()))
      const uses = makePromotionUses(db())
      await run(uses.claim(orderId, [clubs.code, plain.code]))
      expect(await run(uses.creditClub(clubId, orderId, pence(90), NOW))).toBe(true)
      expect(await run(uses.creditClub(clubId, orderId, pence(90), NOW))).toBe(false)
      const entries = await db()
        .selectFrom("clubCreditEntries")
        .select(["amountPence", "orderId"])
        .where("clubId", "=", clubId)
        .execute()
      expect(entries).toEqual([{ amountPence: 90, orderId }])
    })
  })

/**
 * Races for a basket and a voucher on PostgreSQL, each made to happen: the
 * first request holds its rows in an open transaction while the others
 * queue behind it (as pg_locks shows), then it commits. PGlite is one
 * session, where nothing races.
 */
export const orderRacesOnPostgres = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, newOrder, voucher } = opened(open)

    it("lets one of two customers racing for a visitor's basket have it", async () => {
      const { id } = await run(makeBasketRepo(db()).create(null))
      const [ann, bob] = [await newCustomer(db()), await newCustomer(db())]
      const claim = (customerId: string) => (q: Kysely<Database>) =>
        run(Effect.either(makeBasketRepo(q).claim(id, customerId)))
      const outcomes = await raceBehind(db(), claim(ann), [() => claim(bob)(db())])
      expect(outcomes.map((o) => (Either.isRight(o) ? "Claimed" : o.left._tag))).toEqual([
        "Claimed",
        "BasketNotFound",
      ])
      expect((await run(makeBasketRepo(db()).byId(id))).customerId).toBe(ann)
    })

    it("holds the basket for checkout: a change waits for the order, then is refused", async () => {
      const car = await competitionOnSale(db(), { name: "Car" })
      const customerId = await newCustomer(db())
      const { id } = await run(makeBasketRepo(db()).create(customerId))
      const key = { basketId: id, owner: customerId }
      await run(makeBasketRepo(db()).setItem(key, car, 2))
      const { orderId, change } = await inOpenTransaction(db(), async (checkout) => {
        await run(makeBasketRepo(checkout).holdForCheckout(id))
        // Asked once checkout holds the basket: it can only be answered after the order exists.
        const change = run(Effect.either(makeBasketRepo(db()).setItem(key, car, 5)))
        await lockWaits(db(), 1)
        const { order } = await run(
          makeOrderRepo(checkout).createForBasket({
            basketId: id,
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        )
        await checkout.commit().execute()
        return { orderId: order.id, change: await change }
      })
      expect(Either.isLeft(change) && change.left).toMatchObject({
        _tag: "BasketCheckedOut",
        orderId,
      })
      const basket = await run(makeBasketRepo(db()).byId(id))
      expect(basket.items.map((i) => i.quantity)).toEqual([2])
    })

    it("never passes a voucher's limit when checkouts claim its last uses at once", async () => {
      const limited = await voucher(4)
      const customerId = await newCustomer(db())
      const orderIds = []
      for (let i = 0; i < 8; i++) orderIds.push(await newOrder(customerId))
      const [first = "", ...others] = orderIds
      const claim = (orderId: string) => (q: Kysely<Database>) =>
        run(makePromotionUses(q).claim(orderId, [limited.code]))
      const claimed = await raceBehind(
        db(),
        claim(first),
        others.map((orderId) => () => claim(orderId)(db())),
      )
      expect(claimed.filter((codes) => codes.length === 1)).toHaveLength(4)
      expect(await limited.count()).toBe(4)
    })
  })
