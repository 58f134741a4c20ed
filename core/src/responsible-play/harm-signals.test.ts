import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, TestClock } from "effect"
import type { Principal } from "../accounts/model.js"
import { harmSignalMessages } from "../rules/harm-signals.js"
import { emptyHarm, type MemoryHarm, memoryHarm } from "./harm-signal-doubles.js"
import { HarmSignals } from "./harm-signals.js"

const NOW = new Date("2026-11-24T20:00:00Z")
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(NOW.getTime() - ms)

const principal = (role: Principal["role"], customerId: string | null = null): Principal => ({
  userId: `${role}-1`,
  role,
  customerId,
  email: `${role.toLowerCase()}@example.com`,
  name: role,
})
const staff = principal("Staff")

const ANN = "00000000-0000-4000-8000-000000000001"
const BOB = "00000000-0000-4000-8000-000000000002"

const withCustomers = (): MemoryHarm => {
  const state = emptyHarm()
  state.customers.push(
    { customerId: ANN, name: "Ann Smith", email: "ann@example.com" },
    { customerId: BOB, name: "Bob Jones", email: "bob@example.com" },
  )
  return state
}

const reachLimit = (state: MemoryHarm, customerId: string, daysAgo: number[]) => {
  for (const d of daysAgo)
    state.events.push({
      id: String(state.events.length + 1),
      customerId,
      kind: "SpendLimitReached",
      at: ago(d * DAY),
      detail: { limitPence: 0 },
    })
}

const run = <A, E>(
  state: MemoryHarm,
  use: (h: HarmSignals) => Effect.Effect<A, E>,
  at: Date = NOW,
) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(at.getTime())
    return yield* Effect.either(Effect.flatMap(HarmSignals, use))
  }).pipe(Effect.provide(memoryHarm(state)))

const page = { pageNumber: 1, pageSize: 10 }

describe("harm signals for staff", () => {
  it.effect("lists customers awaiting review, newest evidence first, with their evidence", () =>
    Effect.gen(function* () {
      const state = withCustomers()
      reachLimit(state, ANN, [5, 4, 3])
      reachLimit(state, BOB, [3, 2, 1])
      state.spends.push({ customerId: ANN, at: ago(DAY), pence: 500 })
      const listed = yield* run(state, (h) => h.list(staff, { filter: "AwaitingReview", page }))
      expect(Either.isRight(listed)).toBe(true)
      if (Either.isLeft(listed)) return
      expect(listed.right.items.map((f) => f.customer.name)).toEqual(["Bob Jones", "Ann Smith"])
      expect(listed.right.items[0]?.signals[0]?.evidence).toEqual({
        kind: "RepeatedlyReachedLimit",
        count: 3,
        windowDays: 30,
      })
      expect(listed.right.totalCount).toBe(2)
    }),
  )

  it.effect("refuses anyone without ReviewHarmSignals", () =>
    Effect.gen(function* () {
      const state = withCustomers()
      reachLimit(state, ANN, [3, 2, 1])
      const customer = principal("Customer", ANN)
      const listed = yield* run(state, (h) => h.list(customer, { filter: "All", page }))
      const reviewed = yield* run(state, (h) => h.review(customer, ANN, "ok"))
      expect(Either.isLeft(listed) && listed.left._tag).toBe("NotStaff")
      expect(Either.isLeft(reviewed) && reviewed.left._tag).toBe("NotStaff")
      expect(state.events.filter((e) => e.kind === "HarmSignalReviewed")).toEqual([])
    }),
  )

  it.effect(
    "a review records an event and an audit entry and quiets the signal until new evidence",
    () =>
      Effect.gen(function* () {
        const state = withCustomers()
        reachLimit(state, ANN, [5, 4, 3])
        const reviewed = yield* run(
          state,
          (h) => h.review(staff, ANN, " Called her; she lowered it. "),
          ago(DAY),
        )
        expect(Either.isRight(reviewed) && reviewed.right.signals[0]?.awaitingReview).toBe(false)
        expect(state.events.at(-1)).toMatchObject({
          kind: "HarmSignalReviewed",
          customerId: ANN,
          detail: { signals: ["RepeatedlyReachedLimit"], note: "Called her; she lowered it." },
        })
        expect(state.audit.map((a) => [a.action, a.subject])).toEqual([
          ["HarmSignal.Review", { type: "Customer", id: ANN }],
        ])
        const quiet = yield* run(state, (h) => h.list(staff, { filter: "AwaitingReview", page }))
        expect(Either.isRight(quiet) && quiet.right.items).toEqual([])
        const all = yield* run(state, (h) => h.list(staff, { filter: "All", page }))
        expect(Either.isRight(all) && all.right.items.length).toBe(1)
        // New evidence after the review: back on the list.
        reachLimit(state, ANN, [0.5])
        const again = yield* run(state, (h) => h.list(staff, { filter: "AwaitingReview", page }))
        expect(
          Either.isRight(again) && again.right.items.map((f) => f.customer.customerId),
        ).toEqual([ANN])
      }),
  )

  it.effect(
    "refuses a review with no note, or with nothing awaiting review, recording nothing",
    () =>
      Effect.gen(function* () {
        const state = withCustomers()
        const nothing = yield* run(state, (h) => h.review(staff, ANN, "Checked"))
        expect(Either.isLeft(nothing) && nothing.left._tag).toBe("HarmSignalNothingToReview")
        reachLimit(state, ANN, [3, 2, 1])
        const blank = yield* run(state, (h) => h.review(staff, ANN, "  "))
        expect(Either.isLeft(blank) && blank.left).toMatchObject({
          _tag: "HarmSignalNoteInvalid",
          message: harmSignalMessages.noteRequired,
        })
        const unknown = yield* run(state, (h) =>
          h.review(staff, "00000000-0000-4000-8000-00000000dead", "x"),
        )
        expect(Either.isLeft(unknown) && unknown.left._tag).toBe("HarmSignalCustomerNotFound")
        expect(state.audit).toEqual([])
        expect(state.events.filter((e) => e.kind === "HarmSignalReviewed")).toEqual([])
      }),
  )

  it.effect("shows one customer's signals and review history", () =>
    Effect.gen(function* () {
      const state = withCustomers()
      reachLimit(state, ANN, [5, 4, 3])
      yield* run(state, (h) => h.review(staff, ANN, "Spoke to her"))
      const one = yield* run(state, (h) => h.forCustomer(staff, ANN))
      expect(Either.isRight(one) && one.right.reviews.map((r) => [r.note, r.by])).toEqual([
        ["Spoke to her", "Staff-1"],
      ])
    }),
  )
})

describe("responsible-play signposting for the customer", () => {
  it.effect(
    "shows the panel while any signal fires, reviewed or not, with this month's spend",
    () =>
      Effect.gen(function* () {
        const state = withCustomers()
        state.spends.push(
          { customerId: ANN, at: ago(2 * DAY), pence: 1200 },
          { customerId: ANN, at: new Date("2026-10-31T12:00:00Z"), pence: 9999 },
        )
        const calm = yield* run(state, (h) => h.signposting(principal("Customer", ANN), ANN))
        expect(Either.isRight(calm) && calm.right).toEqual({
          show: false,
          spendThisMonthPence: 1200,
        })
        reachLimit(state, ANN, [3, 2, 1])
        yield* run(state, (h) => h.review(staff, ANN, "Fine"))
        const shown = yield* run(state, (h) => h.signposting(principal("Customer", ANN), ANN))
        expect(Either.isRight(shown) && shown.right.show).toBe(true)
      }),
  )

  it.effect("never shows the panel for a refused referral: that is fraud, not harm", () =>
    Effect.gen(function* () {
      const state = withCustomers()
      state.referralRefusals.push({
        friendCustomerId: BOB,
        referrerCustomerId: ANN,
        at: ago(DAY),
        matches: ["Telephone"],
      })
      const list = yield* run(state, (h) => h.list(staff, { filter: "AwaitingReview", page }))
      // Staff see both sides of it.
      expect(
        Either.isRight(list) &&
          list.right.items.map((f) => [f.customer.customerId, f.signals.map((s) => s.kind)]),
      ).toEqual([
        [ANN, ["ReferralRefused"]],
        [BOB, ["ReferralRefused"]],
      ])
      for (const who of [ANN, BOB]) {
        const panel = yield* run(state, (h) => h.signposting(principal("Customer", who), who))
        expect(Either.isRight(panel) && panel.right.show).toBe(false)
      }
    }),
  )

  it.effect("answers anyone but the owner as not found", () =>
    Effect.gen(function* () {
      const state = withCustomers()
      const other = yield* run(state, (h) => h.signposting(principal("Customer", BOB), ANN))
      expect(Either.isLeft(other) && other.left._tag).toBe("HarmSignalCustomerNotFound")
      const staffAsks = yield* run(state, (h) => h.signposting(staff, ANN))
      expect(Either.isLeft(staffAsks) && staffAsks.left._tag).toBe("HarmSignalCustomerNotFound")
    }),
  )
})
