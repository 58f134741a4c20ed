import { Effect, Exit, Layer } from "effect"
import type { Page } from "../competitions/model.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { Transactions } from "../ports/transactions.js"
import { WinnerRecords, type WinnerRecordsShape } from "../ports/winner-records.js"
import type {
  InstantWinPrizeWinner,
  MainPrizeWinner,
  Processed,
  WinnerNote,
  WinnerProcessedStatus,
  WinnerRef,
  WinnerVisibility,
} from "./model.js"

interface StoredNote {
  readonly ref: WinnerRef
  readonly note: WinnerNote
}

/** What the in-memory WinnerRecords holds; tests read and seed it directly. */
export interface WinnerStore {
  main: MainPrizeWinner[]
  instantWins: InstantWinPrizeWinner[]
  notes: StoredNote[]
  /** Staff names by user id, as the users table would give them. */
  staffNames: Map<string, string>
  /** The audit log's entries, kept only when their transaction commits. */
  audit: AuditEntry[]
}

export const emptyWinnerStore = (): WinnerStore => ({
  main: [],
  instantWins: [],
  notes: [],
  staffNames: new Map(),
  audit: [],
})

const sameWinner = (a: WinnerRef, b: WinnerRef) =>
  a.kind === "Main" && b.kind === "Main"
    ? a.competitionId === b.competitionId && a.ticketNumber === b.ticketNumber
    : a.kind === "InstantWin" && b.kind === "InstantWin" && a.instantWinId === b.instantWinId

const refOfMain = (w: MainPrizeWinner): WinnerRef => ({
  kind: "Main",
  competitionId: w.competitionId,
  ticketNumber: w.ticketNumber,
})
const refOfInstantWin = (w: InstantWinPrizeWinner): WinnerRef => ({
  kind: "InstantWin",
  instantWinId: w.instantWinId,
})

const shows = (status: WinnerProcessedStatus, processed: Processed | null) =>
  status === "All" || (status === "Processed") === (processed !== null)

const showsVisibility = (visibility: WinnerVisibility | undefined, isVisible: boolean) =>
  visibility === undefined || visibility === "All" || (visibility === "Visible") === isVisible

const paged = <A>(items: readonly A[], pageNumber: number, pageSize: number): Page<A> => ({
  items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
  pageNumber,
  pageSize,
  totalCount: items.length,
})

/** The repository's promises, kept in memory: what the Postgres suite checks the real one against. */
export const makeWinnerRecordsDouble = (store: WinnerStore): WinnerRecordsShape => {
  const noteCount = (ref: WinnerRef) => store.notes.filter((n) => sameWinner(n.ref, ref)).length
  const main = (w: MainPrizeWinner) => ({ ...w, noteCount: noteCount(refOfMain(w)) })
  const instant = (w: InstantWinPrizeWinner) => ({
    ...w,
    noteCount: noteCount(refOfInstantWin(w)),
  })
  const exists = (ref: WinnerRef) =>
    ref.kind === "Main"
      ? store.main.some((w) => sameWinner(refOfMain(w), ref))
      : store.instantWins.some((w) => w.instantWinId === ref.instantWinId)
  const keep = (before: Processed | null, after: Processed | null) =>
    after === null ? null : (before ?? after)
  let nextNote = 1
  // Signed by name as the users table says now: a removed author leaves the note unsigned.
  const signed = (note: WinnerNote): WinnerNote =>
    note.author === null || store.staffNames.has(note.author.userId)
      ? note
      : { ...note, author: null }

  return {
    mainPrizeWinners: ({ status, visibility, page }) =>
      Effect.sync(() =>
        paged(
          store.main
            .filter((w) => shows(status, w.processed) && showsVisibility(visibility, w.isVisible))
            .sort((a, b) => b.drawnAt.getTime() - a.drawnAt.getTime())
            .map(main),
          page.pageNumber,
          page.pageSize,
        ),
      ),
    instantWinPrizeWinners: ({ status, visibility, page }) =>
      Effect.sync(() =>
        paged(
          store.instantWins
            .filter((w) => shows(status, w.processed) && showsVisibility(visibility, w.isVisible))
            .sort((a, b) => b.wonAt.getTime() - a.wonAt.getTime())
            .map(instant),
          page.pageNumber,
          page.pageSize,
        ),
      ),
    mainPrizeWinner: (competitionId, ticketNumber) =>
      Effect.sync(() => {
        const w = store.main.find(
          (m) => m.competitionId === competitionId && m.ticketNumber === ticketNumber,
        )
        return w === undefined ? null : main(w)
      }),
    instantWinPrizeWinner: (instantWinId) =>
      Effect.sync(() => {
        const w = store.instantWins.find((i) => i.instantWinId === instantWinId)
        return w === undefined ? null : instant(w)
      }),
    setPrizeAwardedAs: (competitionId, ticketNumber, prizeAwardedAs) =>
      Effect.sync(() => {
        const ref: WinnerRef = { kind: "Main", competitionId, ticketNumber }
        if (!exists(ref)) return false
        store.main = store.main.map((w) =>
          sameWinner(refOfMain(w), ref) ? { ...w, prizeAwardedAs } : w,
        )
        return true
      }),
    setProcessed: (ref, processed) =>
      Effect.sync(() => {
        if (!exists(ref)) return false
        if (ref.kind === "Main")
          store.main = store.main.map((w) =>
            sameWinner(refOfMain(w), ref) ? { ...w, processed: keep(w.processed, processed) } : w,
          )
        else
          store.instantWins = store.instantWins.map((w) =>
            w.instantWinId === ref.instantWinId
              ? { ...w, processed: keep(w.processed, processed) }
              : w,
          )
        return true
      }),
    setVisible: (ref, isVisible) =>
      Effect.sync(() => {
        if (!exists(ref)) return false
        if (ref.kind === "Main")
          store.main = store.main.map((w) =>
            sameWinner(refOfMain(w), ref) ? { ...w, isVisible } : w,
          )
        else
          store.instantWins = store.instantWins.map((w) =>
            w.instantWinId === ref.instantWinId ? { ...w, isVisible } : w,
          )
        return true
      }),
    notes: (ref) =>
      Effect.sync(() =>
        exists(ref)
          ? store.notes.filter((n) => sameWinner(n.ref, ref)).map((n) => signed(n.note))
          : null,
      ),
    addNote: (ref, { text, authorUserId, at }) =>
      Effect.sync(() => {
        if (!exists(ref)) return null
        const name = store.staffNames.get(authorUserId)
        const note: WinnerNote = {
          noteId: `note-${nextNote++}`,
          text,
          author: name === undefined ? null : { userId: authorUserId, name },
          createdAt: at,
          updatedAt: at,
        }
        store.notes.push({ ref, note })
        return note
      }),
    note: (kind, noteId) =>
      Effect.sync(
        () =>
          store.notes
            .filter((n) => n.note.noteId === noteId && n.ref.kind === kind)
            .map((n) => signed(n.note))[0] ?? null,
      ),
    editNote: (kind, noteId, { text, at }) =>
      Effect.sync(() => {
        const i = store.notes.findIndex((n) => n.note.noteId === noteId && n.ref.kind === kind)
        const stored = store.notes[i]
        if (stored === undefined) return null
        const note = { ...stored.note, text, updatedAt: at }
        store.notes[i] = { ref: stored.ref, note }
        return signed(note)
      }),
    deleteNote: (kind, noteId) =>
      Effect.sync(() => {
        const before = store.notes.length
        store.notes = store.notes.filter((n) => !(n.note.noteId === noteId && n.ref.kind === kind))
        return store.notes.length < before
      }),
  }
}

/** The repository, an audit log, and transactions that put the whole store back on failure. */
export const winnerRecordsOver = (store: WinnerStore) =>
  Layer.mergeAll(
    Layer.succeed(WinnerRecords, makeWinnerRecordsDouble(store)),
    Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void store.audit.push(entry)) }),
    Layer.succeed(Transactions, {
      within: (effect) =>
        Effect.suspend(() => {
          const before = { ...store, audit: [...store.audit], notes: [...store.notes] }
          return Effect.onExit(effect, (exit) =>
            Effect.sync(() => {
              if (Exit.isFailure(exit)) Object.assign(store, before)
            }),
          )
        }),
    }),
  )
