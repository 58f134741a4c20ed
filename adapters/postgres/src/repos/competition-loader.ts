import type {
  Competition,
  CompetitionAttribute,
  DrawType,
  Image,
  ImageGroup,
  InstantWinGroup,
  VisibilityStatus,
} from "@howzat/core/competitions"
import { type DrawResult, pence } from "@howzat/core/rules"
import { CompiledQuery, type Kysely, type Selectable } from "kysely"
import type { CompetitionsTable, Database, DrawsTable } from "../schema"

export type CompetitionRow = Selectable<CompetitionsTable>

const groupBy = <A, K>(items: readonly A[], key: (a: A) => K): Map<K, A[]> => {
  const groups = new Map<K, A[]>()
  for (const item of items) {
    const k = key(item)
    const existing = groups.get(k)
    if (existing) existing.push(item)
    else groups.set(k, [item])
  }
  return groups
}

/** Image groups with their images in display order, by id. */
export const loadImageGroups = async (
  db: Kysely<Database>,
  imageGroupIds: readonly string[],
): Promise<Map<string, ImageGroup>> => {
  const ids = [...new Set(imageGroupIds)]
  if (ids.length === 0) return new Map()
  const [groups, images] = await Promise.all([
    db.selectFrom("imageGroups").selectAll().where("id", "in", ids).execute(),
    db
      .selectFrom("images")
      .select(["id", "imageGroupId", "url", "description"])
      .where("imageGroupId", "in", ids)
      .orderBy("sortOrder")
      .orderBy("id")
      .execute(),
  ])
  const imagesByGroup = groupBy(images, (i) => i.imageGroupId)
  return new Map(
    groups.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        description: g.description,
        images: (imagesByGroup.get(g.id) ?? []).map(
          (i): Image => ({ id: i.id, url: i.url, description: i.description }),
        ),
      },
    ]),
  )
}

const resultOf = (
  draw: (Pick<DrawsTable, "outcome" | "winningTicketNumber"> & { drawnAt: Date }) | undefined,
): DrawResult | null =>
  draw === undefined
    ? null
    : {
        outcome: draw.outcome,
        winningTicketNumber: draw.winningTicketNumber,
        drawnAt: draw.drawnAt,
      }

/** What the one statement below answers for a page: each piece as a JSON array, in display order. */
interface Related {
  readonly categories: readonly { competitionId: string; categoryId: string }[]
  readonly attributes: readonly {
    competitionId: string
    value: string
    attributeTypeId: string
    description: string
  }[]
  readonly groups: readonly {
    id: string
    competitionId: string
    name: string
    imageGroupId: string | null
    ticketCount: number
    quantityWonToDate: number
  }[]
  readonly sold: readonly { competitionId: string; sold: number | string }[]
  readonly draws: readonly {
    competitionId: string
    outcome: DrawsTable["outcome"]
    winningTicketNumber: number | null
    /** Milliseconds since the epoch, truncated as the driver truncates a timestamp's microseconds. */
    drawnAtMs: number | string
  }[]
  readonly imageGroups: readonly { id: string; name: string; description: string }[]
  readonly images: readonly { id: string; imageGroupId: string; url: string; description: string }[]
}

/** A JSON array of the rows of `query` (aliased `x`), `[]` when there are none. */
const jsonArray = (query: string) => `coalesce((select json_agg(x) from (${query}) x), '[]'::json)`

/**
 * Everything a page of competitions needs besides its own rows, as one JSON
 * object: `ids` and `imageGroupIds` are SQL arrays of the page's ids and of
 * its rows' image groups. Orders are those of the reads it replaced
 * (competition-loader.reference.ts).
 */
const relatedJson = (ids: string, rowImageGroupIds: string) => {
  // The page's image groups: its competitions' own and their instant-win groups'.
  const imageGroupIds = `(
    select unnest(${rowImageGroupIds})
    union
    select image_group_id from instant_win_groups
    where competition_id = any(${ids}) and image_group_id is not null
  )`
  return `json_build_object(
  'categories', ${jsonArray(`
    select competition_id as "competitionId", category_id as "categoryId"
    from competition_categories where competition_id = any(${ids})
    order by category_id`)},
  'attributes', ${jsonArray(`
    select ca.competition_id as "competitionId", ca.value, at.id as "attributeTypeId", at.description
    from competition_attributes ca join attribute_types at on at.id = ca.attribute_type_id
    where ca.competition_id = any(${ids})
    order by at.description, at.id`)},
  'groups', ${jsonArray(`
    select g.id, g.competition_id as "competitionId", g.name, g.image_group_id as "imageGroupId",
      (select count(*) from instant_win_tickets t where t.instant_win_group_id = g.id) as "ticketCount",
      (select count(t.won_at) from instant_win_tickets t where t.instant_win_group_id = g.id) as "quantityWonToDate"
    from instant_win_groups g where g.competition_id = any(${ids})
    order by g.sort_order, g.name, g.id`)},
  'sold', ${jsonArray(`
    select competition_id as "competitionId", sum(sold) as sold
    from competition_tickets_sold where competition_id = any(${ids})
    group by competition_id`)},
  'draws', ${jsonArray(`
    select competition_id as "competitionId", outcome, winning_ticket_number as "winningTicketNumber",
      floor(extract(epoch from drawn_at) * 1000) as "drawnAtMs"
    from draws where competition_id = any(${ids})
    order by redraw_number`)},
  'imageGroups', ${jsonArray(`
    select id, name, description from image_groups where id in ${imageGroupIds}`)},
  'images', ${jsonArray(`
    select id, image_group_id as "imageGroupId", url, description
    from images where image_group_id in ${imageGroupIds}
    order by sort_order, id`)}
)::text`
}

/** The related data of the competitions whose ids are $1, their rows' image groups $2. */
const RELATED_SQL = `select ${relatedJson("$1::uuid[]", "$2::uuid[]")} as related`

/**
 * One competition ($1) and everything it shows, in one statement: its row
 * as the table has it, and the related data as JSON text beside it. Staff
 * see hidden ones; everyone else only the visible.
 */
const byIdSql = (visibleOnly: boolean) => `with page as (
  select * from competitions
  where id = $1::uuid${visibleOnly ? " and visibility_status = 'Visible'" : ""}
)
select page.*, ${relatedJson(
  "array(select id from page)",
  "array(select image_group_id from page where image_group_id is not null)",
)} as related
from page`
const BY_ID_SQL = byIdSql(false)
const VISIBLE_BY_ID_SQL = byIdSql(true)

/**
 * Everything a page of competitions needs besides its own rows, in one
 * statement: each round trip costs the server more CPU (the driver's write,
 * the loopback's wake-up, building and compiling the query, parsing the
 * answer) than Postgres spends answering, so the seven reads this was are
 * one (decision 0089). The text is fixed, so Kysely builds and compiles
 * nothing; the answer is JSON text, parsed once natively rather than field
 * by field by the driver and again by the camel-case plugin.
 */
const loadRelated = async (
  db: Kysely<Database>,
  ids: readonly string[],
  rowImageGroupIds: readonly string[],
): Promise<Related> => {
  const result = await db.executeQuery<{ related: string }>(
    CompiledQuery.raw(RELATED_SQL, [ids, rowImageGroupIds]),
  )
  const related = result.rows[0]?.related
  if (related === undefined) throw new Error("the catalogue's related read answered no row")
  return JSON.parse(related) as Related
}

/**
 * Turns competition rows into full competitions: categories, attributes,
 * images and instant-win groups in one statement for the whole page, never
 * one query per competition. Rows keep their order.
 */
export const loadCompetitions = async (
  db: Kysely<Database>,
  rows: readonly CompetitionRow[],
): Promise<Competition[]> => {
  if (rows.length === 0) return []
  const related = await loadRelated(
    db,
    rows.map((r) => r.id),
    rows.flatMap((r) => (r.imageGroupId ? [r.imageGroupId] : [])),
  )
  return assemble(rows, related)
}

/**
 * One competition, whole, in one round trip (decision 0089); undefined when
 * there is none, or when only visible ones are asked for and it is hidden.
 * `competitionId` must be a uuid (the caller checks).
 */
export const loadCompetitionById = async (
  db: Kysely<Database>,
  competitionId: string,
  visibleOnly: boolean,
): Promise<Competition | undefined> => {
  const result = await db.executeQuery<CompetitionRow & { related: string }>(
    CompiledQuery.raw(visibleOnly ? VISIBLE_BY_ID_SQL : BY_ID_SQL, [competitionId]),
  )
  const row = result.rows[0]
  return row === undefined ? undefined : assemble([row], JSON.parse(row.related) as Related)[0]
}

/** The page's rows with what the one statement said about them, in the rows' order. */
const assemble = (rows: readonly CompetitionRow[], related: Related): Competition[] => {
  const { categories, attributes, groups: instantWinGroups } = related
  const sold = new Map(related.sold.map((s) => [s.competitionId, Number(s.sold)]))
  const draws = related.draws.map((d) => ({ ...d, drawnAt: new Date(Number(d.drawnAtMs)) }))
  const imagesByGroup = groupBy(related.images, (i) => i.imageGroupId)
  const imageGroups = new Map(
    related.imageGroups.map((g): [string, ImageGroup] => [
      g.id,
      {
        id: g.id,
        name: g.name,
        description: g.description,
        images: (imagesByGroup.get(g.id) ?? []).map(
          (i): Image => ({ id: i.id, url: i.url, description: i.description }),
        ),
      },
    ]),
  )
  const categoriesBy = groupBy(categories, (c) => c.competitionId)
  const attributesBy = groupBy(attributes, (a) => a.competitionId)
  const groupsBy = groupBy(instantWinGroups, (g) => g.competitionId)
  const drawOf = new Map(draws.map((d) => [d.competitionId, d]))

  return rows.map(
    (row): Competition => ({
      id: row.id,
      name: row.name,
      description: row.description,
      ticketPrice: pence(row.ticketPricePence),
      totalTickets: row.totalTickets,
      ticketsSoldToDate: sold.get(row.id) ?? 0,
      maxTicketsPerCustomer: row.maxTicketsPerCustomer,
      defaultTicketSaleQuantity: row.defaultTicketSaleQuantity,
      cashAlternativeValue:
        row.cashAlternativePence === null ? null : pence(row.cashAlternativePence),
      startDateTimeUtc: row.startDateTimeUtc,
      closeDateTimeUtc: row.closeDateTimeUtc,
      drawDateTimeUtc: row.drawDateTimeUtc,
      drawType: row.drawType satisfies DrawType,
      visibilityStatus: row.visibilityStatus satisfies VisibilityStatus,
      categoryIds: (categoriesBy.get(row.id) ?? []).map((c) => c.categoryId),
      attributes: (attributesBy.get(row.id) ?? []).map(
        (a): CompetitionAttribute => ({
          attributeType: { id: a.attributeTypeId, description: a.description },
          value: a.value,
        }),
      ),
      imageGroup: row.imageGroupId ? (imageGroups.get(row.imageGroupId) ?? null) : null,
      drawCommitment: row.drawSeedCommitment,
      instantWinCommitment: row.instantWinCommitment,
      drawResult: resultOf(drawOf.get(row.id)),
      drawOnSellOut: row.drawOnSellOut,
      drawBroughtForward:
        row.drawBroughtForwardFrom === null || row.drawBroughtForwardAt === null
          ? null
          : { from: row.drawBroughtForwardFrom, at: row.drawBroughtForwardAt },
      pickYourNumbers: row.pickYourNumbers,
      instantWinGroups: (groupsBy.get(row.id) ?? []).map(
        (g): InstantWinGroup => ({
          id: g.id,
          name: g.name,
          // count() is bigint: a string from pg, a number from PGlite.
          ticketCount: Number(g.ticketCount),
          quantityWonToDate: Number(g.quantityWonToDate),
          imageGroup: g.imageGroupId ? (imageGroups.get(g.imageGroupId) ?? null) : null,
        }),
      ),
    }),
  )
}
