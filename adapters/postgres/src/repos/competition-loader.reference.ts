/**
 * The competition loader as it was before decision 0089: five reads for the
 * page, then two for its image groups. Kept only as the reference the
 * one-statement loader is tested against (competition-loader.suite.ts).
 */
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
import type { Kysely } from "kysely"
import type { Database, DrawsTable } from "../schema"
import type { CompetitionRow } from "./competition-loader"
import { ticketsSold } from "./tickets-sold"

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
const loadImageGroups = async (
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

/**
 * Turns competition rows into full competitions: categories, attributes,
 * images and instant-win groups in a handful of queries for the whole page,
 * never one query per competition. Rows keep their order.
 */
export const loadCompetitionsReadByRead = async (
  db: Kysely<Database>,
  rows: readonly CompetitionRow[],
): Promise<Competition[]> => {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [categories, attributes, instantWinGroups, sold, draws] = await Promise.all([
    db
      .selectFrom("competitionCategories")
      .select(["competitionId", "categoryId"])
      .where("competitionId", "in", ids)
      .orderBy("categoryId")
      .execute(),
    db
      .selectFrom("competitionAttributes as ca")
      .innerJoin("attributeTypes as at", "at.id", "ca.attributeTypeId")
      .select(["ca.competitionId", "ca.value", "at.id as attributeTypeId", "at.description"])
      .where("ca.competitionId", "in", ids)
      // Core's displayRank takes the first competitionOrder in this order; the list's SQL matches it.
      .orderBy("at.description")
      .orderBy("at.id")
      .execute(),
    db
      .selectFrom("instantWinGroups as g")
      .leftJoin("instantWinTickets as t", "t.instantWinGroupId", "g.id")
      .select((eb) => [
        "g.id",
        "g.competitionId",
        "g.name",
        "g.imageGroupId",
        eb.fn.count<number>("t.id").as("ticketCount"),
        eb.fn.count<number>("t.wonAt").as("quantityWonToDate"),
      ])
      .where("g.competitionId", "in", ids)
      .groupBy("g.id")
      .orderBy("g.sortOrder")
      .orderBy("g.name")
      .orderBy("g.id")
      .execute(),
    ticketsSold(db, ids),
    // The draw and any redraws of an unclaimed prize: by number, so the map keeps the latest.
    db
      .selectFrom("draws")
      .select(["competitionId", "outcome", "winningTicketNumber", "drawnAt"])
      .where("competitionId", "in", ids)
      .orderBy("redrawNumber")
      .execute(),
  ])
  const imageGroups = await loadImageGroups(db, [
    ...rows.flatMap((r) => (r.imageGroupId ? [r.imageGroupId] : [])),
    ...instantWinGroups.flatMap((g) => (g.imageGroupId ? [g.imageGroupId] : [])),
  ])
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
