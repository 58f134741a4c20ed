import { OrderRefundRepo, type OrderRefundRepoShape, type WinningTicket } from "@howzat/core/ports"
import { pence, type RefundCompetition } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"
import { returnToPool } from "./ticket-allocator"

export const makeOrderRefundRepo = (db: Kysely<Database>): OrderRefundRepoShape => ({
  facts: (orderId) =>
    runQuery(db, "orderRefunds.facts", async (q) => {
      if (!isUuid(orderId)) return { competitions: [], winningTickets: [] }
      const competitions = await q
        .selectFrom("orderLines")
        .innerJoin("competitions", "competitions.id", "orderLines.competitionId")
        .select([
          "competitions.id",
          "competitions.name",
          "competitions.closeDateTimeUtc",
          sql<boolean>`competitions.drawn_at is not null
            or exists (select 1 from draws d where d.competition_id = competitions.id)`.as("drawn"),
        ])
        .where("orderLines.orderId", "=", orderId)
        .orderBy("competitions.name")
        .execute()
      const instantWins = await q
        .selectFrom("instantWinTickets")
        .select(["competitionId", "ticketNumber"])
        .where("orderId", "=", orderId)
        .where("wonAt", "is not", null)
        .execute()
      const mainWins = await q
        .selectFrom("draws")
        .innerJoin("tickets", (join) =>
          join
            .onRef("tickets.competitionId", "=", "draws.competitionId")
            .onRef("tickets.ticketNumber", "=", "draws.winningTicketNumber"),
        )
        .select(["tickets.competitionId", "tickets.ticketNumber"])
        .where("tickets.orderId", "=", orderId)
        .execute()
      return {
        competitions: competitions.map(
          (row): RefundCompetition => ({
            competitionId: row.id,
            name: row.name,
            closesAt: row.closeDateTimeUtc,
            drawn: row.drawn,
          }),
        ),
        winningTickets: [
          ...mainWins.map((w): WinningTicket => ({ ...w, prize: "Main" })),
          ...instantWins.map((w): WinningTicket => ({ ...w, prize: "InstantWin" })),
        ],
      }
    }),

  returnTickets: (orderId, competitionIds) =>
    runQuery(db, "orderRefunds.returnTickets", (q) => {
      const ids = competitionIds.filter(isUuid)
      return !isUuid(orderId) || ids.length === 0
        ? Promise.resolve(0)
        : // As the allocator's own release: counted off, and at a random place in the pool.
          atomically(q, (trx) => returnToPool(trx, orderId, ids))
    }),

  reverseClubCredit: (orderId, at) =>
    runQuery(db, "orderRefunds.reverseClubCredit", async (q) => {
      if (!isUuid(orderId)) return pence(0)
      // Once per club and order: a second reversal meets the unique constraint.
      const { rows } = await sql<{ amountPence: number }>`
        insert into club_credit_entries (club_id, order_id, amount_pence, created_at, reversal)
        select club_id, order_id, -amount_pence, ${at.toISOString()}::timestamptz, true
        from club_credit_entries
        where order_id = ${orderId}::uuid and not reversal
        on conflict (club_id, order_id, reversal) do nothing
        returning amount_pence as "amountPence"`.execute(q)
      return pence(rows.reduce((sum, row) => sum - row.amountPence, 0))
    }),
})

export const OrderRefundRepoLive: Layer.Layer<OrderRefundRepo, never, Db> = Layer.effect(
  OrderRefundRepo,
  Effect.map(Db, makeOrderRefundRepo),
)
