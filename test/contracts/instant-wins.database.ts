import { randomUUID } from "node:crypto"
import { type InstantWinClaim, InstantWinRepo, type TicketHolding } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { makeCompetitionRepo, makeSiteCreditLedger } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeInstantWinRepo,
  makeOrderRepo,
  makeTicketAllocator,
  makeTransactions,
  NOW,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Deferred, Effect, Either, Fiber, Layer } from "effect"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { lockWaits } from "../support/lock-waits"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"
import type { InstantWinsWorld } from "./instant-wins.contract"

/**
 * The instant-wins contract's world on a real database (PGlite or
 * PostgreSQL): competitions as the writer creates them, a holding as the
 * pool's own claim (the tickets' `order_id`, a postal entry's under its
 * own id, decision 0022), and a number's winner read from its row.
 */
export const instantWinsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<InstantWinsWorld> => {
    const { db, close } = await open()
    const take = async (competitionId: string, ticketNumbers: readonly number[], id: string) => {
      if (ticketNumbers.length === 0) return
      await db
        .updateTable("tickets")
        .set({ orderId: id, allocatedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "in", [...ticketNumbers])
        .where("orderId", "is", null)
        .execute()
    }
    return {
      layer: Layer.succeed(InstantWinRepo, makeInstantWinRepo(db)),
      competition: (name, totalTickets, groups) =>
        competitionOnSale(db, {
          name,
          totalTickets,
          instantWinGroups: groups.map((g) => ({
            name: g.name,
            imageUrls: [],
            ticketNumbers: [...g.ticketNumbers],
            prizeSiteCredit: g.prizeSiteCredit ?? undefined,
          })),
        }),
      customer: () => newCustomer(db),
      hold: async (competitionId, ticketNumbers, kind): Promise<TicketHolding> => {
        const id = randomUUID()
        await take(competitionId, ticketNumbers, id)
        if (kind === "Order") return { kind, orderId: id }
        await db
          .insertInto("postalEntries")
          .values({
            id,
            competitionId,
            ticketNumber: ticketNumbers[0] ?? 0,
            customerId: null,
            firstName: "Pat",
            lastName: "Postcard",
            email: `pat-${id}@example.com`,
            dateOfBirth: "1980-02-02",
            telephoneNumber: "",
            entryReference: id,
            enteredBy: randomUUID(),
            enteredAt: NOW,
          })
          .execute()
        return { kind, postalEntryId: id }
      },
      release: async (competitionId, ticketNumbers) => {
        await db
          .updateTable("tickets")
          .set({ orderId: null, customerId: null, allocatedAt: null })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "in", [...ticketNumbers])
          .execute()
      },
      stateOf: (competitionId, ticketNumber) =>
        db
          .selectFrom("instantWinTickets")
          .select([
            "wonAt",
            "winnerCustomerId",
            "winnerDisplayName",
            "orderId",
            "postalEntryId",
            "processedAt",
          ])
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .executeTakeFirstOrThrow(),
      close,
    }
  }

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** What the database's facts of instant wins seed: a lucky dip, an order holding it all, a claim. */
const luckyDips = (db: () => ContractDatabase["db"]) => {
  /** Four tickets: 1 and 2 win £5 of site credit, 3 a match ball, 4 nothing. */
  const luckyDip = () =>
    competitionOnSale(db(), {
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

  /** A customer's order holding every ticket of the competition (the pool's own claim). */
  const orderHoldingAll = async (competitionId: string) => {
    const customerId = await newCustomer(db())
    const { order } = await run(
      makeOrderRepo(db()).createForBasket({
        basketId: await newBasket(db(), customerId),
        customerId,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 60 * 60 * 1000),
      }),
    )
    const allocated = await run(
      makeTicketAllocator(db()).allocate({
        orderId: order.id,
        customerId,
        at: NOW,
        lines: [{ competitionId, quantity: 4 }],
      }),
    )
    expect(allocated.lines[0]?.ticketNumbers).toEqual([1, 2, 3, 4])
    return { orderId: order.id, customerId }
  }

  const claimOf = (
    order: { readonly orderId: string; readonly customerId: string },
    competitionId: string,
    ticketNumbers: readonly number[],
  ): InstantWinClaim => ({
    holding: { kind: "Order", orderId: order.orderId },
    customerId: order.customerId,
    winnerDisplayName: "Test B.",
    tickets: ticketNumbers.map((ticketNumber) => ({ competitionId, ticketNumber })),
    at: NOW,
  })

  return { luckyDip, orderHoldingAll, claimOf }
}

/**
 * What only the database shows of instant wins: a win read back by the
 * catalogue from the same rows, and the site-credit ledger's checks on a
 * prize's line.
 */
export const instantWinsDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)
    const { luckyDip, orderHoldingAll, claimOf } = luckyDips(db)

    it("shows the win on the public list: WON! with the display name, and won / count", async () => {
      const competitionId = await luckyDip()
      const order = await orderHoldingAll(competitionId)
      await run(makeInstantWinRepo(db()).claim(claimOf(order, competitionId, [2])))
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

    it("refuses a prize entry that names no winning ticket, or one that names an order", async () => {
      const competitionId = await luckyDip()
      const order = await orderHoldingAll(competitionId)
      const won = await run(makeInstantWinRepo(db()).claim(claimOf(order, competitionId, [1, 2])))
      const { customerId, orderId } = order
      const insert = (values: {
        readonly reason: "InstantWin" | "Grant"
        readonly instantWinTicketId: string | null
        readonly orderId: string | null
      }) =>
        run(
          Effect.either(
            Effect.tryPromise(() =>
              db()
                .insertInto("siteCreditEntries")
                .values({ customerId, amountPence: 500, createdAt: NOW, ...values })
                .execute(),
            ),
          ),
        )
      const ticket = won[0]?.instantWinTicketId ?? null
      expect(
        Either.isLeft(
          await insert({ reason: "InstantWin", instantWinTicketId: null, orderId: null }),
        ),
      ).toBe(true)
      expect(
        Either.isLeft(await insert({ reason: "InstantWin", instantWinTicketId: ticket, orderId })),
      ).toBe(true)
      // A grant cannot pose as a prize of a ticket either.
      expect(
        Either.isLeft(await insert({ reason: "Grant", instantWinTicketId: ticket, orderId: null })),
      ).toBe(true)
    })
  })

/**
 * Completions of one order racing on a server, which has the sessions to
 * race on: the first to claim holds its transaction open until PostgreSQL
 * shows every other completion waiting for a lock, so they are known to
 * have overlapped; each number is still won, and credited, once.
 */
export const instantWinsRacingOnServer = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)
    const { luckyDip, orderHoldingAll, claimOf } = luckyDips(db)

    it("wins and credits once when several processes complete the same order at once", async () => {
      const competitionId = await luckyDip()
      const order = await orderHoldingAll(competitionId)
      const repo = makeInstantWinRepo(db())
      const ledger = makeSiteCreditLedger(db())
      const racers = 8
      const counts = await run(
        Effect.gen(function* () {
          const gate = yield* Deferred.make<void>()
          const complete = makeTransactions(db()).within(
            Effect.gen(function* () {
              const won = yield* repo.claim(claimOf(order, competitionId, [1, 2, 3, 4]))
              // The first here holds the numbers it won until every other racer waits.
              yield* Deferred.await(gate)
              for (const prize of won) {
                if (prize.siteCredit === null) continue
                yield* ledger.creditInstantWin(
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
          const racing = yield* Effect.fork(
            Effect.all(
              Array.from({ length: racers }, () => complete),
              { concurrency: racers },
            ),
          )
          yield* Effect.promise(() =>
            lockWaits(db(), racers - 1, () => racing.unsafePoll() !== null),
          )
          yield* Deferred.succeed(gate, undefined)
          return yield* Fiber.join(racing)
        }),
      )
      expect(counts.reduce((a, b) => a + b, 0)).toBe(3)
      expect(await run(ledger.balance(order.customerId))).toBe(1000)
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from site_credit_entries where customer_id = ${order.customerId}::uuid
      `.execute(db())
      expect(Number(rows[0]?.n)).toBe(2)
    })
  })
