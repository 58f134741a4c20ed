import { CompetitionNotFound } from "@howzat/core/competitions"
import {
  CompetitionAdminStore,
  type CompetitionAdminStoreShape,
  type LockedCompetition,
} from "@howzat/core/ports"
import { type CompetitionDraft, openOrderStatuses, pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import { sanitiseRichText } from "../rich-text"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { loadImageGroups } from "./competition-loader"
import { insertCompetition } from "./competition-writer"
import { keysAbove, lowestFreeKey } from "./pool-keys"
import { isUuid } from "./shared"
import { ticketsSold, ticketsSoldOf } from "./tickets-sold"

/**
 * Orders still awaiting payment that hold tickets of the competition: the
 * draw waits for them (draw-records.ts counts them the same way), and so
 * does a sold-out close, since they may expire and put tickets back on sale.
 */
const openOrderCount = async (db: Kysely<Database>, competitionId: string): Promise<number> => {
  const row = await db
    .selectFrom("orderLines as l")
    .innerJoin("orders as o", "o.id", "l.orderId")
    .select((eb) => eb.fn.count<string>("l.orderId").distinct().as("count"))
    .where("l.competitionId", "=", competitionId)
    .where("l.quantity", ">", 0)
    .where("o.status", "in", [...openOrderStatuses])
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

const fieldsOf = (draft: CompetitionDraft) => ({
  name: draft.name,
  // The storefront renders it as HTML: only formatting is kept (docs/decisions/0015).
  description: sanitiseRichText(draft.description),
  ticketPricePence: draft.ticketPrice,
  maxTicketsPerCustomer: draft.maxTicketsPerCustomer,
  defaultTicketSaleQuantity: draft.defaultTicketSaleQuantity,
  cashAlternativePence: draft.cashAlternativeValue,
  startDateTimeUtc: draft.startDateTimeUtc,
  closeDateTimeUtc: draft.closeDateTimeUtc,
  drawDateTimeUtc: draft.drawDateTimeUtc,
  drawType: draft.drawType,
  drawOnSellOut: draft.drawOnSellOut,
  visibilityStatus: draft.visibilityStatus,
  imageGroupId: draft.imageGroupId,
  pickYourNumbers: draft.pickYourNumbers === true,
})

/** Categories and attributes as the draft lists them, replacing what was there. */
const replaceLinks = async (
  db: Kysely<Database>,
  competitionId: string,
  draft: CompetitionDraft,
) => {
  await db.deleteFrom("competitionCategories").where("competitionId", "=", competitionId).execute()
  if (draft.categoryIds.length > 0)
    await db
      .insertInto("competitionCategories")
      .values(draft.categoryIds.map((categoryId) => ({ competitionId, categoryId })))
      .execute()
  await db.deleteFrom("competitionAttributes").where("competitionId", "=", competitionId).execute()
  if (draft.attributes.length > 0)
    await db
      .insertInto("competitionAttributes")
      .values(
        draft.attributes.map((a) => ({
          competitionId,
          attributeTypeId: a.attributeTypeId,
          value: a.value,
        })),
      )
      .execute()
}

/** New numbers per statement: a million-ticket growth never sends one 40 MB parameter. */
const GROWTH_CHUNK = 10_000

/**
 * New numbers get sort keys uniform above the first free ticket's
 * (pool-keys.ts, decision 0060), so they land at random places among the
 * free tickets, never ahead of them all: fresh keys over the whole range
 * would put each new number ahead of every free one with the probability
 * that a ticket is already sold, and a buyer could time a purchase to land
 * on them. The competition row is locked (readLocked) and checkouts take a
 * key-share lock on it, so no claim moves the first free ticket meanwhile.
 * Shrinking removes the top numbers, which core has checked nobody holds;
 * a held one would fail the delete's condition and the counter's check
 * instead of vanishing.
 */
const resizePool = async (
  db: Kysely<Database>,
  competitionId: string,
  from: number,
  to: number,
) => {
  if (to > from) {
    const keys = keysAbove(await lowestFreeKey(db, competitionId), to - from)
    for (let at = 0; at < keys.length; at += GROWTH_CHUNK) {
      // Number from + 1 + i takes the i-th key drawn: numbers and keys stay independent.
      // Written in key order, as the pool's first numbers (competition-writer.ts).
      await sql`
        insert into tickets (competition_id, ticket_number, sort_key)
        select ${competitionId}::uuid, ${from + at}::int + i::int, k
        from unnest(${keys.slice(at, at + GROWTH_CHUNK)}::uuid[]) with ordinality as drawn(k, i)
        order by k
      `.execute(db)
    }
  } else if (to < from) {
    const removed = await db
      .deleteFrom("tickets")
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", ">", to)
      .where("orderId", "is", null)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) !== from - to)
      throw new Error(`a ticket above ${to} is held: the pool cannot shrink`)
  }
}

const readLocked = async (
  db: Kysely<Database>,
  competitionId: string,
): Promise<LockedCompetition | null> => {
  if (!isUuid(competitionId)) return null
  const row = await db
    .selectFrom("competitions")
    .selectAll()
    .where("id", "=", competitionId)
    .forUpdate()
    .executeTakeFirst()
  if (row === undefined) return null
  const [categories, attributes, ordered, highest, groups, sold, open] = await Promise.all([
    db
      .selectFrom("competitionCategories")
      .select("categoryId")
      .where("competitionId", "=", row.id)
      .orderBy("categoryId")
      .execute(),
    db
      .selectFrom("competitionAttributes")
      .select(["attributeTypeId", "value"])
      .where("competitionId", "=", row.id)
      .orderBy("attributeTypeId")
      .execute(),
    db
      .selectFrom("orderLines")
      .select("orderId")
      .where("competitionId", "=", row.id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("instantWinTickets")
      .select((eb) => eb.fn.max("ticketNumber").as("highest"))
      .where("competitionId", "=", row.id)
      .executeTakeFirst(),
    db
      .selectFrom("instantWinGroups as g")
      .select((eb) => [
        "g.name",
        "g.imageGroupId",
        "g.prizeSiteCreditPence",
        eb
          .selectFrom("instantWinTickets as t")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("t.instantWinGroupId", "=", "g.id")
          .as("ticketCount"),
      ])
      .where("g.competitionId", "=", row.id)
      .orderBy("g.sortOrder")
      .orderBy("g.name")
      .execute(),
    ticketsSold(db, [row.id]),
    openOrderCount(db, row.id),
  ])
  const images = await loadImageGroups(
    db,
    groups.flatMap((g) => (g.imageGroupId ? [g.imageGroupId] : [])),
  )
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ticketPrice: row.ticketPricePence,
    totalTickets: row.totalTickets,
    maxTicketsPerCustomer: row.maxTicketsPerCustomer,
    defaultTicketSaleQuantity: row.defaultTicketSaleQuantity,
    cashAlternativeValue: row.cashAlternativePence,
    startDateTimeUtc: row.startDateTimeUtc,
    closeDateTimeUtc: row.closeDateTimeUtc,
    drawDateTimeUtc: row.drawDateTimeUtc,
    drawType: row.drawType,
    drawOnSellOut: row.drawOnSellOut,
    visibilityStatus: row.visibilityStatus,
    categoryIds: categories.map((c) => c.categoryId),
    attributes: attributes.map((a) => ({ attributeTypeId: a.attributeTypeId, value: a.value })),
    imageGroupId: row.imageGroupId,
    // Off reads as absent, as a draft that never mentioned the switch.
    ...(row.pickYourNumbers ? { pickYourNumbers: true } : {}),
    ticketsSold: sold.get(row.id) ?? 0,
    openOrders: open,
    drawBroughtForward:
      row.drawBroughtForwardFrom === null || row.drawBroughtForwardAt === null
        ? null
        : { from: row.drawBroughtForwardFrom, at: row.drawBroughtForwardAt },
    drawn: row.drawnAt !== null,
    highestInstantWinNumber: highest?.highest ?? null,
    ordered: ordered !== undefined,
    instantWinGroups: groups.map((g) => ({
      name: g.name,
      ticketCount: Number(g.ticketCount ?? 0),
      imageUrls: g.imageGroupId ? (images.get(g.imageGroupId)?.images.map((i) => i.url) ?? []) : [],
      prizeSiteCredit: g.prizeSiteCreditPence === null ? undefined : pence(g.prizeSiteCreditPence),
    })),
  }
}

/** Which of `ids` have no row in `table`; a malformed id is missing too. */
const absent = async (
  db: Kysely<Database>,
  table: "categories" | "attributeTypes" | "imageGroups",
  ids: readonly string[],
): Promise<string[]> => {
  const wellFormed = [...new Set(ids)].filter(isUuid)
  const found =
    wellFormed.length === 0
      ? []
      : await db.selectFrom(table).select("id").where("id", "in", wellFormed).execute()
  const present = new Set(found.map((r) => r.id.toLowerCase()))
  return [...new Set(ids)].filter((id) => !present.has(id.toLowerCase()))
}

export const makeCompetitionAdminStore = (db: Kysely<Database>): CompetitionAdminStoreShape => ({
  lock: (competitionId) =>
    runQuery(db, "competitionAdmin.lock", (q) => readLocked(q, competitionId)).pipe(
      Effect.flatMap((found) =>
        found === null
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed(found),
      ),
    ),

  missing: (draft) =>
    runQuery(db, "competitionAdmin.missing", async (q) => ({
      categoryIds: await absent(q, "categories", draft.categoryIds),
      attributeTypeIds: await absent(
        q,
        "attributeTypes",
        draft.attributes.map((a) => a.attributeTypeId),
      ),
      imageGroup:
        draft.imageGroupId !== null &&
        (await absent(q, "imageGroups", [draft.imageGroupId])).length > 0,
    })),

  create: (draft, secrets, instantWinGroups) =>
    runQuery(db, "competitionAdmin.create", (q) =>
      atomically(q, async (trx) => {
        // The seed's one write path: pool, seed commitment and instant wins as it makes them.
        const id = await insertCompetition(trx as Parameters<typeof insertCompetition>[0], {
          ...draft,
          ticketPrice: pence(draft.ticketPrice),
          cashAlternativeValue:
            draft.cashAlternativeValue === null ? null : pence(draft.cashAlternativeValue),
          categoryIds: [],
          attributes: {},
          imageUrls: [],
          instantWinGroups,
          secrets,
        })
        await trx
          .updateTable("competitions")
          .set({
            imageGroupId: draft.imageGroupId,
            drawOnSellOut: draft.drawOnSellOut,
            pickYourNumbers: draft.pickYourNumbers === true,
          })
          .where("id", "=", id)
          .execute()
        await replaceLinks(trx, id, draft)
        return id
      }),
    ),

  update: (competitionId, draft) =>
    runQuery(db, "competitionAdmin.update", (q) =>
      atomically(q, async (trx) => {
        const { totalTickets } = await trx
          .selectFrom("competitions")
          .select("totalTickets")
          .where("id", "=", competitionId)
          .executeTakeFirstOrThrow()
        await resizePool(trx, competitionId, totalTickets, draft.totalTickets)
        await trx
          .updateTable("competitions")
          .set({ ...fieldsOf(draft), totalTickets: draft.totalTickets })
          .where("id", "=", competitionId)
          .execute()
        await replaceLinks(trx, competitionId, draft)
      }),
    ),

  remove: (competitionId) =>
    runQuery(db, "competitionAdmin.remove", (q) =>
      // Its pool, links, instant-win groups and basket lines go with it (on delete cascade).
      q.deleteFrom("competitions").where("id", "=", competitionId).execute(),
    ),

  moveDraw: (competitionId, moved) =>
    runQuery(db, "competitionAdmin.moveDraw", async (q) => {
      const result = await q
        .updateTable("competitions")
        .set({
          closeDateTimeUtc: moved.closeDateTimeUtc,
          drawDateTimeUtc: moved.drawDateTimeUtc,
          drawBroughtForwardFrom: moved.drawBroughtForward.from,
          drawBroughtForwardAt: moved.drawBroughtForward.at,
        })
        .where("id", "=", competitionId)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) throw new Error("no such competition")
    }),

  soldOutAwaitingClose: (now, limit) =>
    runQuery(db, "competitionAdmin.soldOutAwaitingClose", async (q) => {
      const rows = await q
        .selectFrom("competitions as c")
        .select("c.id")
        .where("c.drawType", "=", "Automatic")
        .where("c.drawOnSellOut", "=", true)
        .where("c.drawnAt", "is", null)
        .where((eb) => eb(eb.fn.coalesce("c.drawDateTimeUtc", "c.closeDateTimeUtc"), ">", now))
        .where(sql<boolean>`${ticketsSoldOf(sql.ref("c.id"))} >= c.total_tickets`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("orderLines as l")
                .innerJoin("orders as o", "o.id", "l.orderId")
                .select("l.orderId")
                .whereRef("l.competitionId", "=", "c.id")
                .where("l.quantity", ">", 0)
                .where("o.status", "in", [...openOrderStatuses]),
            ),
          ),
        )
        .orderBy("c.id")
        .limit(limit)
        .execute()
      return rows.map((r) => r.id)
    }),
})

export const CompetitionAdminStoreLive: Layer.Layer<CompetitionAdminStore, never, Db> =
  Layer.effect(CompetitionAdminStore, Effect.map(Db, makeCompetitionAdminStore))
