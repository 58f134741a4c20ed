import { instantWinCommitment, seedCommitment } from "@howzat/core/draws"
import {
  CompetitionWriter,
  type CompetitionWriterShape,
  type NewCompetition,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql, type Transaction } from "kysely"
import { Db } from "../database"
import { sanitiseRichText } from "../rich-text"
import type { Database } from "../schema"
import { attempt } from "./shared"

export const createImageGroup = async (
  trx: Kysely<Database>,
  name: string,
  urls: readonly string[],
): Promise<string | null> => {
  if (urls.length === 0) return null
  const group = await trx
    .insertInto("imageGroups")
    .values({ name })
    .returning("id")
    .executeTakeFirstOrThrow()
  await trx
    .insertInto("images")
    .values(
      urls.map((url, sortOrder) => ({ imageGroupId: group.id, url, description: name, sortOrder })),
    )
    .execute()
  return group.id
}

/** Attribute types are found by description and created the first time one is used. */
const attributeTypeIds = async (
  trx: Transaction<Database>,
  descriptions: readonly string[],
): Promise<Map<string, string>> => {
  if (descriptions.length === 0) return new Map()
  await trx
    .insertInto("attributeTypes")
    .values(descriptions.map((description) => ({ description })))
    .onConflict((oc) => oc.column("description").doNothing())
    .execute()
  const rows = await trx
    .selectFrom("attributeTypes")
    .select(["id", "description"])
    .where("description", "in", descriptions)
    .execute()
  return new Map(rows.map((r) => [r.description, r.id]))
}

const requireAttributeType = (ids: Map<string, string>, description: string): string => {
  const id = ids.get(description)
  if (id === undefined) throw new Error(`attribute type not created: ${description}`)
  return id
}

/**
 * Creates a competition with everything it owns in one transaction, pool
 * included, so a competition is never visible without its tickets. Its
 * description is sanitised here, on the one write path the seed and the
 * back office share, so no stored description can carry a script. The pool
 * rows get their random sort keys from the column default.
 */
export const createCompetition = (
  db: Kysely<Database>,
  competition: NewCompetition,
): Promise<string> => db.transaction().execute((trx) => insertCompetition(trx, competition))

/** The body of createCompetition, for callers already inside a transaction (the seed). */
export const insertCompetition = async (
  trx: Transaction<Database>,
  competition: NewCompetition,
): Promise<string> => {
  const imageGroupId = await createImageGroup(trx, competition.name, competition.imageUrls)
  const { id } = await trx
    .insertInto("competitions")
    .values({
      name: competition.name,
      // The storefront renders it as HTML: only formatting is kept (docs/decisions/0015).
      description: sanitiseRichText(competition.description),
      ticketPricePence: competition.ticketPrice,
      totalTickets: competition.totalTickets,
      maxTicketsPerCustomer: competition.maxTicketsPerCustomer,
      defaultTicketSaleQuantity: competition.defaultTicketSaleQuantity,
      cashAlternativePence: competition.cashAlternativeValue,
      startDateTimeUtc: competition.startDateTimeUtc,
      closeDateTimeUtc: competition.closeDateTimeUtc,
      drawDateTimeUtc: competition.drawDateTimeUtc,
      drawType: competition.drawType,
      visibilityStatus: competition.visibilityStatus,
      imageGroupId,
      drawSeed: Buffer.from(competition.secrets.drawSeed).toString("hex"),
      // Published from this moment: the seed cannot change once anyone can enter.
      drawSeedCommitment: seedCommitment(competition.secrets.drawSeed),
      seedCommittedAt: sql<Date>`now()`,
    })
    .returning("id")
    .executeTakeFirstOrThrow()

  const categoryIds = [...new Set(competition.categoryIds)]
  if (categoryIds.length > 0) {
    await trx
      .insertInto("competitionCategories")
      .values(categoryIds.map((categoryId) => ({ competitionId: id, categoryId })))
      .execute()
  }

  const attributes = Object.entries(competition.attributes)
  const typeIds = await attributeTypeIds(
    trx,
    attributes.map(([description]) => description),
  )
  if (attributes.length > 0) {
    await trx
      .insertInto("competitionAttributes")
      .values(
        attributes.map(([description, value]) => ({
          competitionId: id,
          attributeTypeId: requireAttributeType(typeIds, description),
          value,
        })),
      )
      .execute()
  }

  // One statement, however many tickets: 100,000 rows never cross the wire.
  // Written in sort-key order, so the free-ticket index (competition, sort
  // key) grows at its right edge instead of splitting pages all over: a
  // million-ticket pool is measurably quicker (npm run bench). Room to
  // sort a million keys in memory, for this transaction only: with the
  // default 4 MB the sort went to disk (decision 0091).
  await sql`select set_config('work_mem', '128MB', true)`.execute(trx)
  await sql`
      insert into tickets (competition_id, ticket_number, sort_key)
      select ${id}::uuid, n, k
      from (select generate_series(1, ${competition.totalTickets}::int) n, gen_random_uuid() k) pool
      order by k
    `.execute(trx)

  const instantWinLines: { instantWinGroupId: string; ticketNumber: number }[] = []
  for (const [sortOrder, group] of competition.instantWinGroups.entries()) {
    const groupImageId = await createImageGroup(trx, group.name, group.imageUrls)
    const { id: groupId } = await trx
      .insertInto("instantWinGroups")
      .values({
        competitionId: id,
        name: group.name,
        imageGroupId: groupImageId,
        sortOrder,
        prizeSiteCreditPence: group.prizeSiteCredit ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    if (group.ticketNumbers.length > 0) {
      // The pool's foreign key rejects numbers outside 1..total; the unique key, repeats.
      await sql`
          insert into instant_win_tickets (instant_win_group_id, competition_id, ticket_number)
          select ${groupId}::uuid, ${id}::uuid, unnest(${[...group.ticketNumbers]}::int[])
        `.execute(trx)
      for (const ticketNumber of group.ticketNumbers)
        instantWinLines.push({ instantWinGroupId: groupId, ticketNumber })
    }
  }
  if (instantWinLines.length > 0) {
    const salt = competition.secrets.instantWinSalt
    await trx
      .updateTable("competitions")
      .set({
        instantWinSalt: salt,
        instantWinCommitment: instantWinCommitment(salt, instantWinLines),
      })
      .where("id", "=", id)
      .execute()
  }
  return id
}

export const makeCompetitionWriter = (db: Kysely<Database>): CompetitionWriterShape => ({
  create: (competition) => attempt("competitions.create", () => createCompetition(db, competition)),
})

export const CompetitionWriterLive: Layer.Layer<CompetitionWriter, never, Db> = Layer.effect(
  CompetitionWriter,
  Effect.map(Db, makeCompetitionWriter),
)
