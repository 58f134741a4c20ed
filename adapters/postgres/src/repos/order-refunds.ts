import {
  OrderRefundRepo,
  type OrderRefundRepoShape,
  type WinningTicket,
} from "@howzat/core/ports/order-refunds"
import { pence } from "@howzat/core/rules/money"
import type { RefundCompetition } from "@howzat/core/rules/refunds"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"
import { addTicketsSold } from "./tickets-sold"

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
    runQuery(db, "orderRefunds.returnTickets", async (q) => {
      if (!isUuid(orderId) || competitionIds.length === 0) return 0
      const freed = await q
        .updateTable("tickets")
        .set({ orderId: null, customerId: null, allocatedAt: null })
        .where("orderId", "=", orderId)
        .where("competitionId", "in", competitionIds)
        .returning("competitionId")
        .execute()
      const counts = new Map<string, number>()
      for (const { competitionId } of freed)
        counts.set(competitionId, (counts.get(competitionId) ?? 0) + 1)
      // Kept in step with the pool, as the allocator's own release does.
      for (const [competitionId, count] of counts) await addTicketsSold(q, competitionId, -count)
      return freed.length
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
