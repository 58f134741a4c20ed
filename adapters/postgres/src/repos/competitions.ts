import {
  CompetitionNotFound,
  type CompetitionQuery,
  type CompetitionSort,
  InstantWinGroupNotFound,
  type InstantWinTicket,
  type TimePeriod,
} from "@howzat/core/competitions"
import {
  CompetitionRepo,
  type CompetitionRepoShape,
  type InstantWinTicketFilter,
} from "@howzat/core/ports"
import { COMPETITION_ORDER_ATTRIBUTE, ENDING_SOON_MINUTES, listOrder } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { loadCompetitionById, loadCompetitions } from "./competition-loader"
import { compiledOnce } from "./compiled-once"
import {
  attempt,
  containsPattern,
  emptyPage,
  isUuid,
  normalisePage,
  pageOffset,
  toPage,
} from "./shared"
import { ticketsSoldOf } from "./tickets-sold"

// Core's displayRank reads the value with Number(): a decimal, optionally signed or with an
// exponent, surrounded by whitespace. Anything else ranks as unset rather than failing the list.
const NUMERIC_TEXT = "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$"

const SURROUNDING_SPACE = "^\\s+|\\s+$"

/**
 * The rank core's displayRank reads: the first competitionOrder attribute
 * (description matched ignoring case and spaces, in the order the loader
 * lists attributes) as a number, or null.
 */
const displayRank = sql`(
  select case when ca.value ~ ${NUMERIC_TEXT} then ca.value::numeric end
  from competition_attributes ca
  join attribute_types at on at.id = ca.attribute_type_id
  where ca.competition_id = c.id
    and lower(regexp_replace(at.description, ${SURROUNDING_SPACE}, '', 'g')) = ${COMPETITION_ORDER_ATTRIBUTE.toLowerCase()}
  order by at.description, at.id
  limit 1
)`

type CompetitionsFrom = Database & { c: Database["competitions"] }
type Eb = ExpressionBuilder<CompetitionsFrom, "c">

/**
 * The phases as SQL over the same dates core's competitionPhase reads:
 * open until the close date, then awaiting the draw until the draw date (if
 * any), then closed for good. Ending soon is core's inTimePeriod: on sale
 * (open, with a ticket left) and closing within three weeks.
 */
const timePeriodCondition = (eb: Eb, period: TimePeriod, { now, soon }: ListValues) => {
  const stillRunning = eb.or([
    eb("c.closeDateTimeUtc", ">", now),
    eb.and([eb("c.drawDateTimeUtc", "is not", null), eb("c.drawDateTimeUtc", ">", now)]),
  ])
  switch (period) {
    case "All":
      return eb.lit(true)
    case "Current":
      return stillRunning
    case "Past":
      return eb.not(stillRunning)
    case "EndingSoon":
      return eb.and([
        eb("c.startDateTimeUtc", "<=", now),
        eb("c.closeDateTimeUtc", ">", now),
        eb("c.closeDateTimeUtc", "<", soon),
        eb(ticketsSoldOf(sql.ref("c.id")), "<", eb.ref("c.totalTickets")),
      ])
  }
}

/**
 * What a list's statement carries besides its shape: the values as the
 * statement holds them (patterns, not the words typed), so the statement
 * can be compiled once per shape and only these filled in (compiled-once.ts).
 */
interface ListValues {
  readonly categoryId: string | undefined
  readonly namePattern: string | undefined
  readonly descriptionPattern: string | undefined
  readonly now: Date
  /** The end of "ending soon", core's ENDING_SOON_MINUTES after now. */
  readonly soon: Date
  readonly limit: number
  readonly offset: number
}

const listValuesOf = (query: CompetitionQuery): ListValues => ({
  categoryId: query.categoryId,
  namePattern: query.name ? containsPattern(query.name) : undefined,
  descriptionPattern: query.description ? containsPattern(query.description) : undefined,
  now: query.now,
  soon: new Date(query.now.getTime() + ENDING_SOON_MINUTES * 60_000),
  limit: normalisePage(query.page).pageSize,
  offset: pageOffset(query.page),
})

const filtered = (db: Kysely<Database>, query: CompetitionQuery, values: ListValues) => {
  let q = db.selectFrom("competitions as c")
  if (query.visibleOnly) q = q.where("c.visibilityStatus", "=", "Visible")
  if (query.hiddenOnly) q = q.where("c.visibilityStatus", "=", "Hidden")
  if (values.categoryId !== undefined) {
    const categoryId = values.categoryId
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("competitionCategories as cc")
          .select(eb.lit(1).as("one"))
          .whereRef("cc.competitionId", "=", "c.id")
          .where("cc.categoryId", "=", categoryId),
      ),
    )
  }
  if (values.namePattern !== undefined) q = q.where("c.name", "ilike", values.namePattern)
  if (values.descriptionPattern !== undefined)
    q = q.where("c.description", "ilike", values.descriptionPattern)
  if (query.type !== "All") {
    const wanted = query.type
    q = q.where((eb) => {
      const hasInstantWins = eb.exists(
        eb
          .selectFrom("instantWinGroups as g")
          .select(eb.lit(1).as("one"))
          .whereRef("g.competitionId", "=", "c.id"),
      )
      return wanted === "InstantWin" ? hasInstantWins : eb.not(hasInstantWins)
    })
  }
  return q.where((eb) => timePeriodCondition(eb, query.timePeriod, values))
}

/**
 * A page of the list with the total riding on its rows, as a subquery Postgres runs once
 * (an InitPlan) beside the page's top-N sort: one round trip, not two (decision 0089), at
 * the cost of the count the separate statement made. Not a window count over every match,
 * which would hold every matching row, description and all, before the limit.
 */
const pageStatement = (db: Kysely<Database>, query: CompetitionQuery, values: ListValues) => {
  const total = filtered(db, query, values).select((eb) => eb.fn.countAll<number>().as("total"))
  return inListOrder(
    filtered(db, query, values).selectAll("c").select(total.as("totalCount")),
    listOrder(query),
    values.now,
  )
    .limit(values.limit)
    .offset(values.offset)
}

/** What filtered() and inListOrder() branch on, besides which values are present. */
const shapeOf = (query: CompetitionQuery) =>
  `${query.visibleOnly}|${query.hiddenOnly ?? false}|${query.type}|${query.timePeriod}|${listOrder(query)}`

type PageRow = Awaited<ReturnType<ReturnType<typeof pageStatement>["execute"]>>[number]

/** Markers for compiled-once.ts: nothing a visitor sends, no page anyone reaches. */
const LIST_MARKERS: { readonly [K in keyof ListValues]-?: NonNullable<ListValues[K]> } = {
  categoryId: "\u0000categoryId\u0000",
  namePattern: "\u0000namePattern\u0000",
  descriptionPattern: "\u0000descriptionPattern\u0000",
  now: new Date(0),
  soon: new Date(1),
  limit: 2_147_483_629,
  offset: 2_147_483_587,
}

/**
 * Core's order for the query (catalogue-order.ts's listOrder and
 * compareForListing), ending with the id so that paging is stable.
 */
const inListOrder = <O>(
  q: SelectQueryBuilder<CompetitionsFrom, "c", O>,
  sort: CompetitionSort,
  now: Date,
) => {
  const soonestClose = (ordered: SelectQueryBuilder<CompetitionsFrom, "c", O>) =>
    ordered.orderBy("c.closeDateTimeUtc", "asc").orderBy("c.id", "asc")
  switch (sort) {
    case "Featured":
      return soonestClose(q.orderBy(displayRank, (ob) => ob.asc().nullsLast()))
    case "EndingSoonest":
      // Those already closed after every one still to close (false sorts before true).
      return soonestClose(q.orderBy(sql`c.close_date_time_utc <= ${now}`, "asc"))
    case "Newest":
      return soonestClose(q.orderBy("c.startDateTimeUtc", "desc"))
    case "PriceLowToHigh":
      return soonestClose(q.orderBy("c.ticketPricePence", "asc"))
    case "BestOdds":
      // Core's odds of one ticket, 1 in ceil(total / 1): the total itself.
      return soonestClose(q.orderBy("c.totalTickets", "asc"))
  }
}

/** A page of the list as it is sent: compiled once per shape (compiled-once.ts), then filled in. */
export const listPageStatements = (db: Kysely<Database>) => {
  const compiled = compiledOnce(
    (query: CompetitionQuery, values: ListValues) => pageStatement(db, query, values).compile(),
    LIST_MARKERS,
  )
  return (query: CompetitionQuery) => compiled(shapeOf(query), query, listValuesOf(query))
}

/** The same page built and compiled afresh, which the statements above must equal (tests). */
export const freshListPageStatement = (db: Kysely<Database>, query: CompetitionQuery) =>
  pageStatement(db, query, listValuesOf(query)).compile()

export const makeCompetitionRepo = (db: Kysely<Database>): CompetitionRepoShape => {
  const pageOf = listPageStatements(db)
  return {
    list: (query) => {
      if (query.categoryId !== undefined && !isUuid(query.categoryId)) {
        return Effect.succeed(emptyPage(query.page))
      }
      return attempt("competitions.list", async () => {
        const { rows } = await db.executeQuery<PageRow>(pageOf(query))
        // Only a page past the end, with no row to carry the total, counts apart.
        const totalCount =
          rows[0]?.totalCount ??
          (pageOffset(query.page) === 0
            ? 0
            : (
                await filtered(db, query, listValuesOf(query))
                  .select((eb) => eb.fn.countAll<number>().as("totalCount"))
                  .executeTakeFirstOrThrow()
              ).totalCount)
        return toPage(query.page, await loadCompetitions(db, rows), Number(totalCount))
      })
    },

    byId: (competitionId, { visibleOnly }) =>
      Effect.gen(function* () {
        const notFound = new CompetitionNotFound({ competitionId })
        if (!isUuid(competitionId)) return yield* notFound
        // Joins the caller's transaction: checkout prices its lines inside one, and on
        // PGlite's single connection a query beside the transaction would wait for itself.
        const competition = yield* runQuery(db, "competitions.byId", (executor) =>
          loadCompetitionById(executor, competitionId, visibleOnly),
        )
        return competition ?? (yield* notFound)
      }),

    datesOf: (competitionIds, { visibleOnly }) => {
      // A malformed id names no competition, as byId answers it.
      const ids = [...new Set(competitionIds)].filter(isUuid)
      if (ids.length === 0) return Effect.succeed([])
      return runQuery(db, "competitions.datesOf", (q) => {
        let query = q
          .selectFrom("competitions")
          .select(["id", "closeDateTimeUtc", "drawDateTimeUtc"])
          .where("id", "in", ids)
        if (visibleOnly) query = query.where("visibilityStatus", "=", "Visible")
        return query.execute()
      }).pipe(
        Effect.map((rows) =>
          rows.map((row) => ({
            competitionId: row.id,
            closeDateTimeUtc: row.closeDateTimeUtc,
            drawDateTimeUtc: row.drawDateTimeUtc,
          })),
        ),
      )
    },

    instantWinTickets: (competitionId, filter, page) =>
      Effect.gen(function* () {
        if (!isUuid(competitionId)) return yield* new CompetitionNotFound({ competitionId })
        const groupId = filter.instantWinGroupId
        const { competitionExists, groupExists } = yield* attempt(
          "competitions.instantWinTickets.check",
          async () => {
            const competition = await db
              .selectFrom("competitions")
              .select("id")
              .where("id", "=", competitionId)
              .executeTakeFirst()
            const group =
              groupId !== undefined && isUuid(groupId)
                ? await db
                    .selectFrom("instantWinGroups")
                    .select("id")
                    .where("id", "=", groupId)
                    .where("competitionId", "=", competitionId)
                    .executeTakeFirst()
                : undefined
            return {
              competitionExists: competition !== undefined,
              groupExists: group !== undefined,
            }
          },
        )
        if (!competitionExists) return yield* new CompetitionNotFound({ competitionId })
        if (groupId !== undefined && !groupExists) {
          return yield* new InstantWinGroupNotFound({ competitionId, instantWinGroupId: groupId })
        }
        return yield* attempt("competitions.instantWinTickets", async () => {
          const base = instantWinTicketsQuery(db, competitionId, filter)
          const { pageSize } = normalisePage(page)
          const [{ totalCount }, rows] = await Promise.all([
            base
              .select((eb) => eb.fn.countAll<number>().as("totalCount"))
              .executeTakeFirstOrThrow(),
            base
              .select([
                "t.ticketNumber",
                "t.instantWinGroupId",
                "g.name as instantWinGroupName",
                "t.wonAt",
                // Staff may keep a winner's name private; the ticket still shows as won (0035).
                sql<string | null>`case when t.is_visible then t.winner_display_name end`.as(
                  "winnerDisplayName",
                ),
              ])
              .orderBy("t.ticketNumber")
              .limit(pageSize)
              .offset(pageOffset(page))
              .execute(),
          ])
          const items = rows.map(
            (r): InstantWinTicket => ({
              ticketNumber: r.ticketNumber,
              instantWinGroupId: r.instantWinGroupId,
              instantWinGroupName: r.instantWinGroupName,
              won: r.wonAt !== null,
              winnerDisplayName: r.winnerDisplayName,
            }),
          )
          return toPage(page, items, Number(totalCount))
        })
      }),
  }
}

const instantWinTicketsQuery = (
  db: Kysely<Database>,
  competitionId: string,
  filter: InstantWinTicketFilter,
) => {
  let q = db
    .selectFrom("instantWinTickets as t")
    .innerJoin("instantWinGroups as g", "g.id", "t.instantWinGroupId")
    .where("t.competitionId", "=", competitionId)
  if (filter.instantWinGroupId !== undefined) {
    q = q.where("t.instantWinGroupId", "=", filter.instantWinGroupId)
  }
  if (filter.fromTicketNumber !== undefined) {
    q = q.where("t.ticketNumber", ">=", filter.fromTicketNumber)
  }
  if (filter.toTicketNumber !== undefined)
    q = q.where("t.ticketNumber", "<=", filter.toTicketNumber)
  if (filter.status === "Won") q = q.where("t.wonAt", "is not", null)
  if (filter.status === "NotWon") q = q.where("t.wonAt", "is", null)
  return q
}

export const CompetitionRepoLive: Layer.Layer<CompetitionRepo, never, Db> = Layer.effect(
  CompetitionRepo,
  Effect.map(Db, makeCompetitionRepo),
)
