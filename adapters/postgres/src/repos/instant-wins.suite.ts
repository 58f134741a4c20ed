import { randomUUID } from "node:crypto"
import type { InstantWinClaim } from "@howzat/core/ports/instant-wins"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect, Either } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { makeTransactions } from "../transactions"
import { makeCompetitionRepo } from "./competitions"
import { makeInstantWinRepo } from "./instant-wins"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makeSiteCreditLedger } from "./site-credit"
import type { SuiteDatabase } from "./suite-database"
import { makeTicketAllocator } from "./ticket-allocator"

const HOUR = 60 * 60 * 1000
const LATER = new Date(NOW.getTime() + HOUR)

/**
 * What only the database shows of the instant wins: a win on the public
 * list, a cancelled order's numbers back in the pool, a prize of site
 * credit credited once per winning ticket, and claims racing. What the
 * InstantWinRepo port promises (won once, only by the holder, processed
 * once, numbersAmong) is the contract's: test/contracts/instant-wins.*.
 */
export const instantWinsSuite = (
  name: string,
  open: () => Promise<SuiteDatabase>,
  options: { readonly concurrent: boolean } = { concurrent: false },
) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = (): Kysely<Database> => database.db
    const repo = () => makeInstantWinRepo(db())
    const ledger = () => makeSiteCreditLedger(db())
    const orders = () => makeOrderRepo(db())
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    /**
     * Four tickets: 1 and 2 win £5 of site credit, 3 a match ball, 4 nothing.
     * The groups' ids, by prize.
     */
    const luckyDip = async () => {
      const competitionId = await competitionOnSale(db(), {
        name: `Lucky Dip ${randomUUID().slice(0, 8)}`,
        totalTickets: 4,
        instantWinGroups: [
          {
            name: "£5 Site Credit",
            imageUrls: [],
            ticketNumbers: [1, 2],
            prizeSiteCredit: pence(500),
          },
          { name: "Kookaburra Match Ball", imageUrls: [], ticketNumbers: [3] },
        ],
      })
      return competitionId
    }

    /** A customer's order holding every ticket of the competition (the pool's own claim). */
    const orderHoldingAll = async (competitionId: string, customerId?: string) => {
      const customer = customerId ?? (await newCustomer(db()))
      const { order } = await run(
        orders().createForBasket({
          basketId: await newBasket(db(), customer),
          customerId: customer,
          createdAt: NOW,
          expiresAt: LATER,
        }),
      )
      const allocated = await run(
        makeTicketAllocator(db()).allocate({
          orderId: order.id,
          customerId: customer,
          at: NOW,
          lines: [{ competitionId, quantity: 4 }],
        }),
      )
      expect(allocated.lines[0]?.ticketNumbers).toEqual([1, 2, 3, 4])
      return { orderId: order.id, customerId: customer }
    }

    const claimOf = (
      order: { orderId: string; customerId: string },
      competitionId: string,
      ticketNumbers: readonly number[],
    ): InstantWinClaim => ({
      holding: { kind: "Order", orderId: order.orderId },
      customerId: order.customerId,
      winnerDisplayName: "Test B.",
      tickets: ticketNumbers.map((ticketNumber) => ({ competitionId, ticketNumber })),
      at: NOW,
    })

    const rowsOf = (competitionId: string) =>
      db()
        .selectFrom("instantWinTickets")
        .select([
          "ticketNumber",
          "wonAt",
          "winnerCustomerId",
          "winnerDisplayName",
          "orderId",
          "postalEntryId",
          "processedAt",
        ])
        .where("competitionId", "=", competitionId)
        .orderBy("ticketNumber")
        .execute()

    it("shows the win on the public list: WON! with the display name, and won / count", async () => {
      const competitionId = await luckyDip()
      const order = await orderHoldingAll(competitionId)
      await run(repo().claim(claimOf(order, competitionId, [2])))
      const competitions = makeCompetitionRepo(db())
      const listed = await run(
        competitions.instantWinTickets(
          competitionId,
          { status: "All" },
          { pageNumber: 1, pageSize: 50 },
        ),
      )
      expect(listed.items.map((t) => [t.ticketNumber, t.won, t.winnerDisplayName])).toEqual([
        [1, false, null],
        [2, true, "Test B."],
        [3, false, null],
      ])
      const competition = await run(competitions.byId(competitionId, { visibleOnly: true }))
      expect(competition.instantWinGroups.map((g) => [g.name, g.quantityWonToDate])).toEqual([
        ["£5 Site Credit", 1],
        ["Kookaburra Match Ball", 0],
      ])
    })

    it("a cancelled order's numbers go back to the pool still winning, for the next order", async () => {
      const competitionId = await luckyDip()
      const first = await orderHoldingAll(competitionId)
      await run(orders().transition(first.orderId, OrderStatus.Cancelled))
      expect(await run(repo().claim(claimOf(first, competitionId, [1, 2, 3])))).toEqual([])
      expect((await rowsOf(competitionId)).every((r) => r.wonAt === null)).toBe(true)

      const second = await orderHoldingAll(competitionId)
      const won = await run(repo().claim(claimOf(second, competitionId, [1, 2, 3])))
      expect(won).toHaveLength(3)
      expect((await rowsOf(competitionId)).map((r) => r.orderId)).toEqual([
        second.orderId,
        second.orderId,
        second.orderId,
      ])
    })

    describe("the ledger's prizes", () => {
      const wonCredit = async () => {
        const competitionId = await luckyDip()
        const order = await orderHoldingAll(competitionId)
        const won = await run(repo().claim(claimOf(order, competitionId, [1, 2])))
        return { ...order, won }
      }

      it("credits each winning ticket once and lists it on the customer's account", async () => {
        const { customerId, won } = await wonCredit()
        const [one, two] = won
        const credit = (ticketId: string, ticketNumber: number, at = NOW) =>
          run(
            ledger().creditInstantWin(
              customerId,
              {
                instantWinTicketId: ticketId,
                amount: pence(500),
                description: `Instant win: £5 Site Credit, ticket ${ticketNumber} (Lucky Dip)`,
              },
              at,
            ),
          )
        expect(await credit(one?.instantWinTicketId ?? "", one?.ticketNumber ?? 0)).toBe(true)
        expect(await credit(one?.instantWinTicketId ?? "", one?.ticketNumber ?? 0, LATER)).toBe(
          false,
        )
        expect(await credit(two?.instantWinTicketId ?? "", two?.ticketNumber ?? 0, LATER)).toBe(
          true,
        )
        expect(await run(ledger().balance(customerId))).toBe(1000)

        const page = await run(ledger().entries(customerId, { pageNumber: 1, pageSize: 20 }))
        expect(page.totalCount).toBe(2)
        expect(page.items.map((e) => [e.description, e.amount, e.reason, e.at])).toEqual([
          [
            `Instant win: £5 Site Credit, ticket ${two?.ticketNumber} (Lucky Dip)`,
            500,
            "InstantWin",
            LATER,
          ],
          [
            `Instant win: £5 Site Credit, ticket ${one?.ticketNumber} (Lucky Dip)`,
            500,
            "InstantWin",
            NOW,
          ],
        ])
        const second = await run(ledger().entries(customerId, { pageNumber: 2, pageSize: 1 }))
        expect(second.items.map((e) => e.at)).toEqual([NOW])
        expect(
          await run(ledger().entries("nonsense", { pageNumber: 1, pageSize: 20 })),
        ).toMatchObject({ items: [], totalCount: 0 })
      })

      it("refuses a prize entry that names no winning ticket, or one that names an order", async () => {
        const { customerId, orderId, won } = await wonCredit()
        const insert = (values: { instantWinTicketId: string | null; orderId: string | null }) =>
          Effect.runPromise(
            Effect.either(
              Effect.tryPromise(() =>
                db()
                  .insertInto("siteCreditEntries")
                  .values({
                    customerId,
                    amountPence: 500,
                    reason: "InstantWin",
                    createdAt: NOW,
                    ...values,
                  })
                  .execute(),
              ),
            ),
          )
        expect(Either.isLeft(await insert({ instantWinTicketId: null, orderId: null }))).toBe(true)
        expect(
          Either.isLeft(
            await insert({ instantWinTicketId: won[0]?.instantWinTicketId ?? null, orderId }),
          ),
        ).toBe(true)
        // A grant cannot pose as a prize of a ticket either.
        const grant = await Effect.runPromise(
          Effect.either(
            Effect.tryPromise(() =>
              db()
                .insertInto("siteCreditEntries")
                .values({
                  customerId,
                  amountPence: 500,
                  reason: "Grant",
                  instantWinTicketId: won[0]?.instantWinTicketId ?? null,
                  createdAt: NOW,
                })
                .execute(),
            ),
          ),
        )
        expect(Either.isLeft(grant)).toBe(true)
      })
    })

    it.runIf(options.concurrent)(
      "wins and credits once when several processes complete the same order at once",
      async () => {
        const competitionId = await luckyDip()
        const order = await orderHoldingAll(competitionId)
        const complete = () =>
          makeTransactions(db()).within(
            Effect.gen(function* () {
              const won = yield* repo().claim(claimOf(order, competitionId, [1, 2, 3, 4]))
              yield* Effect.sleep(5)
              for (const prize of won) {
                if (prize.siteCredit === null) continue
                yield* ledger().creditInstantWin(
                  order.customerId,
                  {
                    instantWinTicketId: prize.instantWinTicketId,
                    amount: prize.siteCredit,
                    description: "Instant win",
                  },
                  NOW,
                )
              }
              return won.length
            }),
          )
        const counts = await run(
          Effect.all(Array.from({ length: 8 }, complete), { concurrency: 8 }),
        )
        expect(counts.reduce((a, b) => a + b, 0)).toBe(3)
        expect(await run(ledger().balance(order.customerId))).toBe(1000)
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from site_credit_entries where customer_id = ${order.customerId}::uuid
        `.execute(db())
        expect(Number(rows[0]?.n)).toBe(2)
      },
    )
  })
