import { CompetitionNotFound } from "@howzat/core/competitions"
import type { DrawMaterial, DrawRecord, RedrawRecord, TicketHolder } from "@howzat/core/draws"
import { type BeaconReading, DrawRecords, type DrawRecordsShape } from "@howzat/core/ports"
import {
  DEFAULT_CLAIM_WINDOW_DAYS,
  type Entrant,
  ordersAwaitingPayment,
  ordersHoldingTicketsThatAreNotEntries,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, DrawsTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import { loadCompetitions } from "./competition-loader"
import { isUuid, normalisePage, pageOffset, toPage } from "./shared"

/**
 * Sold tickets are the entries. Core owns which ones
 * (`isDrawEntry` in core/src/rules/draw-entries.ts): a paid or refunded
 * order's, a free postal entry's (held under the entry's own id), a sale
 * with no order row (the demo seed's); never an unpaid or cancelled
 * order's. This query is that rule in SQL for speed: a cancelled or
 * expired order's tickets went back to the pool with its move, so it need
 * only leave out the orders in core's `ordersHoldingTicketsThatAreNotEntries`
 * (those awaiting payment, which the draw waits for anyway). The contract
 * test "answers as entries exactly the tickets core's draw-entry rule takes"
 * (test/contracts/draw-records.contract.ts, run on memory, PGlite and
 * PostgreSQL) holds it to the rule. The database writes the published
 * text itself: one value, not a row per ticket, so a million entries cross
 * the wire in a fraction of the time; the unpaid orders are a hashed list,
 * not a lookup per ticket.
 *
 * The numbers are sorted in a subquery and joined in that order, with room
 * to sort in memory: an ordered aggregate (`string_agg(... order by ...)`)
 * sorts inside the aggregate on PostgreSQL 15 and took twice as long
 * (decision 0091). A plain aggregate keeps its input's order unless a
 * parallel plan splits it, so parallel workers are off for the rest of the
 * transaction; and the reader refuses a list that is not strictly ascending, so an order
 * lost would stop the draw, never change its winner.
 */
export const soldEntries = (db: Kysely<Database>, competitionId: string): Promise<string> =>
  atomically(db, async (trx) => {
    await sql`select set_config('work_mem', '64MB', true),
        set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx)
    const rows = await sql<{ entries: string | null }>`
      select string_agg(s.ticket_number::text, E'\n') as entries
      from (
        select t.ticket_number from tickets t
        where t.competition_id = ${competitionId}::uuid and t.order_id is not null
          and t.order_id not in (
            select o.id from orders o
            where o.status in (${sql.join(ordersHoldingTicketsThatAreNotEntries)})
          )
        order by t.ticket_number
      ) s`.execute(trx)
    return rows.rows[0]?.entries ?? ""
  })

/**
 * Who holds a sold ticket: the customer when it has one (their name and
 * address as they are now), else the free postal entrant without an
 * account, by the details on their postcard.
 */
export const ticketHolder = async (
  db: Kysely<Database>,
  competitionId: string,
  ticketNumber: number,
): Promise<TicketHolder | null> => {
  const row = await db
    .selectFrom("tickets as t")
    .leftJoin("customers as c", "c.id", "t.customerId")
    .leftJoin("users as u", "u.id", "c.userId")
    .leftJoin("postalEntries as p", (join) =>
      join.onRef("p.id", "=", "t.orderId").onRef("p.competitionId", "=", "t.competitionId"),
    )
    .select([
      "c.id as customerId",
      "u.firstName",
      "u.lastName",
      "u.email",
      "p.firstName as postalFirstName",
      "p.lastName as postalLastName",
      "p.email as postalEmail",
    ])
    .where("t.competitionId", "=", competitionId)
    .where("t.ticketNumber", "=", ticketNumber)
    .executeTakeFirst()
  if (row === undefined) return null
  if (row.customerId !== null && row.firstName !== null && row.email !== null) {
    return {
      customerId: row.customerId,
      firstName: row.firstName,
      fullName: `${row.firstName} ${row.lastName ?? ""}`.trim(),
      email: row.email,
    }
  }
  if (row.postalFirstName !== null && row.postalEmail !== null) {
    return {
      customerId: null,
      firstName: row.postalFirstName,
      fullName: `${row.postalFirstName} ${row.postalLastName ?? ""}`.trim(),
      email: row.postalEmail,
    }
  }
  return null
}

/**
 * The names behind a competition's tickets, for the entry list: the
 * customer's name as it is now, else the postal entrant's postcard; a
 * ticket whose main or instant win staff keep private says so, so core
 * can leave its name out.
 */
export const ticketEntrants = async (
  db: Kysely<Database>,
  competitionId: string,
  ticketNumber: number | undefined,
): Promise<Entrant[]> => {
  if (!isUuid(competitionId)) return []
  let query = db
    .selectFrom("tickets as t")
    .leftJoin("customers as c", "c.id", "t.customerId")
    .leftJoin("users as u", "u.id", "c.userId")
    .leftJoin("postalEntries as p", (join) =>
      join.onRef("p.id", "=", "t.orderId").onRef("p.competitionId", "=", "t.competitionId"),
    )
    .select((eb) => [
      "t.ticketNumber",
      "u.firstName",
      "u.lastName",
      "p.id as postalEntryId",
      "p.firstName as postalFirstName",
      "p.lastName as postalLastName",
      eb
        .or([
          eb.exists(
            eb
              .selectFrom("draws as d")
              .select("d.id")
              .whereRef("d.competitionId", "=", "t.competitionId")
              .whereRef("d.winningTicketNumber", "=", "t.ticketNumber")
              .where("d.isVisible", "=", false),
          ),
          eb.exists(
            eb
              .selectFrom("instantWinTickets as w")
              .select("w.id")
              .whereRef("w.competitionId", "=", "t.competitionId")
              .whereRef("w.ticketNumber", "=", "t.ticketNumber")
              .where("w.wonAt", "is not", null)
              .where("w.isVisible", "=", false),
          ),
        ])
        .as("nameWithheld"),
    ])
    .where("t.competitionId", "=", competitionId)
    .where("t.orderId", "is not", null)
    .where((eb) => eb.or([eb("u.id", "is not", null), eb("p.id", "is not", null)]))
    .orderBy("t.ticketNumber")
  if (ticketNumber !== undefined) query = query.where("t.ticketNumber", "=", ticketNumber)
  const rows = await query.execute()
  return rows.map((r) => {
    // The account's name when there is one (it may be fixed since), else the postcard's.
    const named = r.firstName !== null
    return {
      ticketNumber: r.ticketNumber,
      firstName: named ? r.firstName : r.postalFirstName,
      lastName: named ? r.lastName : r.postalLastName,
      postal: r.postalEntryId !== null,
      nameWithheld: Boolean(r.nameWithheld),
    }
  })
}

/**
 * Records the draw and marks its competition drawn (`competitions.drawn_at`)
 * in one statement. The mark is what a checkout that began before the close
 * but reaches the competition's row after the draw reads to sell nothing
 * (ticket-allocator's openForCheckout, decision 0024), what the back office
 * reads as drawn, and what keeps a sold-out competition from being queued
 * for its draw again; in the same statement as the draw's row, neither can
 * exist without the other.
 */
export const recordDraw = async (
  db: Kysely<Database>,
  draw: DrawRecord,
  entries: string,
): Promise<void> => {
  const { id } = await db
    .with("marked", (q) =>
      q
        .updateTable("competitions")
        .set({ drawnAt: draw.drawnAt })
        .where("id", "=", draw.competitionId)
        .returning("id"),
    )
    .insertInto("draws")
    .values({
      competitionId: draw.competitionId,
      drawDate: draw.drawDate,
      drawType: draw.drawType,
      drawnAt: draw.drawnAt,
      outcome: draw.outcome,
      entriesHash: draw.entriesHash,
      entryCount: draw.entryCount,
      beaconSource: draw.beacon.source,
      beaconValue: draw.beacon.value,
      beaconRound: draw.beacon.source === "drand" ? draw.beacon.round : null,
      beaconUrl: draw.beacon.source === "drand" ? draw.beacon.url : null,
      attempt: draw.attempt,
      winningTicketNumber: draw.winningTicketNumber,
      winnerFullName: draw.winnerFullName,
      winnerCustomerId: draw.winnerCustomerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db.insertInto("drawEntries").values({ drawId: id, entries }).execute()
}

const beaconOf = (row: Selectable<DrawsTable>): BeaconReading =>
  row.beaconSource === "drand"
    ? {
        source: "drand",
        value: row.beaconValue,
        round: Number(row.beaconRound),
        url: row.beaconUrl ?? "",
      }
    : { source: "none", value: "" }

const toDrawRecord = (row: Selectable<DrawsTable>): DrawRecord => ({
  competitionId: row.competitionId,
  drawDate: row.drawDate ?? row.drawnAt,
  drawnAt: row.drawnAt,
  drawType: row.drawType,
  outcome: row.outcome,
  entriesHash: row.entriesHash,
  entryCount: row.entryCount,
  beacon: beaconOf(row),
  attempt: row.attempt,
  winningTicketNumber: row.winningTicketNumber,
  winnerFullName: row.winnerFullName,
  winnerCustomerId: row.winnerCustomerId,
})

const readMaterial = async (
  db: Kysely<Database>,
  competitionId: string,
  forUpdate: boolean,
): Promise<DrawMaterial | null> => {
  if (!isUuid(competitionId)) return null
  let query = db
    .selectFrom("competitions")
    .select([
      "id",
      "name",
      "drawType",
      "visibilityStatus",
      "closeDateTimeUtc",
      "drawDateTimeUtc",
      "drawSeed",
      "drawSeedCommitment",
      "seedCommittedAt",
      "instantWinSalt",
      "instantWinCommitment",
    ])
    .where("id", "=", competitionId)
  // The row lock is what serialises processes drawing the same competition.
  if (forUpdate) query = query.forUpdate()
  const competition = await query.executeTakeFirst()
  if (competition === undefined) return null
  const draw = await db
    .selectFrom("draws")
    .selectAll()
    .where("competitionId", "=", competitionId)
    .where("redrawNumber", "=", 0)
    .executeTakeFirst()
  return {
    competitionId: competition.id,
    competitionName: competition.name,
    drawType: competition.drawType,
    visibilityStatus: competition.visibilityStatus,
    closeDateTimeUtc: competition.closeDateTimeUtc,
    drawDateTimeUtc: competition.drawDateTimeUtc,
    seed: new Uint8Array(Buffer.from(competition.drawSeed, "hex")),
    seedCommitment: competition.drawSeedCommitment,
    seedCommittedAt: competition.seedCommittedAt,
    instantWinSalt: competition.instantWinSalt,
    instantWinCommitment: competition.instantWinCommitment,
    draw: draw === undefined ? null : toDrawRecord(draw),
  }
}

const CLAIM_WINDOW_KEY = "claimWindowDays"

const toRedrawRecord = (row: Selectable<DrawsTable>): RedrawRecord => ({
  competitionId: row.competitionId,
  redrawNumber: row.redrawNumber,
  replacesTicketNumber: row.replacesTicketNumber ?? 0,
  excludedTicketNumbers: row.excludedTicketNumbers ?? [],
  requestedAt: row.requestedAt ?? row.drawnAt,
  drawnAt: row.drawnAt,
  entriesHash: row.entriesHash,
  entryCount: row.entryCount,
  beacon: beaconOf(row),
  attempt: row.attempt ?? 0,
  winningTicketNumber: row.winningTicketNumber ?? 0,
  winnerFullName: row.winnerFullName,
  winnerCustomerId: row.winnerCustomerId,
})

export const makeDrawRecords = (db: Kysely<Database>): DrawRecordsShape => {
  const material = (operation: string, competitionId: string, forUpdate: boolean) =>
    runQuery(db, operation, (q) => readMaterial(q, competitionId, forUpdate)).pipe(
      Effect.flatMap((found) =>
        found === null
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed(found),
      ),
    )
  return {
    material: (competitionId) => material("draws.material", competitionId, false),
    lock: (competitionId) => material("draws.lock", competitionId, true),
    openOrderCount: (competitionId) =>
      runQuery(db, "draws.openOrderCount", async (q) => {
        const row = await q
          .selectFrom("orderLines as l")
          .innerJoin("orders as o", "o.id", "l.orderId")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("l.competitionId", "=", competitionId)
          .where("l.quantity", ">", 0)
          // The orders a draw waits for: core's list (docs/decisions/0024-making-a-draw.md).
          .where("o.status", "in", [...ordersAwaitingPayment])
          .executeTakeFirstOrThrow()
        return Number(row.count)
      }),
    entries: (competitionId) => runQuery(db, "draws.entries", (q) => soldEntries(q, competitionId)),
    holder: (competitionId, ticketNumber) =>
      runQuery(db, "draws.holder", (q) => ticketHolder(q, competitionId, ticketNumber)),
    entrants: (competitionId, ticketNumber) =>
      runQuery(db, "draws.entrants", (q) => ticketEntrants(q, competitionId, ticketNumber)),
    record: (draw, entries) => runQuery(db, "draws.record", (q) => recordDraw(q, draw, entries)),
    due: (now, limit, excluding) =>
      runQuery(db, "draws.due", async (q) => {
        const rows = await q
          .selectFrom("competitions as c")
          .select("c.id")
          .where("c.drawType", "=", "Automatic")
          .where((eb) => eb(eb.fn.coalesce("c.drawDateTimeUtc", "c.closeDateTimeUtc"), "<=", now))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom("draws as d").select("d.id").whereRef("d.competitionId", "=", "c.id"),
              ),
            ),
          )
          .where((eb) =>
            excluding.length === 0
              ? eb.lit(true)
              : eb.not(eb("c.id", "=", sql<string>`any(${excluding.filter(isUuid)}::uuid[])`)),
          )
          .orderBy((eb) => eb.fn.coalesce("c.drawDateTimeUtc", "c.closeDateTimeUtc"))
          .orderBy("c.id")
          .limit(limit)
          .execute()
        return rows.map((r) => r.id)
      }),
    awaiting: (now, scope) =>
      runQuery(db, "draws.awaiting", async (q) => {
        if (scope.drawTypes.length === 0 || scope.limit === 0) return []
        let query = q
          .selectFrom("competitions as c")
          .selectAll("c")
          .where("c.drawType", "in", scope.drawTypes)
          .where("c.closeDateTimeUtc", "<=", now)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom("draws as d").select("d.id").whereRef("d.competitionId", "=", "c.id"),
              ),
            ),
          )
          // A late host's competition is past its draw time and still waits: no bound on it.
          .orderBy((eb) => eb.fn.coalesce("c.drawDateTimeUtc", "c.closeDateTimeUtc"))
          .orderBy("c.closeDateTimeUtc")
          .orderBy("c.name")
          .orderBy("c.id")
        if (scope.visibleOnly) query = query.where("c.visibilityStatus", "=", "Visible")
        if (scope.limit !== undefined) query = query.limit(scope.limit)
        return loadCompetitions(q, await query.execute())
      }),
    instantWinLines: (competitionId) =>
      runQuery(db, "draws.instantWinLines", async (q) => {
        const rows = await q
          .selectFrom("instantWinTickets")
          .select(["instantWinGroupId", "ticketNumber"])
          .where("competitionId", "=", competitionId)
          .execute()
        return rows
      }),
    list: (query) =>
      runQuery(db, "draws.list", async (q) => {
        let base = q
          .selectFrom("draws as d")
          .innerJoin("competitions as c", "c.id", "d.competitionId")
        if (!query.includeHidden) base = base.where("c.visibilityStatus", "=", "Visible")
        if (query.fromDate) base = base.where("d.drawDate", ">=", query.fromDate)
        if (query.toDate) base = base.where("d.drawDate", "<=", query.toDate)
        const [{ totalCount }, rows] = await Promise.all([
          base.select((eb) => eb.fn.countAll<string>().as("totalCount")).executeTakeFirstOrThrow(),
          base
            .selectAll("d")
            .select("c.name as competitionName")
            .orderBy("d.drawDate", "desc")
            .orderBy("d.id")
            .limit(normalisePage(query.page).pageSize)
            .offset(pageOffset(query.page))
            .execute(),
        ])
        return toPage(
          query.page,
          rows.map((row) => ({
            ...toDrawRecord(row),
            // The draw stays public (its proof is), the name of a winner kept private does not.
            ...(row.isVisible || query.includeHidden
              ? {}
              : { winnerFullName: null, winnerCustomerId: null }),
            competitionName: row.competitionName,
          })),
          Number(totalCount),
        )
      }),
    entriesText: (competitionId) =>
      runQuery(db, "draws.entriesText", async (q) => {
        if (!isUuid(competitionId)) return null
        const row = await q
          .selectFrom("draws as d")
          .innerJoin("drawEntries as e", "e.drawId", "d.id")
          .select("e.entries")
          .where("d.competitionId", "=", competitionId)
          .executeTakeFirst()
        return row?.entries ?? null
      }),
    redraws: (competitionId) =>
      runQuery(db, "draws.redraws", async (q) => {
        if (!isUuid(competitionId)) return []
        const rows = await q
          .selectFrom("draws")
          .selectAll()
          .where("competitionId", "=", competitionId)
          .where("redrawNumber", ">", 0)
          .orderBy("redrawNumber")
          .execute()
        return rows.map(toRedrawRecord)
      }),
    claims: (competitionId) =>
      runQuery(db, "draws.claims", async (q) => {
        if (!isUuid(competitionId)) return []
        const rows = await q
          .selectFrom("draws")
          .select(["winningTicketNumber", "drawnAt", "processedAt", "redrawRequestedAt"])
          .where("competitionId", "=", competitionId)
          .where("winningTicketNumber", "is not", null)
          .orderBy("redrawNumber")
          .execute()
        return rows.map((row) => ({
          competitionId,
          ticketNumber: row.winningTicketNumber as number,
          drawnAt: row.drawnAt,
          processedAt: row.processedAt,
          redrawRequestedAt: row.redrawRequestedAt,
        }))
      }),
    markUnclaimed: (competitionId, ticketNumber, at) =>
      runQuery(db, "draws.markUnclaimed", async (q) => {
        if (!isUuid(competitionId)) return false
        const result = await q
          .updateTable("draws")
          .set({ redrawRequestedAt: at })
          .where("competitionId", "=", competitionId)
          .where("winningTicketNumber", "=", ticketNumber)
          .where("redrawRequestedAt", "is", null)
          .executeTakeFirst()
        return Number(result.numUpdatedRows) > 0
      }),
    recordRedraw: (redraw) =>
      runQuery(db, "draws.recordRedraw", async (q) => {
        const original = await q
          .selectFrom("draws")
          .select(["drawType", "isVisible"])
          .where("competitionId", "=", redraw.competitionId)
          .where("redrawNumber", "=", 0)
          .executeTakeFirstOrThrow()
        await q
          .insertInto("draws")
          .values({
            competitionId: redraw.competitionId,
            redrawNumber: redraw.redrawNumber,
            replacesTicketNumber: redraw.replacesTicketNumber,
            excludedTicketNumbers: [...redraw.excludedTicketNumbers],
            requestedAt: redraw.requestedAt,
            drawDate: redraw.drawnAt,
            drawType: original.drawType,
            drawnAt: redraw.drawnAt,
            outcome: "Winner",
            entriesHash: redraw.entriesHash,
            entryCount: redraw.entryCount,
            beaconSource: redraw.beacon.source,
            beaconValue: redraw.beacon.value,
            beaconRound: redraw.beacon.source === "drand" ? redraw.beacon.round : null,
            beaconUrl: redraw.beacon.source === "drand" ? redraw.beacon.url : null,
            attempt: redraw.attempt,
            winningTicketNumber: redraw.winningTicketNumber,
            winnerFullName: redraw.winnerFullName,
            winnerCustomerId: redraw.winnerCustomerId,
          })
          .execute()
      }),
    claimWindowDays: runQuery(db, "draws.claimWindowDays", async (q) => {
      const row = await q
        .selectFrom("settings")
        .select("value")
        .where("key", "=", CLAIM_WINDOW_KEY)
        .executeTakeFirst()
      const days = Number(row?.value)
      return row === undefined || !Number.isInteger(days) ? DEFAULT_CLAIM_WINDOW_DAYS : days
    }),
    setClaimWindowDays: (days) =>
      runQuery(db, "draws.setClaimWindowDays", async (q) => {
        await q
          .insertInto("settings")
          .values({ key: CLAIM_WINDOW_KEY, value: String(days) })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(days) }))
          .execute()
      }),
  }
}

export const DrawRecordsLive: Layer.Layer<DrawRecords, never, Db> = Layer.effect(
  DrawRecords,
  Effect.map(Db, makeDrawRecords),
)
