import type { PageRequest } from "@howzat/core/competitions"
import { WinnerRecords, type WinnerRecordsShape } from "@howzat/core/ports"
import type {
  InstantWinPrizeWinner,
  MainPrizeWinner,
  Processed,
  WinnerKind,
  WinnerNote,
  WinnerProcessedStatus,
  WinnerRef,
  WinnerVisibility,
} from "@howzat/core/winners"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid, normalisePage, pageOffset, toPage } from "./shared"

const processedOf = (at: Date | null, byUserId: string | null): Processed | null =>
  at === null ? null : { at, byUserId }

/** Ids and ticket numbers come from URLs: one that cannot exist is simply not found. */
const isTicketNumber = (n: number) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647

const knownRef = (ref: WinnerRef) =>
  ref.kind === "Main"
    ? isUuid(ref.competitionId) && isTicketNumber(ref.ticketNumber)
    : isUuid(ref.instantWinId)

interface Selection {
  readonly status?: WinnerProcessedStatus
  readonly visibility?: WinnerVisibility | undefined
  readonly page?: PageRequest
}

/** Main winners: draws with a winning ticket. The name is the draw's snapshot of it. */
const mainWinners = (
  db: Kysely<Database>,
  { status = "All", visibility = "All" }: Selection,
  key?: { readonly competitionId: string; readonly ticketNumber: number },
) => {
  let query = db
    .selectFrom("draws as d")
    .innerJoin("competitions as c", "c.id", "d.competitionId")
    .where("d.outcome", "=", "Winner")
  if (status === "Processed") query = query.where("d.processedAt", "is not", null)
  if (status === "NotProcessed") query = query.where("d.processedAt", "is", null)
  if (visibility !== "All") query = query.where("d.isVisible", "=", visibility === "Visible")
  if (key !== undefined)
    query = query
      .where("d.competitionId", "=", key.competitionId)
      .where("d.winningTicketNumber", "=", key.ticketNumber)
  return query
}

const readMain = async (
  db: Kysely<Database>,
  selection: Selection,
  key?: { readonly competitionId: string; readonly ticketNumber: number },
): Promise<MainPrizeWinner[]> => {
  let query = mainWinners(db, selection, key)
    .select([
      "d.competitionId",
      "c.name as competitionName",
      "c.cashAlternativePence",
      "d.prizeAwardedAs",
      "d.winningTicketNumber",
      "d.winnerCustomerId",
      "d.winnerFullName",
      "d.drawnAt",
      "d.redrawRequestedAt",
      "d.processedAt",
      "d.processedByUserId",
      "d.isVisible",
    ])
    .select(
      sql<string>`(select count(*) from winner_notes n
        where n.competition_id = d.competition_id
          and n.ticket_number = d.winning_ticket_number)`.as("noteCount"),
    )
    .orderBy("d.drawnAt", "desc")
    .orderBy("d.competitionId")
  if (selection.page !== undefined)
    query = query.limit(normalisePage(selection.page).pageSize).offset(pageOffset(selection.page))
  const rows = await query.execute()
  return rows.flatMap((r): MainPrizeWinner[] =>
    r.winningTicketNumber === null
      ? []
      : [
          {
            competitionId: r.competitionId,
            competitionName: r.competitionName,
            cashAlternativeValue: r.cashAlternativePence,
            prizeAwardedAs: r.prizeAwardedAs,
            ticketNumber: r.winningTicketNumber,
            winner: { customerId: r.winnerCustomerId, fullName: r.winnerFullName },
            drawnAt: r.drawnAt,
            redrawRequestedAt: r.redrawRequestedAt,
            processed: processedOf(r.processedAt, r.processedByUserId),
            noteCount: Number(r.noteCount),
            isVisible: r.isVisible,
          },
        ],
  )
}

/** Instant-win winners: won instant-win tickets, named by their customer (or the demo's name). */
const instantWinners = (
  db: Kysely<Database>,
  { status = "All", visibility = "All" }: Selection,
  instantWinId?: string,
) => {
  let query = db
    .selectFrom("instantWinTickets as w")
    .innerJoin("instantWinGroups as g", "g.id", "w.instantWinGroupId")
    .innerJoin("competitions as c", "c.id", "w.competitionId")
    .where("w.wonAt", "is not", null)
  if (status === "Processed") query = query.where("w.processedAt", "is not", null)
  if (status === "NotProcessed") query = query.where("w.processedAt", "is", null)
  if (visibility !== "All") query = query.where("w.isVisible", "=", visibility === "Visible")
  if (instantWinId !== undefined) query = query.where("w.id", "=", instantWinId)
  return query
}

const fullNameOf = (firstName: string | null, lastName: string | null) =>
  firstName === null ? null : `${firstName} ${lastName ?? ""}`.trim()

const readInstantWins = async (
  db: Kysely<Database>,
  selection: Selection,
  instantWinId?: string,
): Promise<InstantWinPrizeWinner[]> => {
  let query = instantWinners(db, selection, instantWinId)
    .leftJoin("customers as cu", "cu.id", "w.winnerCustomerId")
    .leftJoin("users as u", "u.id", "cu.userId")
    // A postal entrant without an account is named by their postcard.
    .leftJoin("postalEntries as pe", "pe.id", "w.postalEntryId")
    .select([
      "w.id",
      "w.competitionId",
      "c.name as competitionName",
      "w.instantWinGroupId",
      "g.name as prizeName",
      "w.ticketNumber",
      "w.winnerCustomerId",
      "w.winnerDisplayName",
      "u.firstName",
      "u.lastName",
      "pe.firstName as postalFirstName",
      "pe.lastName as postalLastName",
      "w.wonAt",
      "w.orderId",
      "w.postalEntryId",
      "w.processedAt",
      "w.processedByUserId",
      "w.isVisible",
    ])
    .select(
      sql<string>`(select count(*) from winner_notes n
        where n.instant_win_ticket_id = w.id)`.as("noteCount"),
    )
    .orderBy("w.wonAt", "desc")
    .orderBy("w.id")
  if (selection.page !== undefined)
    query = query.limit(normalisePage(selection.page).pageSize).offset(pageOffset(selection.page))
  const rows = await query.execute()
  return rows.flatMap((r): InstantWinPrizeWinner[] =>
    r.wonAt === null
      ? []
      : [
          {
            instantWinId: r.id,
            competitionId: r.competitionId,
            competitionName: r.competitionName,
            instantWinGroupId: r.instantWinGroupId,
            prizeName: r.prizeName,
            ticketNumber: r.ticketNumber,
            winner: {
              customerId: r.winnerCustomerId,
              fullName:
                fullNameOf(r.firstName, r.lastName) ??
                fullNameOf(r.postalFirstName, r.postalLastName) ??
                r.winnerDisplayName,
            },
            wonAt: r.wonAt,
            orderId: r.orderId,
            postalEntryId: r.postalEntryId,
            processed: processedOf(r.processedAt, r.processedByUserId),
            noteCount: Number(r.noteCount),
            isVisible: r.isVisible,
          },
        ],
  )
}

const noteKind = (kind: WinnerKind) =>
  kind === "Main"
    ? sql<boolean>`competition_id is not null`
    : sql<boolean>`instant_win_ticket_id is not null`

const readNotes = async (
  db: Kysely<Database>,
  where: { readonly ref?: WinnerRef; readonly noteId?: string },
): Promise<WinnerNote[]> => {
  let query = db
    .selectFrom("winnerNotes as n")
    .leftJoin("users as u", "u.id", "n.authorUserId")
    .select([
      "n.id",
      "n.text",
      "n.authorUserId",
      "u.firstName",
      "u.lastName",
      "n.createdAt",
      "n.updatedAt",
    ])
  const { ref, noteId } = where
  if (ref?.kind === "Main")
    query = query
      .where("n.competitionId", "=", ref.competitionId)
      .where("n.ticketNumber", "=", ref.ticketNumber)
  if (ref?.kind === "InstantWin") query = query.where("n.instantWinTicketId", "=", ref.instantWinId)
  if (noteId !== undefined) query = query.where("n.id", "=", noteId)
  const rows = await query.orderBy("n.createdAt").orderBy("n.id").execute()
  return rows.map((r) => ({
    noteId: r.id,
    text: r.text,
    author:
      r.authorUserId === null || r.firstName === null
        ? null
        : { userId: r.authorUserId, name: `${r.firstName} ${r.lastName ?? ""}`.trim() },
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }))
}

const winnerExists = async (db: Kysely<Database>, ref: WinnerRef): Promise<boolean> => {
  if (!knownRef(ref)) return false
  const row =
    ref.kind === "Main"
      ? await mainWinners(db, {}, ref).select("d.id").executeTakeFirst()
      : await instantWinners(db, {}, ref.instantWinId).select("w.id").executeTakeFirst()
  return row !== undefined
}

/**
 * Marking processed keeps the first hand-over's when and who (a second
 * click must not rewrite history); unmarking clears both. Both columns are
 * set from the row as it was, so the order of the assignments is moot.
 */
const processedColumns = (processed: Processed | null) =>
  processed === null
    ? { processedAt: null, processedByUserId: null }
    : {
        processedAt: sql<Date>`coalesce(processed_at, ${processed.at})`,
        processedByUserId: sql<string | null>`case when processed_at is null
          then ${processed.byUserId}::uuid else processed_by_user_id end`,
      }

export const makeWinnerRecords = (db: Kysely<Database>): WinnerRecordsShape => ({
  mainPrizeWinners: ({ status, visibility, page }) =>
    runQuery(db, "winners.mainPrizeWinners", async (q) => {
      const [{ count }, items] = await Promise.all([
        mainWinners(q, { status, visibility })
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .executeTakeFirstOrThrow(),
        readMain(q, { status, visibility, page }),
      ])
      return toPage(page, items, Number(count))
    }),
  instantWinPrizeWinners: ({ status, visibility, page }) =>
    runQuery(db, "winners.instantWinPrizeWinners", async (q) => {
      const [{ count }, items] = await Promise.all([
        instantWinners(q, { status, visibility })
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .executeTakeFirstOrThrow(),
        readInstantWins(q, { status, visibility, page }),
      ])
      return toPage(page, items, Number(count))
    }),
  mainPrizeWinner: (competitionId, ticketNumber) =>
    runQuery(db, "winners.mainPrizeWinner", async (q) => {
      if (!knownRef({ kind: "Main", competitionId, ticketNumber })) return null
      return (await readMain(q, {}, { competitionId, ticketNumber }))[0] ?? null
    }),
  instantWinPrizeWinner: (instantWinId) =>
    runQuery(db, "winners.instantWinPrizeWinner", async (q) => {
      if (!isUuid(instantWinId)) return null
      return (await readInstantWins(q, {}, instantWinId))[0] ?? null
    }),
  setProcessed: (ref, processed) =>
    runQuery(db, "winners.setProcessed", async (q) => {
      if (!knownRef(ref)) return false
      const result =
        ref.kind === "Main"
          ? await q
              .updateTable("draws")
              .set(processedColumns(processed))
              .where("competitionId", "=", ref.competitionId)
              .where("winningTicketNumber", "=", ref.ticketNumber)
              .where("outcome", "=", "Winner")
              .executeTakeFirst()
          : await q
              .updateTable("instantWinTickets")
              .set(processedColumns(processed))
              .where("id", "=", ref.instantWinId)
              .where("wonAt", "is not", null)
              .executeTakeFirst()
      return result.numUpdatedRows > 0n
    }),
  setPrizeAwardedAs: (competitionId, ticketNumber, prizeAwardedAs) =>
    runQuery(db, "winners.setPrizeAwardedAs", async (q) => {
      if (!knownRef({ kind: "Main", competitionId, ticketNumber })) return false
      const result = await q
        .updateTable("draws")
        .set({ prizeAwardedAs })
        .where("competitionId", "=", competitionId)
        .where("winningTicketNumber", "=", ticketNumber)
        .where("outcome", "=", "Winner")
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    }),
  setVisible: (ref, isVisible) =>
    runQuery(db, "winners.setVisible", async (q) => {
      if (!knownRef(ref)) return false
      const result =
        ref.kind === "Main"
          ? await q
              .updateTable("draws")
              .set({ isVisible })
              .where("competitionId", "=", ref.competitionId)
              .where("winningTicketNumber", "=", ref.ticketNumber)
              .where("outcome", "=", "Winner")
              .executeTakeFirst()
          : await q
              .updateTable("instantWinTickets")
              .set({ isVisible })
              .where("id", "=", ref.instantWinId)
              .where("wonAt", "is not", null)
              .executeTakeFirst()
      return result.numUpdatedRows > 0n
    }),
  notes: (ref) =>
    runQuery(db, "winners.notes", async (q) =>
      (await winnerExists(q, ref)) ? await readNotes(q, { ref }) : null,
    ),
  addNote: (ref, { text, authorUserId, at }) =>
    runQuery(db, "winners.addNote", async (q) => {
      // A winner is never un-won, so checking first is safe; the keys refuse a note to none anyway.
      if (!(await winnerExists(q, ref))) return null
      const inserted = await q
        .insertInto("winnerNotes")
        .values({
          competitionId: ref.kind === "Main" ? ref.competitionId : null,
          ticketNumber: ref.kind === "Main" ? ref.ticketNumber : null,
          instantWinTicketId: ref.kind === "InstantWin" ? ref.instantWinId : null,
          text,
          authorUserId,
          createdAt: at,
          updatedAt: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      return (await readNotes(q, { noteId: inserted.id }))[0] ?? null
    }),
  note: (kind, noteId) =>
    runQuery(db, "winners.note", async (q) => {
      if (!isUuid(noteId)) return null
      const locked = await q
        .selectFrom("winnerNotes")
        .select("id")
        .where("id", "=", noteId)
        .where(noteKind(kind))
        .forUpdate()
        .executeTakeFirst()
      if (locked === undefined) return null
      return (await readNotes(q, { noteId }))[0] ?? null
    }),
  editNote: (kind, noteId, { text, at }) =>
    runQuery(db, "winners.editNote", async (q) => {
      if (!isUuid(noteId)) return null
      const updated = await q
        .updateTable("winnerNotes")
        .set({ text, updatedAt: at })
        .where("id", "=", noteId)
        .where(noteKind(kind))
        .returning("id")
        .executeTakeFirst()
      if (updated === undefined) return null
      return (await readNotes(q, { noteId }))[0] ?? null
    }),
  deleteNote: (kind, noteId) =>
    runQuery(db, "winners.deleteNote", async (q) => {
      if (!isUuid(noteId)) return false
      const result = await q
        .deleteFrom("winnerNotes")
        .where("id", "=", noteId)
        .where(noteKind(kind))
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    }),
})

export const WinnerRecordsLive: Layer.Layer<WinnerRecords, never, Db> = Layer.effect(
  WinnerRecords,
  Effect.map(Db, makeWinnerRecords),
)
