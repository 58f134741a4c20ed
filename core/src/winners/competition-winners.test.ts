import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, TestClock } from "effect"
import fc from "fast-check"
import type { Principal, Role } from "../accounts/model.js"
import { MAX_WINNER_NOTE_LENGTH, winnerNoteMessages } from "../rules/winner-notes.js"
import { CompetitionWinners } from "./competition-winners.js"
import type { InstantWinPrizeWinner, MainPrizeWinner } from "./model.js"
import { emptyWinnerStore, type WinnerStore, winnerRecordsOver } from "./test-doubles.js"

const START = Date.parse("2026-06-18T20:30:00Z")

const principal = (role: Role, userId = "staff-1"): Principal => ({
  userId,
  role,
  customerId: role === "Customer" ? "customer-9" : null,
  email: `${userId}@howzat.example`,
  name: "Sam Staff",
})
const staff = principal("Staff")
const customer = principal("Customer", "customer-user")

const mainWinner = (overrides: Partial<MainPrizeWinner> = {}): MainPrizeWinner => ({
  competitionId: "comp-1",
  competitionName: "Bat signed by the team",
  cashAlternativeValue: 25_000,
  prizeAwardedAs: null,
  ticketNumber: 42,
  winner: { customerId: "customer-1", fullName: "Ann Smith" },
  drawnAt: new Date("2026-06-11T20:30:00Z"),
  redrawRequestedAt: null,
  processed: null,
  noteCount: 0,
  isVisible: true,
  ...overrides,
})

const instantWin = (overrides: Partial<InstantWinPrizeWinner> = {}): InstantWinPrizeWinner => ({
  instantWinId: "iw-1",
  competitionId: "comp-1",
  competitionName: "Bat signed by the team",
  instantWinGroupId: "group-1",
  prizeName: "Signed ball",
  ticketNumber: 7,
  winner: { customerId: "customer-2", fullName: "Bob Jones" },
  wonAt: new Date("2026-06-10T10:00:00Z"),
  orderId: "order-1",
  postalEntryId: null,
  processed: null,
  noteCount: 0,
  isVisible: true,
  ...overrides,
})

const run = <A, E>(
  test: (store: WinnerStore, winners: CompetitionWinners) => Effect.Effect<A, E>,
  seed: (store: WinnerStore) => void = (store) => {
    store.main.push(mainWinner())
    store.instantWins.push(instantWin())
    store.staffNames.set("staff-1", "Sam Staff")
  },
) => {
  const store = emptyWinnerStore()
  seed(store)
  return Effect.gen(function* () {
    yield* TestClock.setTime(START)
    return yield* test(store, yield* CompetitionWinners)
  }).pipe(Effect.provide(CompetitionWinners.Default.pipe(Layer.provide(winnerRecordsOver(store)))))
}

const everyCall = (winners: CompetitionWinners, by: Principal) => {
  const page = { status: "All" as const, page: { pageNumber: 1, pageSize: 20 } }
  const main = { kind: "Main" as const, competitionId: "comp-1", ticketNumber: 42 }
  const calls: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
    winners.mainPrizeWinners(page, by),
    winners.instantWinPrizeWinners(page, by),
    winners.setMainPrizeProcessed("comp-1", 42, true, by),
    winners.setInstantWinProcessed("iw-1", true, by),
    winners.setMainPrizeVisibility("comp-1", 42, false, by),
    winners.setInstantWinVisibility("iw-1", false, by),
    winners.setMainPrizeAwardedAs("comp-1", 42, "Prize", by),
    winners.notes(main, by),
    winners.addNote(main, "Called the winner", by),
    winners.editNote("Main", "note-1", "Changed", by),
    winners.deleteNote("Main", "note-1", by),
  ]
  return calls
}

describe("the winners back office", () => {
  it.effect("refuses every call to a customer, and changes nothing", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        for (const call of everyCall(winners, customer)) {
          const refused = yield* Effect.flip(call)
          expect(refused._tag).toBe("NotStaff")
        }
        expect(store.notes).toEqual([])
        expect(store.main[0]?.processed).toBeNull()
        expect(store.instantWins[0]?.processed).toBeNull()
        expect(store.main[0]?.isVisible).toBe(true)
        expect(store.instantWins[0]?.isVisible).toBe(true)
        expect(store.audit).toEqual([])
      }),
    ),
  )

  it.effect("audits hand-overs and every note change, with the values before and after", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        const ref = { kind: "Main" as const, competitionId: "comp-1", ticketNumber: 42 }
        const admin = principal("Admin", "admin-1")
        yield* winners.setMainPrizeProcessed("comp-1", 42, true, staff)
        const note = yield* winners.addNote(ref, "Phoned Ann", staff)
        yield* winners.editNote("Main", note.noteId, "Delivered", admin)
        yield* winners.deleteNote("Main", note.noteId, admin)
        const at = new Date(START)
        const processed = { at: at.toISOString(), byUserId: "staff-1" }
        const noteSubject = { type: "WinnerNote", id: note.noteId }
        expect(store.audit).toEqual([
          {
            actor: { userId: "staff-1", role: "Staff" },
            action: "Winner.SetProcessed",
            subject: { type: "MainPrizeWinner", id: "comp-1/42" },
            before: { processed: null },
            after: { processed },
            at,
          },
          {
            actor: { userId: "staff-1", role: "Staff" },
            action: "WinnerNote.Add",
            subject: noteSubject,
            before: null,
            after: { kind: "Main", winner: ref, text: "Phoned Ann" },
            at,
          },
          {
            actor: { userId: "admin-1", role: "Admin" },
            action: "WinnerNote.Edit",
            subject: noteSubject,
            before: { kind: "Main", text: "Phoned Ann" },
            after: { kind: "Main", text: "Delivered" },
            at,
          },
          {
            actor: { userId: "admin-1", role: "Admin" },
            action: "WinnerNote.Delete",
            subject: noteSubject,
            before: { kind: "Main", text: "Delivered" },
            after: null,
            at,
          },
        ])
      }),
    ),
  )

  it.effect("audits nothing for a change that was refused or found nothing", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        yield* Effect.flip(winners.setMainPrizeProcessed("comp-1", 43, true, staff))
        yield* Effect.flip(
          winners.addNote({ kind: "InstantWin", instantWinId: "iw-1" }, " ", staff),
        )
        yield* Effect.flip(winners.editNote("Main", "note-404", "Changed", staff))
        yield* Effect.flip(winners.deleteNote("Main", "note-404", staff))
        expect(store.audit).toEqual([])
      }),
    ),
  )

  it.effect("lists winners for Staff and Admin alike, filtered by processed status", () =>
    run(
      (_store, winners) =>
        Effect.gen(function* () {
          const page = { pageNumber: 1, pageSize: 20 }
          for (const role of ["Staff", "Admin"] as const) {
            const by = principal(role)
            const all = yield* winners.mainPrizeWinners({ status: "All", page }, by)
            const done = yield* winners.mainPrizeWinners({ status: "Processed", page }, by)
            const waiting = yield* winners.mainPrizeWinners({ status: "NotProcessed", page }, by)
            expect(all.items.map((w) => w.ticketNumber)).toEqual([2, 1])
            expect(done.items.map((w) => w.ticketNumber)).toEqual([1])
            expect(waiting.items.map((w) => w.ticketNumber)).toEqual([2])
          }
        }),
      (store) => {
        store.main.push(
          mainWinner({
            ticketNumber: 1,
            processed: { at: new Date(START - 1000), byUserId: "staff-2" },
          }),
          mainWinner({ competitionId: "comp-2", ticketNumber: 2, drawnAt: new Date(START) }),
        )
      },
    ),
  )

  it.effect("marks a prize processed by the caller at the clock's time, and back again", () =>
    run((_store, winners) =>
      Effect.gen(function* () {
        const marked = yield* winners.setMainPrizeProcessed("comp-1", 42, true, staff)
        expect(marked.processed).toEqual({ at: new Date(START), byUserId: "staff-1" })
        const instant = yield* winners.setInstantWinProcessed("iw-1", true, staff)
        expect(instant.processed).toEqual({ at: new Date(START), byUserId: "staff-1" })
        const undone = yield* winners.setMainPrizeProcessed("comp-1", 42, false, staff)
        expect(undone.processed).toBeNull()
      }),
    ),
  )

  it.effect("answers WinnerNotFound for a ticket that did not win or an unknown instant win", () =>
    run((_store, winners) =>
      Effect.gen(function* () {
        const wrongTicket = yield* Effect.flip(
          winners.setMainPrizeProcessed("comp-1", 43, true, staff),
        )
        expect(wrongTicket._tag).toBe("WinnerNotFound")
        const unknown = yield* Effect.flip(winners.setInstantWinProcessed("iw-9", true, staff))
        expect(unknown._tag).toBe("WinnerNotFound")
        const notes = yield* Effect.flip(
          winners.notes({ kind: "InstantWin", instantWinId: "iw-9" }, staff),
        )
        expect(notes._tag).toBe("WinnerNotFound")
        const added = yield* Effect.flip(
          winners.addNote({ kind: "Main", competitionId: "comp-9", ticketNumber: 1 }, "x", staff),
        )
        expect(added._tag).toBe("WinnerNotFound")
      }),
    ),
  )

  it.effect("keeps notes signed by their author, trimmed, and dated by the clock", () =>
    run((_store, winners) =>
      Effect.gen(function* () {
        const ref = { kind: "Main" as const, competitionId: "comp-1", ticketNumber: 42 }
        const note = yield* winners.addNote(ref, "  Phoned Ann: delivery Friday \n", staff)
        expect(note).toMatchObject({
          text: "Phoned Ann: delivery Friday",
          author: { userId: "staff-1", name: "Sam Staff" },
          createdAt: new Date(START),
          updatedAt: new Date(START),
        })
        yield* TestClock.adjust("1 hour")
        const edited = yield* winners.editNote("Main", note.noteId, "Delivered", staff)
        expect(edited).toMatchObject({
          text: "Delivered",
          createdAt: new Date(START),
          updatedAt: new Date(START + 3_600_000),
        })
        expect(yield* winners.notes(ref, staff)).toEqual([edited])
        const listed = yield* winners.mainPrizeWinners(
          { status: "All", page: { pageNumber: 1, pageSize: 20 } },
          staff,
        )
        expect(listed.items[0]?.noteCount).toBe(1)
        yield* winners.deleteNote("Main", note.noteId, staff)
        expect(yield* winners.notes(ref, staff)).toEqual([])
      }),
    ),
  )

  it.effect("does not reach a note through the other kind of winner, or once deleted", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        const note = yield* winners.addNote(
          { kind: "InstantWin", instantWinId: "iw-1" },
          "Posted the ball",
          staff,
        )
        const edit = yield* Effect.flip(winners.editNote("Main", note.noteId, "Hijack", staff))
        expect(edit._tag).toBe("WinnerNoteNotFound")
        const remove = yield* Effect.flip(winners.deleteNote("Main", note.noteId, staff))
        expect(remove._tag).toBe("WinnerNoteNotFound")
        expect(store.notes.map((n) => n.note.text)).toEqual(["Posted the ball"])
        yield* winners.deleteNote("InstantWin", note.noteId, staff)
        const again = yield* Effect.flip(winners.deleteNote("InstantWin", note.noteId, staff))
        expect(again._tag).toBe("WinnerNoteNotFound")
      }),
    ),
  )

  it.effect("refuses a blank or too long note, on add and on edit, and stores nothing", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        const ref = { kind: "InstantWin" as const, instantWinId: "iw-1" }
        const kept = yield* winners.addNote(ref, "First", staff)
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc.oneof(
                fc.stringMatching(/^\s*$/),
                fc
                  .string({ minLength: MAX_WINNER_NOTE_LENGTH + 1, maxLength: 2100 })
                  .filter((s) => s.trim().length > MAX_WINNER_NOTE_LENGTH),
              ),
              async (typed) => {
                const attempts: ReadonlyArray<
                  Effect.Effect<unknown, { readonly _tag: string; readonly message?: string }>
                > = [
                  winners.addNote(ref, typed, staff),
                  winners.editNote("InstantWin", kept.noteId, typed, staff),
                ]
                for (const attempt of attempts) {
                  const refused = await Effect.runPromise(Effect.flip(attempt))
                  expect(refused._tag).toBe("WinnerNoteInvalid")
                  expect(Object.values(winnerNoteMessages)).toContain(refused.message)
                }
              },
            ),
            { numRuns: 30 },
          ),
        )
        expect(store.notes.map((n) => n.note.text)).toEqual(["First"])
      }),
    ),
  )

  it.effect(
    "records the prize awarded as described or as the cash alternative, audited (decision 0045)",
    () =>
      run((store, winners) =>
        Effect.gen(function* () {
          const cash = yield* winners.setMainPrizeAwardedAs("comp-1", 42, "CashAlternative", staff)
          expect(cash.prizeAwardedAs).toBe("CashAlternative")
          const prize = yield* winners.setMainPrizeAwardedAs("comp-1", 42, "Prize", staff)
          expect(prize.prizeAwardedAs).toBe("Prize")
          expect(store.audit.map((e) => [e.action, e.subject.id, e.before, e.after])).toEqual([
            [
              "Winner.SetPrizeAwardedAs",
              "comp-1/42",
              { prizeAwardedAs: null },
              { prizeAwardedAs: "CashAlternative" },
            ],
            [
              "Winner.SetPrizeAwardedAs",
              "comp-1/42",
              { prizeAwardedAs: "CashAlternative" },
              { prizeAwardedAs: "Prize" },
            ],
          ])
          const unknown = yield* Effect.flip(
            winners.setMainPrizeAwardedAs("comp-1", 7, "Prize", staff),
          )
          expect(unknown._tag).toBe("WinnerNotFound")
        }),
      ),
  )

  it.effect("refuses a cash alternative the competition never offered, changing nothing", () =>
    run(
      (store, winners) =>
        Effect.gen(function* () {
          const refused = yield* Effect.flip(
            winners.setMainPrizeAwardedAs("comp-1", 42, "CashAlternative", staff),
          )
          expect(refused._tag).toBe("CashAlternativeNotOffered")
          expect(store.main[0]?.prizeAwardedAs).toBeNull()
          expect(store.audit).toEqual([])
          const prize = yield* winners.setMainPrizeAwardedAs("comp-1", 42, "Prize", staff)
          expect(prize.prizeAwardedAs).toBe("Prize")
        }),
      (store) => {
        store.main.push(mainWinner({ cashAlternativeValue: null }))
      },
    ),
  )

  it.effect("hides and shows a winner's name, each change audited with before and after", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        const hidden = yield* winners.setMainPrizeVisibility("comp-1", 42, false, staff)
        expect(hidden.isVisible).toBe(false)
        const instant = yield* winners.setInstantWinVisibility("iw-1", false, staff)
        expect(instant.isVisible).toBe(false)
        const shown = yield* winners.setMainPrizeVisibility("comp-1", 42, true, staff)
        expect(shown.isVisible).toBe(true)
        // Hiding is about the name only: the win and its hand-over are untouched.
        expect(store.main[0]).toMatchObject({ ticketNumber: 42, processed: null })
        const at = new Date(START)
        const actor = { userId: "staff-1", role: "Staff" }
        expect(store.audit).toEqual([
          {
            actor,
            action: "Winner.SetVisibility",
            subject: { type: "MainPrizeWinner", id: "comp-1/42" },
            before: { isVisible: true },
            after: { isVisible: false },
            at,
          },
          {
            actor,
            action: "Winner.SetVisibility",
            subject: { type: "InstantWinPrizeWinner", id: "iw-1" },
            before: { isVisible: true },
            after: { isVisible: false },
            at,
          },
          {
            actor,
            action: "Winner.SetVisibility",
            subject: { type: "MainPrizeWinner", id: "comp-1/42" },
            before: { isVisible: false },
            after: { isVisible: true },
            at,
          },
        ])
      }),
    ),
  )

  it.effect("answers WinnerNotFound and audits nothing when showing a winner that is not one", () =>
    run((store, winners) =>
      Effect.gen(function* () {
        const wrong = yield* Effect.flip(winners.setMainPrizeVisibility("comp-1", 43, false, staff))
        expect(wrong._tag).toBe("WinnerNotFound")
        const unknown = yield* Effect.flip(winners.setInstantWinVisibility("iw-9", false, staff))
        expect(unknown._tag).toBe("WinnerNotFound")
        expect(store.audit).toEqual([])
      }),
    ),
  )

  it.effect("after any sequence of changes, a winner's visibility is the last one asked", () =>
    run((store, winners) =>
      Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(
            fc.array(fc.record({ main: fc.boolean(), isVisible: fc.boolean() }), {
              maxLength: 12,
            }),
            async (changes) => {
              const auditBefore = store.audit.length
              const last = {
                main: store.main[0]?.isVisible,
                instant: store.instantWins[0]?.isVisible,
              }
              for (const change of changes) {
                const set: Effect.Effect<unknown, unknown> = change.main
                  ? winners.setMainPrizeVisibility("comp-1", 42, change.isVisible, staff)
                  : winners.setInstantWinVisibility("iw-1", change.isVisible, staff)
                await Effect.runPromise(set)
                if (change.main) last.main = change.isVisible
                else last.instant = change.isVisible
              }
              const page = { status: "All" as const, page: { pageNumber: 1, pageSize: 20 } }
              const lists = await Effect.runPromise(
                Effect.all([
                  winners.mainPrizeWinners({ ...page, visibility: "Hidden" }, staff),
                  winners.instantWinPrizeWinners({ ...page, visibility: "Visible" }, staff),
                ]),
              )
              expect(lists[0].items.length).toBe(last.main === false ? 1 : 0)
              expect(lists[1].items.length).toBe(last.instant === true ? 1 : 0)
              expect(store.audit.length - auditBefore).toBe(changes.length)
            },
          ),
          { numRuns: 40 },
        ),
      ),
    ),
  )
})
