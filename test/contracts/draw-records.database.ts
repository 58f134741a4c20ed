import { randomUUID } from "node:crypto"
import { DrawRecords, DrawRepo, type NewCompetition, Transactions } from "@howzat/core/ports"
import type { OrderStatus } from "@howzat/core/rules"
import { makeCompetitionRepo } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  customerPerson,
  makeDrawRecords,
  makeDrawRepo,
  makeOrderRepo,
  makeTicketAllocator,
  makeTransactions,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Deferred, Effect, Fiber, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { lockWaits } from "../support/lock-waits"
import { type DrawsWorld, drawOf, type Sale, yearOf } from "./draw-records.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** Paths through the order status machine to each status a sale is left in. */
const pathTo: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: [],
  AwaitingPayment: ["AwaitingPayment"],
  Completed: ["AwaitingPayment", "Completed"],
  Cancelled: ["Cancelled"],
  SystemCancelled: ["AwaitingPayment", "SystemCancelled"],
  Refunded: ["AwaitingPayment", "Completed", "Refunded"],
}

/**
 * The draws' contracts' world on a real database (PGlite or PostgreSQL):
 * competitions as the writer creates them, orders through the order
 * repository and the ticket allocator, the demo seed's sales and a private
 * winner as rows.
 */
export const drawsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<DrawsWorld> => {
    const { db, close } = await open()
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
    const closes = new Map<string, Date>()
    const orders = makeOrderRepo(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(DrawRecords, makeDrawRecords(db)),
        Layer.succeed(DrawRepo, makeDrawRepo(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      competition: async (c) => {
        const id = await competitionOnSale(db, {
          ...(c.name === undefined ? {} : { name: c.name }),
          startDateTimeUtc: new Date(c.closeAt.getTime() - DAY),
          closeDateTimeUtc: c.closeAt,
          drawDateTimeUtc: c.drawAt === undefined ? new Date(c.closeAt.getTime() + HOUR) : c.drawAt,
          drawType: c.drawType ?? "Live",
          visibilityStatus: c.visibility ?? "Visible",
          totalTickets: c.totalTickets ?? 20,
          instantWinGroups: (c.instantWinGroups ?? []).map((g) => ({
            name: g.name,
            imageUrls: [],
            ticketNumbers: [...g.ticketNumbers],
          })),
        })
        closes.set(id, c.closeAt)
        return id
      },
      customer: () => newCustomer(db),
      sell: async (competitionId, quantity, status): Promise<Sale> => {
        const closesAt = closes.get(competitionId) ?? new Date()
        const customerId = await newCustomer(db)
        const basketId = await newBasket(db, customerId)
        const at = new Date(closesAt.getTime() - HOUR)
        const { order } = await run(
          orders.createForBasket({ basketId, customerId, createdAt: at, expiresAt: closesAt }),
        )
        const { lines } = await run(
          makeTicketAllocator(db).allocate({
            orderId: order.id,
            customerId,
            at,
            lines: [{ competitionId, quantity }],
          }),
        )
        const ticketNumbers = [...(lines[0]?.ticketNumbers ?? [])]
        await db
          .insertInto("orderLines")
          .values({
            orderId: order.id,
            competitionId,
            quantityRequested: quantity,
            quantity: ticketNumbers.length,
            unitPricePence: 99,
            preDiscountTotalPence: 99 * ticketNumbers.length,
            lineTotalPence: 99 * ticketNumbers.length,
          })
          .execute()
        for (const next of pathTo[status]) await run(orders.transition(order.id, next))
        const person = await customerPerson(db, customerId)
        return {
          orderId: order.id,
          holder: {
            customerId,
            firstName: person.firstName,
            fullName: `${person.firstName} ${person.lastName}`,
            email: person.email,
          },
          ticketNumbers,
        }
      },
      pay: async (_competitionId, sale) => {
        await run(orders.transition(sale.orderId, "Completed"))
      },
      soldWithoutCustomer: async (competitionId, count) => {
        const free = await db
          .selectFrom("tickets")
          .select("ticketNumber")
          .where("competitionId", "=", competitionId)
          .where("orderId", "is", null)
          .orderBy("ticketNumber")
          .limit(count)
          .execute()
        const numbers = free.map((t) => t.ticketNumber)
        await db
          .updateTable("tickets")
          .set({ orderId: randomUUID(), allocatedAt: closes.get(competitionId) ?? new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "in", numbers)
          .execute()
        return numbers
      },
      postalEntry: async (competitionId): Promise<Sale> => {
        const id = randomUUID()
        const free = await db
          .selectFrom("tickets")
          .select("ticketNumber")
          .where("competitionId", "=", competitionId)
          .where("orderId", "is", null)
          .orderBy("ticketNumber")
          .executeTakeFirstOrThrow()
        // A postal entry holds its pool ticket under its own id (decision 0022).
        await db
          .updateTable("tickets")
          .set({ orderId: id, allocatedAt: closes.get(competitionId) ?? new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", free.ticketNumber)
          .execute()
        const email = `pat-${id}@example.com`
        await db
          .insertInto("postalEntries")
          .values({
            id,
            competitionId,
            ticketNumber: free.ticketNumber,
            customerId: null,
            firstName: "Pat",
            lastName: "Postcard",
            email,
            dateOfBirth: "1980-02-02",
            telephoneNumber: "",
            entryReference: id,
            enteredBy: randomUUID(),
            enteredAt: closes.get(competitionId) ?? new Date(),
          })
          .execute()
        return {
          orderId: id,
          holder: { customerId: null, firstName: "Pat", fullName: "Pat Postcard", email },
          ticketNumbers: [free.ticketNumber],
        }
      },
      keepWinnerPrivate: async (competitionId) => {
        await db
          .updateTable("draws")
          .set({ isVisible: false })
          .where("competitionId", "=", competitionId)
          .execute()
      },
      close,
    }
  }

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** On sale from `at` minus a day, closing at `at`, drawn live an hour later unless told. */
const competitionAt = (
  db: ContractDatabase["db"],
  at: Date,
  overrides: Partial<NewCompetition> = {},
) =>
  competitionOnSale(db, {
    startDateTimeUtc: new Date(at.getTime() - DAY),
    closeDateTimeUtc: at,
    drawDateTimeUtc: new Date(at.getTime() + HOUR),
    drawType: "Live",
    ...overrides,
  })

/**
 * What only the database shows of the draw records: `awaiting` gives the
 * catalogue's own competition, read from the same rows, which no two
 * in-memory stores share.
 */
export const drawRecordsDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("awaiting gives the catalogue's own competition, instant-win groups and all", async () => {
      const day = yearOf(2008)
      const putOff = await competitionAt(db(), day(2), {
        name: "Put off",
        drawDateTimeUtc: day(3),
        totalTickets: 20,
        instantWinGroups: [{ name: "£5", imageUrls: [], ticketNumbers: [4] }],
      })
      const scope = { drawTypes: ["Live"] as const, visibleOnly: true }
      const listed = await run(makeDrawRecords(db()).awaiting(day(10), scope))
      const catalogued = await run(makeCompetitionRepo(db()).byId(putOff, { visibleOnly: true }))
      expect(listed.find((c) => c.id === putOff)).toEqual(catalogued)
    })
  })

/**
 * The row lock that makes a draw happen once across processes: only a
 * server has two sessions to race on. The second drawer is seen waiting
 * for the lock by PostgreSQL itself before the first is let go.
 */
export const drawRecordsLockOnServer = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("lock holds a second drawer until the first commits, which then finds its draw", async () => {
      const id = await competitionAt(db(), yearOf(2006)(1))
      const records = makeDrawRecords(db())
      const transactions = makeTransactions(db())
      await run(
        Effect.gen(function* () {
          const locked = yield* Deferred.make<void>()
          const release = yield* Deferred.make<void>()
          const first = yield* Effect.fork(
            transactions.within(
              Effect.gen(function* () {
                yield* records.lock(id)
                yield* Deferred.succeed(locked, undefined)
                yield* Deferred.await(release)
                yield* records.record(drawOf(id), "1\n2\n3")
              }),
            ),
          )
          yield* Deferred.await(locked)
          const second = yield* Effect.fork(transactions.within(records.lock(id)))
          yield* Effect.promise(() => lockWaits(db(), 1, () => second.unsafePoll() !== null))
          expect(yield* Fiber.poll(second)).toEqual(Option.none())

          yield* Deferred.succeed(release, undefined)
          yield* Fiber.join(first)
          const seen = yield* Fiber.join(second)
          expect(seen.draw?.winningTicketNumber).toBe(2)
        }),
      )
    })
  })
