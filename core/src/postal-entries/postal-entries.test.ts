import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, TestClock, TestContext } from "effect"
import fc from "fast-check"
import type { Principal } from "../accounts/model.js"
import { userOf } from "../accounts/user-and-customer-doubles.js"
import { instantWinRow } from "../orders/instant-win-doubles.js"
import { pence } from "../rules/money.js"
import { type PostalEntryForm, postalEntryMessages } from "../rules/postal-entries.js"
import { GOOD_STANDING, withClosure, withPause } from "../rules/standing.js"
import { messages } from "../rules/validation.js"
import type { CompetitionForEntry } from "./model.js"
import { PostalEntries } from "./postal-entries.js"
import {
  addCompetition,
  customerRecord,
  emptyPostalStore,
  type PostalStore,
  postalEntryForm as person,
  postalEntriesOver,
} from "./test-doubles.js"

const NOW = Date.parse("2026-06-15T12:00:00Z")
const DAY = 86_400_000

const staff: Principal = {
  userId: "staff-1",
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}
const admin: Principal = { ...staff, userId: "admin-1", role: "Admin" }
const aCustomer: Principal = {
  userId: "user-x",
  role: "Customer",
  customerId: "customer-x",
  email: "x@example.com",
  name: "X",
}

const competition = (overrides: Partial<CompetitionForEntry> = {}): CompetitionForEntry => ({
  competitionId: "comp-1",
  competitionName: "Signed Bat",
  startDateTimeUtc: new Date(NOW - DAY),
  closeDateTimeUtc: new Date(NOW + DAY),
  maxTicketsPerCustomer: 3,
  ...overrides,
})

const forCustomer = (customerId: string, entryReference = ""): PostalEntryForm => ({
  customerId,
  firstName: "",
  lastName: "",
  emailAddress: "",
  dateOfBirth: "",
  telephoneNumber: "",
  address: null,
  entryReference,
})

/** A store with one open competition of `total` tickets handed out 1..total. */
const storeWith = (total = 10, overrides: Partial<CompetitionForEntry> = {}) => {
  const store = emptyPostalStore()
  addCompetition(
    store,
    competition(overrides),
    Array.from({ length: total }, (_, i) => i + 1),
  )
  return store
}

const run = <A, E>(store: PostalStore, test: Effect.Effect<A, E, PostalEntries>, at = NOW) =>
  Effect.provide(Effect.zipRight(TestClock.setTime(at), test), postalEntriesOver(store))

const enter = (by: Principal, form: PostalEntryForm, competitionId = "comp-1") =>
  Effect.flatMap(PostalEntries, (entries) => Effect.either(entries.enter(by, competitionId, form)))

const failureTag = <A, E extends { _tag: string }>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? result.left._tag : "Right"

describe("who may record a postal entry", () => {
  it.effect("staff and admins; a customer is refused and nothing changes", () => {
    const store = storeWith()
    return run(
      store,
      Effect.gen(function* () {
        expect(failureTag(yield* enter(aCustomer, person()))).toBe("NotStaff")
        expect(store.entries).toHaveLength(0)
        expect(store.holds).toHaveLength(0)
        expect(store.audit).toHaveLength(0)
        expect(Either.isRight(yield* enter(staff, person()))).toBe(true)
        expect(
          Either.isRight(yield* enter(admin, person({ emailAddress: "cy@example.com" }))),
        ).toBe(true)
        expect(store.entries.map((e) => e.enteredBy)).toEqual(["staff-1", "admin-1"])
      }),
    )
  })
})

describe("a postal entry for a person without an account", () => {
  it.effect("gets the pool's next ticket, counted sold, with the postcard's details", () => {
    const store = emptyPostalStore()
    addCompetition(store, competition(), [7, 3, 9])
    return run(
      store,
      Effect.gen(function* () {
        const result = yield* enter(staff, person({ entryReference: "PC-1" }))
        if (Either.isLeft(result)) throw new Error(result.left._tag)
        expect(result.right).toMatchObject({ created: true, competitionName: "Signed Bat" })
        expect(result.right.entry).toMatchObject({
          competitionId: "comp-1",
          ticketNumber: 7,
          customerId: null,
          firstName: "Bea",
          lastName: "Bowler",
          emailAddress: "bea@example.com",
          dateOfBirth: "1980-02-03",
          address: { line1: "2 Long Room", postCode: "LS6 3BU" },
          entryReference: "PC-1",
          enteredBy: "staff-1",
          enteredAt: new Date(NOW),
        })
        expect(store.pool.get("comp-1")).toEqual([3, 9])
        expect(store.sold.get("comp-1")).toBe(1)
        // The holds are the person's, by email, then the reference's, taken before anything was counted.
        expect(store.holds).toEqual(["comp-1/bea@example.com", "comp-1#PC-1"])
      }),
    )
  })

  it.effect("is refused with docs/product/validation.md's words and takes no ticket", () => {
    const store = storeWith()
    return run(
      store,
      Effect.gen(function* () {
        const result = yield* enter(staff, person({ dateOfBirth: "2010-01-01", lastName: "" }))
        expect(Either.isLeft(result) && result.left).toMatchObject({
          _tag: "PostalEntryInvalid",
          errors: {
            dateOfBirth: messages.dateOfBirthTooYoung,
            lastName: messages.lastNameRequired,
          },
        })
        expect(store.entries).toHaveLength(0)
        expect(store.sold.get("comp-1")).toBe(0)
      }),
    )
  })

  it.effect("counts every earlier entry under the same email, however it is written", () => {
    const store = storeWith(10, { maxTicketsPerCustomer: 2 })
    return run(
      store,
      Effect.gen(function* () {
        expect(Either.isRight(yield* enter(staff, person()))).toBe(true)
        expect(
          Either.isRight(yield* enter(staff, person({ emailAddress: "BEA@Example.com" }))),
        ).toBe(true)
        const third = yield* enter(staff, person({ emailAddress: " bea@EXAMPLE.com" }))
        expect(Either.isLeft(third) && third.left).toMatchObject({
          _tag: "PostalEntryLimitReached",
          max: 2,
        })
        // Someone else is not held back by Bea's entries.
        expect(
          Either.isRight(yield* enter(staff, person({ emailAddress: "cy@example.com" }))),
        ).toBe(true)
        expect(store.entries).toHaveLength(3)
      }),
    )
  })

  it.effect(
    "becomes a verified customer's entry when the email is theirs, never an unverified one's",
    () => {
      const store = storeWith()
      const verified = customerRecord({ email: "bea@example.com" })
      const unverified = customerRecord({ email: "cy@example.com", emailVerified: false })
      store.customers.push(verified, unverified)
      store.users.push(userOf(verified), userOf(unverified))
      return run(
        store,
        Effect.gen(function* () {
          yield* enter(staff, person({ emailAddress: "Bea@example.com" }))
          yield* enter(staff, person({ emailAddress: "cy@example.com" }))
          expect(store.entries.map((e) => e.customerId)).toEqual([verified.customerId, null])
          expect(store.holds).toEqual([`comp-1/${verified.customerId}`, "comp-1/cy@example.com"])
        }),
      )
    },
  )
})

describe("a postal entry for an existing customer", () => {
  it.effect(
    "records the customer's details and counts toward their maximum with their purchases",
    () => {
      const store = storeWith(10, { maxTicketsPerCustomer: 3 })
      const ann = customerRecord()
      store.customers.push(ann)
      store.bought.set(`${ann.customerId}/comp-1`, 2)
      return run(
        store,
        Effect.gen(function* () {
          const first = yield* enter(staff, forCustomer(ann.customerId))
          if (Either.isLeft(first)) throw new Error(first.left._tag)
          expect(first.right.entry).toMatchObject({
            customerId: ann.customerId,
            firstName: "Ann",
            lastName: "Archer",
            emailAddress: ann.email,
            dateOfBirth: "1990-04-01",
            telephoneNumber: "07700 900123",
            address: ann.defaultBillingAddress,
          })
          const second = yield* enter(staff, forCustomer(ann.customerId))
          expect(Either.isLeft(second) && second.left).toMatchObject({
            _tag: "PostalEntryLimitReached",
            max: 3,
          })
          expect(store.holds).toEqual([`comp-1/${ann.customerId}`, `comp-1/${ann.customerId}`])
        }),
      )
    },
  )

  it.effect("counts the entries they sent by post before they had an account", () => {
    const store = storeWith(10, { maxTicketsPerCustomer: 2 })
    return run(
      store,
      Effect.gen(function* () {
        yield* enter(staff, person({ emailAddress: "dot@example.com" }))
        const dot = customerRecord({ email: "Dot@example.com" })
        store.customers.push(dot)
        yield* enter(staff, forCustomer(dot.customerId))
        const third = yield* enter(staff, forCustomer(dot.customerId))
        expect(failureTag(third)).toBe("PostalEntryLimitReached")
      }),
    )
  })

  it.effect("is refused for an unknown customer or competition", () => {
    const store = storeWith()
    const ann = customerRecord()
    store.customers.push(ann)
    return run(
      store,
      Effect.gen(function* () {
        expect(failureTag(yield* enter(staff, forCustomer("nobody")))).toBe("CustomerNotFound")
        expect(failureTag(yield* enter(staff, forCustomer(ann.customerId), "comp-2"))).toBe(
          "CompetitionNotFound",
        )
        expect(store.entries).toHaveLength(0)
      }),
    )
  })
})

describe("a postal entry for a customer on a break or closed (decision 0043)", () => {
  it.effect("is refused with their standing, takes no ticket; after the break it is given", () => {
    const store = storeWith(10, { closeDateTimeUtc: new Date(NOW + 30 * DAY) })
    const ann = customerRecord()
    const dot = customerRecord({ email: "dot@example.com" })
    store.customers.push(ann, dot)
    store.users.push({ ...userOf(dot), emailVerified: true })
    store.standings = new Map([
      [ann.customerId, withPause(GOOD_STANDING, "7Days", new Date(NOW - DAY))],
      [dot.customerId, withClosure(GOOD_STANDING, new Date(NOW - DAY))],
    ])
    return Effect.gen(function* () {
      yield* run(
        store,
        Effect.gen(function* () {
          const paused = yield* enter(staff, forCustomer(ann.customerId))
          expect(Either.isLeft(paused) && paused.left).toMatchObject({
            _tag: "AccountNotInGoodStanding",
            standing: { status: "Paused" },
          })
          // Found by their verified email address, a closed customer is refused too.
          const closed = yield* enter(staff, person({ emailAddress: dot.email }))
          expect(failureTag(closed)).toBe("AccountNotInGoodStanding")
          expect(store.entries).toHaveLength(0)
        }),
      )
      yield* run(
        store,
        Effect.map(enter(staff, forCustomer(ann.customerId)), (after) =>
          expect(Either.isRight(after)).toBe(true),
        ),
        NOW + 6 * DAY,
      )
    })
  })
})

describe("when a postal entry may be given", () => {
  const at = (millis: number) => {
    const store = storeWith()
    return run(
      store,
      Effect.map(enter(staff, person()), (result) => ({ result, store })),
      millis,
    )
  }

  it.effect("not before the competition opens", () =>
    Effect.map(at(NOW - DAY - 1), ({ result, store }) => {
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "CompetitionNotTakingEntries",
        reason: "NotOpen",
      })
      expect(store.entries).toHaveLength(0)
    }),
  )

  it.effect("up to the last moment before the close", () =>
    Effect.map(at(NOW + DAY - 1), ({ result }) => expect(Either.isRight(result)).toBe(true)),
  )

  it.effect("not at or after the close", () =>
    Effect.map(at(NOW + DAY), ({ result, store }) => {
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "CompetitionNotTakingEntries",
        reason: "Closed",
      })
      expect(store.sold.get("comp-1")).toBe(0)
    }),
  )

  it.effect("not once every ticket is gone", () => {
    const store = storeWith(1)
    return run(
      store,
      Effect.gen(function* () {
        expect(Either.isRight(yield* enter(staff, person()))).toBe(true)
        const late = yield* enter(staff, person({ emailAddress: "cy@example.com" }))
        expect(failureTag(late)).toBe("CompetitionSoldOut")
        expect(store.entries).toHaveLength(1)
        expect(store.sold.get("comp-1")).toBe(1)
      }),
    )
  })
})

describe("an entry reference", () => {
  it.effect("makes a repeated request answer the first entry, with no second ticket", () => {
    const store = storeWith()
    return run(
      store,
      Effect.gen(function* () {
        const first = yield* enter(staff, person({ entryReference: "PC-9" }))
        const again = yield* enter(admin, person({ entryReference: " PC-9 " }))
        if (Either.isLeft(first) || Either.isLeft(again)) throw new Error("refused")
        expect(first.right.created).toBe(true)
        expect(again.right).toEqual({ ...first.right, created: false })
        expect(store.entries).toHaveLength(1)
        expect(store.sold.get("comp-1")).toBe(1)
        // The repeat changed nothing, so only the first is in the audit log.
        expect(store.audit).toEqual([
          {
            actor: { userId: "staff-1", role: "Staff" },
            action: "PostalEntry.Create",
            subject: { type: "PostalEntry", id: first.right.entry.id },
            before: null,
            after: JSON.parse(JSON.stringify(first.right.entry)),
            at: new Date(NOW),
          },
        ])
      }),
    )
  })

  it.effect("answers the recorded entry even after the close", () => {
    const store = storeWith()
    return Effect.gen(function* () {
      const first = yield* run(store, enter(staff, person({ entryReference: "PC-9" })))
      const late = yield* run(
        store,
        enter(staff, person({ entryReference: "PC-9" })),
        NOW + 2 * DAY,
      )
      expect(Either.isRight(late) && late.right.entry).toEqual(
        Either.isRight(first) && first.right.entry,
      )
    })
  })

  it.effect("is refused when it names another person's entry", () => {
    const store = storeWith()
    return run(
      store,
      Effect.gen(function* () {
        yield* enter(staff, person({ entryReference: "PC-9" }))
        const other = yield* enter(
          staff,
          person({ emailAddress: "cy@example.com", entryReference: "PC-9" }),
        )
        expect(Either.isLeft(other) && other.left).toMatchObject({
          _tag: "EntryReferenceInUse",
          entryReference: "PC-9",
        })
        expect(store.entries).toHaveLength(1)
        // The same reference is free in another competition.
        addCompetition(store, competition({ competitionId: "comp-2" }), [1, 2])
        const elsewhere = yield* enter(
          staff,
          person({ emailAddress: "cy@example.com", entryReference: "PC-9" }),
          "comp-2",
        )
        expect(Either.isRight(elsewhere)).toBe(true)
      }),
    )
  })

  it("is refused with the reason's words", () => {
    expect(postalEntryMessages.entryReferenceInUse("PC-9")).toContain("PC-9")
  })
})

describe("a postal entry on an instant-win number", () => {
  /** Ticket 1 (the pool's first) wins £5 of site credit; ticket 2 a match ball. */
  const storeWithPrizes = () => {
    const store = storeWith(10)
    store.instantWins.push(
      instantWinRow({ competitionId: "comp-1", ticketNumber: 1, siteCredit: pence(500) }),
      instantWinRow({ competitionId: "comp-1", ticketNumber: 2, siteCredit: null }),
    )
    return store
  }

  it.effect("wins it like a paid ticket: credited to a customer at once, and mailed", () => {
    const store = storeWithPrizes()
    const ann = customerRecord()
    store.customers.push(ann)
    return run(
      store,
      Effect.gen(function* () {
        const entered = yield* enter(staff, forCustomer(ann.customerId, "PC-1"))
        if (Either.isLeft(entered)) throw new Error(entered.left._tag)
        expect(entered.right.instantWins.map((w) => [w.ticketNumber, w.prizeName])).toEqual([
          [1, "£5 Site Credit"],
        ])
        expect(store.instantWins[0]).toMatchObject({
          wonAt: new Date(NOW),
          winnerCustomerId: ann.customerId,
          postalEntryId: entered.right.entry.id,
          orderId: null,
        })
        expect(store.instantWins[0]?.processedAt).not.toBeNull()
        expect(store.ledger).toMatchObject([
          { customerId: ann.customerId, amount: 500, reason: "InstantWin" },
        ])
        expect(store.mail.map((m) => [m.kind, m.to])).toEqual([["InstantWin", ann.email]])
        // The same postcard again wins and pays nothing more.
        const again = yield* enter(staff, forCustomer(ann.customerId, "PC-1"))
        expect(Either.isRight(again) && again.right.instantWins).toEqual([])
        expect(store.ledger).toHaveLength(1)
        expect(store.mail).toHaveLength(1)
      }),
    )
  })

  it.effect("leaves a person without an account's prize to staff, unprocessed", () => {
    const store = storeWithPrizes()
    return run(
      store,
      Effect.gen(function* () {
        yield* enter(staff, person({ emailAddress: "one@example.com" }))
        yield* enter(staff, person({ emailAddress: "two@example.com" }))
        expect(store.instantWins.map((w) => [w.winnerCustomerId, w.processedAt])).toEqual([
          [null, null],
          [null, null],
        ])
        expect(store.instantWins.every((w) => w.winnerDisplayName === "Bea B.")).toBe(true)
        expect(store.ledger).toEqual([])
        expect(store.mail.map((m) => m.to)).toEqual(["one@example.com", "two@example.com"])
        expect(store.mail[0]?.text).toContain("we will be in touch to arrange it")
      }),
    )
  })

  it.effect("a ticket that is no instant-win number wins nothing and sends nothing", () => {
    const store = storeWith(10)
    store.instantWins.push(
      instantWinRow({ competitionId: "comp-1", ticketNumber: 9, siteCredit: null }),
    )
    return run(
      store,
      Effect.gen(function* () {
        const entered = yield* enter(staff, person())
        expect(Either.isRight(entered) && entered.right.instantWins).toEqual([])
        expect(store.instantWins[0]?.wonAt).toBeNull()
        expect(store.mail).toEqual([])
      }),
    )
  })
})

describe("a failed recording", () => {
  it.effect("leaves the pool, the counter and the entries as they were", () => {
    const store = storeWith(3)
    store.failNextRecord = true
    return run(
      store,
      Effect.gen(function* () {
        expect(failureTag(yield* enter(staff, person()))).toBe("RepositoryError")
        expect(store.entries).toHaveLength(0)
        expect(store.audit).toHaveLength(0)
        expect(store.pool.get("comp-1")).toEqual([1, 2, 3])
        expect(store.sold.get("comp-1")).toBe(0)
      }),
    )
  })
})

describe("any run of postal entries", () => {
  it("hands out distinct numbers from the pool, keeps sold + free = total and every person within the maximum", async () => {
    const emails = ["a@example.com", "b@example.com", "c@example.com", "A@EXAMPLE.com"]
    await fc.assert(
      fc.asyncProperty(
        // A pool of 1..12 tickets in any order.
        fc.integer({ min: 1, max: 12 }).chain((total) =>
          fc.shuffledSubarray(
            Array.from({ length: total }, (_, i) => i + 1),
            { minLength: total },
          ),
        ),
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.record({
            email: fc.constantFrom(...emails),
            reference: fc.option(fc.constantFrom("R1", "R2", "R3"), { nil: undefined }),
          }),
          { maxLength: 30 },
        ),
        async (order, max, requests) => {
          const total = order.length
          const store = emptyPostalStore()
          addCompetition(store, competition({ maxTicketsPerCustomer: max }), order)
          const results = await Effect.runPromise(
            run(
              store,
              Effect.forEach(requests, (r) =>
                enter(staff, person({ emailAddress: r.email, entryReference: r.reference ?? "" })),
              ),
            ).pipe(Effect.provide(TestContext.TestContext)),
          )
          const numbers = store.entries.map((e) => e.ticketNumber)
          expect(new Set(numbers).size).toBe(numbers.length)
          expect(numbers).toEqual(order.slice(0, numbers.length))
          expect(numbers.length + (store.pool.get("comp-1")?.length ?? 0)).toBe(total)
          expect(store.sold.get("comp-1")).toBe(numbers.length)
          const perPerson = new Map<string, number>()
          for (const e of store.entries) {
            const key = e.emailAddress.toLowerCase()
            perPerson.set(key, (perPerson.get(key) ?? 0) + 1)
          }
          for (const held of perPerson.values()) expect(held).toBeLessThanOrEqual(max)
          // Each reference names at most one entry.
          const references = store.entries.flatMap((e) =>
            e.entryReference ? [e.entryReference] : [],
          )
          expect(new Set(references).size).toBe(references.length)
          // Every success is a recorded entry; nothing else was recorded.
          const created = results.filter((r) => Either.isRight(r) && r.right.created)
          expect(created).toHaveLength(store.entries.length)
        },
      ),
      { numRuns: 100 },
    )
  })
})
