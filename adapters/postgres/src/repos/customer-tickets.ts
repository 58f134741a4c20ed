import {
  type CustomerCompetitionTickets,
  CustomerTicketRepo,
  type CustomerTicketRepoShape,
} from "@howzat/core/ports"
import { OrderStatus } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { emptyPage, isUuid, normalisePage, pageOffset, toPage } from "./shared"

/**
 * The customer's tickets of completed orders and free postal entries: an
 * unpaid order's tickets are held for it, not yet the customer's.
 */
const ownedTickets = (q: Kysely<Database>, customerId: string) =>
  q
    .selectFrom("tickets")
    .where("tickets.customerId", "=", customerId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("orders")
            .select(sql.lit(1).as("one"))
            .whereRef("orders.id", "=", "tickets.orderId")
            .where("orders.customerId", "=", customerId)
            .where("orders.status", "=", OrderStatus.Completed),
        ),
        eb.exists(
          eb
            .selectFrom("postalEntries")
            .select(sql.lit(1).as("one"))
            .whereRef("postalEntries.id", "=", "tickets.orderId")
            .where("postalEntries.customerId", "=", customerId),
        ),
      ]),
    )

export const makeCustomerTicketRepo = (db: Kysely<Database>): CustomerTicketRepoShape => ({
  competitions: ({ customerId, drawn, page }) =>
    runQuery(db, "customerTickets.competitions", async (q) => {
      if (!isUuid(customerId)) return emptyPage<CustomerCompetitionTickets>(page)
      const held = ownedTickets(q, customerId)
        .innerJoin("competitions", "competitions.id", "tickets.competitionId")
        .where((eb) => {
          const hasDraw = eb.exists(
            eb
              .selectFrom("draws")
              .select(sql.lit(1).as("one"))
              .whereRef("draws.competitionId", "=", "competitions.id"),
          )
          return drawn ? hasDraw : eb.not(hasDraw)
        })
      // The draw date, or the close date of a competition that has none.
      const when = sql`coalesce(competitions.draw_date_time_utc, competitions.close_date_time_utc)`
      const [rows, counted] = await Promise.all([
        held
          .select([
            "competitions.id as competitionId",
            sql<number[]>`array_agg(tickets.ticket_number order by tickets.ticket_number)`.as(
              "ticketNumbers",
            ),
          ])
          .groupBy("competitions.id")
          // Soonest first while waiting for a draw; the latest draw first once drawn.
          .orderBy(sql`${when} ${drawn ? sql`desc` : sql`asc`}`)
          .orderBy("competitions.id")
          .limit(normalisePage(page).pageSize)
          .offset(pageOffset(page))
          .execute(),
        held
          .select(sql<string>`count(distinct competitions.id)`.as("total"))
          .executeTakeFirstOrThrow(),
      ])
      return toPage(
        page,
        rows.map(
          (row): CustomerCompetitionTickets => ({
            competitionId: row.competitionId,
            ticketNumbers: row.ticketNumbers.map(Number),
          }),
        ),
        Number(counted.total),
      )
    }),

  ticketsIn: (customerId, competitionId) =>
    runQuery(db, "customerTickets.ticketsIn", async (q) => {
      if (!isUuid(customerId) || !isUuid(competitionId)) return []
      const rows = await ownedTickets(q, customerId)
        .select("tickets.ticketNumber")
        .where("tickets.competitionId", "=", competitionId)
        .orderBy("tickets.ticketNumber")
        .execute()
      return rows.map((row) => row.ticketNumber)
    }),

  openCompetitionIds: (customerId, now, limit) =>
    runQuery(db, "customerTickets.openCompetitionIds", async (q) => {
      if (!isUuid(customerId) || limit <= 0) return []
      const rows = await ownedTickets(q, customerId)
        .innerJoin("competitions", "competitions.id", "tickets.competitionId")
        .where("competitions.closeDateTimeUtc", ">", now)
        .select(["competitions.id as competitionId", "competitions.closeDateTimeUtc"])
        .groupBy(["competitions.id", "competitions.closeDateTimeUtc"])
        .orderBy("competitions.closeDateTimeUtc")
        .orderBy("competitions.id")
        .limit(limit)
        .execute()
      return rows.map((row) => row.competitionId)
    }),
})

export const CustomerTicketRepoLive: Layer.Layer<CustomerTicketRepo, never, Db> = Layer.effect(
  CustomerTicketRepo,
  Effect.map(Db, makeCustomerTicketRepo),
)
