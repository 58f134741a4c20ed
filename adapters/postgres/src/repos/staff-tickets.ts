import { CompetitionNotFound, InstantWinGroupNotFound } from "@howzat/core/competitions"
import {
  type SoldTicket,
  type SoldTicketQuery,
  StaffTicketReads,
  type StaffTicketReadsShape,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, type RawBuilder, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid, normalisePage, pageOffset, toPage } from "./shared"

/**
 * A sold ticket is what the draw counts as an entry (draw-records'
 * soldTicketNumbers): held by an order that is paid, or by no order row at
 * all (the demo seed's sales). A ticket an unpaid order holds is not sold.
 */
const isSold = (ticket: string) => sql`(${sql.ref(`${ticket}.order_id`)} is not null
  and not exists (select 1 from orders o
    where o.id = ${sql.ref(`${ticket}.order_id`)} and o.status <> 'Completed'))`

interface Row {
  readonly ticketNumber: number
  readonly customerId: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly email: string | null
  readonly instantWinGroupId: string | null
  readonly instantWinGroupName: string | null
  readonly wonAt: Date | null
  readonly totalCount: string | number
}

const toSoldTicket = (row: Row): SoldTicket => ({
  ticketNumber: row.ticketNumber,
  holder:
    row.customerId === null
      ? null
      : {
          customerId: row.customerId,
          fullName: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
          email: row.email ?? "",
        },
  instantWin:
    row.instantWinGroupId === null
      ? null
      : {
          instantWinGroupId: row.instantWinGroupId,
          instantWinGroupName: row.instantWinGroupName ?? "",
          won: row.wonAt !== null,
        },
})

/**
 * The TicketStatus filter (core/src/rules/ticket-status.ts) over `soldRow`,
 * which is non-null exactly when the row's ticket is sold.
 */
const saleFilter = (soldRow: string, query: SoldTicketQuery) =>
  query.ticketStatus === "Sold"
    ? sql`and ${sql.ref(soldRow)} is not null`
    : query.ticketStatus === "Unsold"
      ? sql`and ${sql.ref(soldRow)} is null`
      : sql``

const numberRange = (column: string, query: SoldTicketQuery) => sql`
  ${query.fromTicketNumber === undefined ? sql`` : sql`and ${sql.ref(column)} >= ${query.fromTicketNumber}`}
  ${query.toTicketNumber === undefined ? sql`` : sql`and ${sql.ref(column)} <= ${query.toTicketNumber}`}
  ${query.status === "Won" ? sql`and iw.won_at is not null` : sql``}
  ${query.status === "NotWon" ? sql`and iw.won_at is null` : sql``}`

/** One page of rows and the count of all, in one statement (count(*) over ()). */
const page = async (
  db: Kysely<Database>,
  query: SoldTicketQuery,
  statement: RawBuilder<unknown>,
) => {
  const { pageSize } = normalisePage(query.page)
  const rows = await sql<Row>`${statement}
    order by ticket_number limit ${pageSize} offset ${pageOffset(query.page)}`.execute(db)
  const totalCount = rows.rows[0]?.totalCount
  if (totalCount !== undefined || pageOffset(query.page) === 0) {
    return toPage(query.page, rows.rows.map(toSoldTicket), Number(totalCount ?? 0))
  }
  // Past the last page: no row carries the count, so count on its own.
  const counted = await sql<{ totalCount: string | number }>`
    select count(*) as total_count from (${statement}) as every_row`.execute(db)
  return toPage(query.page, [], Number(counted.rows[0]?.totalCount ?? 0))
}

const competitionExists = async (db: Kysely<Database>, competitionId: string) =>
  isUuid(competitionId) &&
  (await db
    .selectFrom("competitions")
    .select("id")
    .where("id", "=", competitionId)
    .executeTakeFirst()) !== undefined

const groupExists = async (db: Kysely<Database>, competitionId: string, groupId: string) =>
  isUuid(groupId) &&
  (await db
    .selectFrom("instantWinGroups")
    .select("id")
    .where("id", "=", groupId)
    .where("competitionId", "=", competitionId)
    .executeTakeFirst()) !== undefined

export const makeStaffTicketReads = (db: Kysely<Database>): StaffTicketReadsShape => ({
  soldTickets: (competitionId, query) =>
    Effect.gen(function* () {
      if (!(yield* runQuery(db, "staffTickets.check", (q) => competitionExists(q, competitionId))))
        return yield* new CompetitionNotFound({ competitionId })
      return yield* runQuery(db, "staffTickets.sold", (q) =>
        page(
          q,
          query,
          sql`select t.ticket_number, t.customer_id, u.first_name, u.last_name, u.email,
              iw.instant_win_group_id, g.name as instant_win_group_name, iw.won_at,
              count(*) over () as total_count
            from tickets t
            left join customers c on c.id = t.customer_id
            left join users u on u.id = c.user_id
            left join instant_win_tickets iw
              on iw.competition_id = t.competition_id and iw.ticket_number = t.ticket_number
            left join instant_win_groups g on g.id = iw.instant_win_group_id
            where t.competition_id = ${competitionId}::uuid and ${isSold("t")}
              ${numberRange("t.ticket_number", query)}
              ${saleFilter("t.ticket_number", query)}`,
        ),
      )
    }),

  instantWinTickets: (competitionId, groupId, query) =>
    Effect.gen(function* () {
      const found = yield* runQuery(db, "staffTickets.check", async (q) => {
        // A malformed competition id is not found; it must not reach the group's uuid comparison.
        const competition = await competitionExists(q, competitionId)
        return {
          competition,
          group:
            groupId === undefined ||
            (competition && (await groupExists(q, competitionId, groupId))),
        }
      })
      if (!found.competition) return yield* new CompetitionNotFound({ competitionId })
      if (groupId !== undefined && !found.group) {
        return yield* new InstantWinGroupNotFound({ competitionId, instantWinGroupId: groupId })
      }
      return yield* runQuery(db, "staffTickets.instantWins", (q) =>
        page(
          q,
          query,
          // The holder only once the ticket is sold: an unpaid order's claim is not a holder yet.
          sql`select iw.ticket_number, c.id as customer_id, u.first_name, u.last_name, u.email,
              iw.instant_win_group_id, g.name as instant_win_group_name, iw.won_at,
              count(*) over () as total_count
            from instant_win_tickets iw
            join instant_win_groups g on g.id = iw.instant_win_group_id
            left join tickets t on t.competition_id = iw.competition_id
              and t.ticket_number = iw.ticket_number and ${isSold("t")}
            left join customers c on c.id = t.customer_id
            left join users u on u.id = c.user_id
            where iw.competition_id = ${competitionId}::uuid
              ${groupId === undefined ? sql`` : sql`and iw.instant_win_group_id = ${groupId}::uuid`}
              ${numberRange("iw.ticket_number", query)}
              ${saleFilter("t.ticket_number", query)}`,
        ),
      )
    }),
})

export const StaffTicketReadsLive: Layer.Layer<StaffTicketReads, never, Db> = Layer.effect(
  StaffTicketReads,
  Effect.map(Db, makeStaffTicketReads),
)
