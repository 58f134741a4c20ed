import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Either, Layer } from "effect"
import fc from "fast-check"
import type { Principal } from "../accounts/model.js"
import { instantWinCommitment } from "../draws/procedure.js"
import { instantWinGroupMessages, ticketCountTooLarge } from "../rules/instant-win-groups.js"
import { type Pence, pence } from "../rules/money.js"
import {
  type MemoryCompetition,
  type MemoryStore,
  memoryInstantWinGroups,
  WebCryptoRandom,
} from "./instant-win-group-doubles.js"
import { InstantWinGroups } from "./instant-win-groups.js"

const START = new Date("2026-12-01T09:00:00.000Z")
const BEFORE = new Date(START.getTime() - 60_000)
const COMPETITION = "11111111-1111-4111-8111-111111111111"

const staff: Principal = {
  userId: "staff",
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}
const admin: Principal = { ...staff, userId: "admin", role: "Admin" }
const customer: Principal = {
  userId: "customer",
  role: "Customer",
  customerId: "c1",
  email: "ann@example.com",
  name: "Ann",
}

const competitionOf = (overrides: Partial<MemoryCompetition> = {}): MemoryCompetition => ({
  competitionId: COMPETITION,
  startDateTimeUtc: START,
  totalTickets: 100,
  ticketsAllocated: 0,
  salt: null,
  commitment: null,
  groups: [],
  ...overrides,
})

/** A clock stopped at `at`: the use cases read the time once, and these tests run synchronously. */
const stoppedAt = (at: Date): Clock.Clock => ({
  [Clock.ClockTypeId]: Clock.ClockTypeId,
  unsafeCurrentTimeMillis: () => at.getTime(),
  unsafeCurrentTimeNanos: () => BigInt(at.getTime()) * 1_000_000n,
  currentTimeMillis: Effect.sync(() => at.getTime()),
  currentTimeNanos: Effect.sync(() => BigInt(at.getTime()) * 1_000_000n),
  sleep: () => Effect.void,
})

const shopWith = (competition: MemoryCompetition) => {
  const store: MemoryStore = { competitions: [competition], audit: [] }
  const layer = InstantWinGroups.Default.pipe(
    Layer.provide(Layer.merge(memoryInstantWinGroups(store), WebCryptoRandom)),
  )
  /** Runs one use case with the clock at `at`. */
  const run = <A, E>(use: (groups: InstantWinGroups) => Effect.Effect<A, E>, at = BEFORE) =>
    Effect.runSync(
      Effect.either(
        Effect.flatMap(InstantWinGroups, use).pipe(
          Effect.withClock(stoppedAt(at)),
          Effect.provide(layer),
        ),
      ),
    )
  const stored = () => store.competitions[0] as MemoryCompetition
  return { store, run, stored }
}

const request = (ticketCount: number, overrides: Record<string, unknown> = {}) => ({
  name: "Signed bat",
  ticketCount,
  imageUrls: [] as string[],
  prizeSiteCredit: null as Pence | null,
  ...overrides,
})

const lines = (c: MemoryCompetition) =>
  c.groups.flatMap((g) =>
    g.ticketNumbers.map((n) => ({ instantWinGroupId: g.id, ticketNumber: n })),
  )

/** Every number of every group once, within the competition's tickets. */
const expectNumbersSound = (c: MemoryCompetition) => {
  const all = c.groups.flatMap((g) => g.ticketNumbers)
  expect(new Set(all).size).toBe(all.length)
  for (const n of all) {
    expect(Number.isInteger(n)).toBe(true)
    expect(n).toBeGreaterThanOrEqual(1)
    expect(n).toBeLessThanOrEqual(c.totalTickets)
  }
}

/** The published commitment is exactly SHA-256 of the stored salt and lines. */
const expectCommitmentRederives = (c: MemoryCompetition) => {
  if (c.groups.every((g) => g.ticketNumbers.length === 0)) {
    expect(c.salt).toBeNull()
    expect(c.commitment).toBeNull()
    return
  }
  expect(c.salt).toMatch(/^[0-9a-f]{64}$/)
  expect(c.commitment).toBe(instantWinCommitment(c.salt as string, lines(c)))
}

type Operation =
  | { readonly kind: "create"; readonly count: number }
  | { readonly kind: "update"; readonly pick: number; readonly count: number }
  | { readonly kind: "delete"; readonly pick: number }

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant("update" as const),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
)

describe("InstantWinGroups before the competition opens", () => {
  it("keeps every group's numbers distinct and within 1..total, and the commitment re-derivable, whatever staff do", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.array(operation, { minLength: 1, maxLength: 12 }),
        (totalTickets, operations) => {
          const shop = shopWith(competitionOf({ totalTickets }))
          for (const op of operations) {
            const before = structuredClone(shop.stored())
            const group =
              before.groups[op.kind === "create" ? 0 : op.pick % (before.groups.length || 1)]
            const free =
              totalTickets -
              before.groups
                .filter((g) => op.kind !== "update" || g.id !== group?.id)
                .reduce((sum, g) => sum + g.ticketNumbers.length, 0)
            const outcome =
              op.kind === "create"
                ? shop.run((s) => s.create(COMPETITION, request(op.count), staff))
                : group === undefined
                  ? undefined
                  : op.kind === "update"
                    ? shop.run((s) =>
                        s.update(
                          COMPETITION,
                          group.id,
                          { name: "Changed", ticketCount: op.count },
                          admin,
                        ),
                      )
                    : shop.run((s) => s.remove(COMPETITION, group.id, staff))
            if (outcome === undefined) continue
            const after = shop.stored()
            expectNumbersSound(after)
            expectCommitmentRederives(after)
            if (op.kind !== "delete" && op.count > free) {
              // Too many for the numbers left: refused, and nothing changed.
              expect(Either.isLeft(outcome) && outcome.left._tag).toBe("InstantWinGroupInvalid")
              expect(after).toEqual(before)
              continue
            }
            expect(Either.isRight(outcome)).toBe(true)
            if (Either.isRight(outcome)) {
              expect(outcome.right.instantWinCommitment).toBe(after.commitment)
            }
            // Every change hides the numbers under a salt never used before.
            if (after.salt !== null) expect(after.salt).not.toBe(before.salt)
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it("gives a new group exactly the count asked for, answering the group and the new commitment", () => {
    const shop = shopWith(competitionOf({ totalTickets: 50 }))
    const created = shop.run((s) =>
      s.create(
        COMPETITION,
        request(7, {
          name: "  £10 site credit  ",
          imageUrls: ["/images/prizes/credit.webp"],
          prizeSiteCredit: pence(1000),
        }),
        staff,
      ),
    )
    if (Either.isLeft(created)) throw new Error(`refused: ${created.left._tag}`)
    const group = created.right.instantWinGroup
    expect(group).toMatchObject({
      name: "£10 site credit",
      ticketCount: 7,
      prizeSiteCredit: 1000,
      quantityWonToDate: 0,
    })
    expect(group.imageGroup?.images.map((i) => i.url)).toEqual(["/images/prizes/credit.webp"])
    expect(group.ticketNumbers).toEqual(
      shop.stored().groups[0]?.ticketNumbers.sort((a, b) => a - b),
    )
    expect(created.right.instantWinCommitment).toBe(shop.stored().commitment)
  })

  it("refuses the first group of a published competition when instant wins would be the majority (decision 0045)", () => {
    const shop = shopWith(competitionOf({ live: true }))
    const refused = shop.run((s) => s.create(COMPETITION, request(3), staff))
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "InstantWinShareRefused",
      share: { instantWin: 1, other: 0 },
    })
    expect(shop.stored().groups).toEqual([])
    expect(shop.store.audit).toEqual([])
    // With another live competition without instant wins, an even split is allowed.
    shop.store.competitions.push(
      competitionOf({ competitionId: "22222222-2222-4222-8222-222222222222", live: true }),
    )
    expect(Either.isRight(shop.run((s) => s.create(COMPETITION, request(3), staff)))).toBe(true)
    // A second group does not change its kind, so the share is not asked again.
    shop.store.competitions.pop()
    expect(Either.isRight(shop.run((s) => s.create(COMPETITION, request(2), staff)))).toBe(true)
  })

  it("can give one group every ticket, and then refuses any more", () => {
    const shop = shopWith(competitionOf({ totalTickets: 12 }))
    expect(Either.isRight(shop.run((s) => s.create(COMPETITION, request(12), staff)))).toBe(true)
    expect([...(shop.stored().groups[0]?.ticketNumbers ?? [])].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ])
    const more = shop.run((s) => s.create(COMPETITION, request(1), staff))
    expect(Either.isLeft(more) && more.left).toMatchObject({
      _tag: "InstantWinGroupInvalid",
      errors: { ticketCount: ticketCountTooLarge(0) },
    })
  })

  it("keeps a group's numbers when its count is unchanged, and draws them again when it changes", () => {
    const shop = shopWith(competitionOf({ totalTickets: 1000 }))
    const created = shop.run((s) => s.create(COMPETITION, request(20), staff))
    if (Either.isLeft(created)) throw new Error("refused")
    const id = created.right.instantWinGroup.id
    const numbers = created.right.instantWinGroup.ticketNumbers
    const renamed = shop.run((s) =>
      s.update(COMPETITION, id, { name: "Renamed", ticketCount: 20 }, staff),
    )
    if (Either.isLeft(renamed)) throw new Error("refused")
    expect(renamed.right.instantWinGroup).toMatchObject({ name: "Renamed", ticketNumbers: numbers })
    const recounted = shop.run((s) =>
      s.update(COMPETITION, id, { name: "Renamed", ticketCount: 21 }, staff),
    )
    if (Either.isLeft(recounted)) throw new Error("refused")
    expect(recounted.right.instantWinGroup.ticketNumbers).toHaveLength(21)
    // 21 fresh numbers of 1000 matching the old 20 plus one is a 1 in 10^40 chance.
    expect(recounted.right.instantWinGroup.ticketNumbers.slice(0, 20)).not.toEqual(numbers)
  })

  it("keeps the images and prize when an update leaves them out, and replaces them when it sends them", () => {
    const shop = shopWith(competitionOf())
    const created = shop.run((s) =>
      s.create(
        COMPETITION,
        request(3, { imageUrls: ["https://cdn.example/bat.webp"], prizeSiteCredit: pence(500) }),
        staff,
      ),
    )
    if (Either.isLeft(created)) throw new Error("refused")
    const id = created.right.instantWinGroup.id
    shop.run((s) => s.update(COMPETITION, id, { name: "Bat", ticketCount: 3 }, staff))
    expect(shop.stored().groups[0]).toMatchObject({
      imageUrls: ["https://cdn.example/bat.webp"],
      prizeSiteCredit: 500,
    })
    shop.run((s) =>
      s.update(
        COMPETITION,
        id,
        { name: "Bat", ticketCount: 3, imageUrls: [], prizeSiteCredit: null },
        staff,
      ),
    )
    expect(shop.stored().groups[0]).toMatchObject({ imageUrls: [], prizeSiteCredit: null })
  })

  it("withdraws the commitment when the last group is deleted", () => {
    const shop = shopWith(competitionOf())
    const created = shop.run((s) => s.create(COMPETITION, request(5), staff))
    if (Either.isLeft(created)) throw new Error("refused")
    const removed = shop.run((s) => s.remove(COMPETITION, created.right.instantWinGroup.id, staff))
    expect(removed).toEqual(Either.right({ instantWinCommitment: null }))
    expect(shop.stored()).toMatchObject({ groups: [], salt: null, commitment: null })
  })

  it("audits each change with the values before and after, never the winning numbers", () => {
    const shop = shopWith(competitionOf())
    const created = shop.run((s) =>
      s.create(COMPETITION, request(3, { prizeSiteCredit: pence(500) }), staff),
    )
    if (Either.isLeft(created)) throw new Error("refused")
    const id = created.right.instantWinGroup.id
    shop.run((s) => s.update(COMPETITION, id, { name: "Bat", ticketCount: 4 }, staff))
    shop.run((s) => s.remove(COMPETITION, id, staff))
    const first = {
      competitionId: COMPETITION,
      name: "Signed bat",
      ticketCount: 3,
      imageUrls: [],
      prizeSiteCredit: 500,
    }
    const second = { ...first, name: "Bat", ticketCount: 4 }
    const subject = { type: "InstantWinGroup", id }
    expect(shop.store.audit).toEqual([
      {
        actor: { userId: staff.userId, role: staff.role },
        action: "InstantWinGroup.Create",
        subject,
        before: null,
        after: first,
        at: BEFORE,
      },
      {
        actor: { userId: staff.userId, role: staff.role },
        action: "InstantWinGroup.Update",
        subject,
        before: first,
        after: second,
        at: BEFORE,
      },
      {
        actor: { userId: staff.userId, role: staff.role },
        action: "InstantWinGroup.Delete",
        subject,
        before: second,
        after: null,
        at: BEFORE,
      },
    ])
  })

  it("lists every field's problem at once", () => {
    const shop = shopWith(competitionOf({ totalTickets: 10 }))
    const refused = shop.run((s) =>
      s.create(
        COMPETITION,
        request(11, {
          name: "   ",
          imageUrls: ["javascript:alert(1)"],
          prizeSiteCredit: pence(0),
        }),
        staff,
      ),
    )
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "InstantWinGroupInvalid",
      errors: {
        name: instantWinGroupMessages.nameRequired,
        ticketCount: ticketCountTooLarge(10),
        imageUrls: instantWinGroupMessages.imageUrlInvalid,
        prizeSiteCreditPence: instantWinGroupMessages.prizeNotPositive,
      },
    })
    expect(shop.stored()).toEqual(competitionOf({ totalTickets: 10 }))
  })

  it("answers a group of another competition, or none, as not found", () => {
    const shop = shopWith(competitionOf())
    const missing = shop.run((s) =>
      s.update(COMPETITION, "22222222-2222-4222-8222-222222222222", request(1), staff),
    )
    expect(Either.isLeft(missing) && missing.left._tag).toBe("InstantWinGroupNotFound")
    const noCompetition = shop.run((s) =>
      s.create("33333333-3333-4333-8333-333333333333", request(1), staff),
    )
    expect(Either.isLeft(noCompetition) && noCompetition.left._tag).toBe("CompetitionNotFound")
  })
})

describe("InstantWinGroups refuses", () => {
  const withOneGroup = () => {
    const shop = shopWith(competitionOf())
    const created = shop.run((s) => s.create(COMPETITION, request(4), staff))
    if (Either.isLeft(created)) throw new Error("refused")
    return { shop, id: created.right.instantWinGroup.id, before: structuredClone(shop.stored()) }
  }

  it("every change from the moment the competition opens, leaving everything as it was", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 24 * 3600 * 1000 }),
        fc.constantFrom("create", "update", "delete"),
        (afterStartMs, kind) => {
          const { shop, id, before } = withOneGroup()
          const at = new Date(START.getTime() + afterStartMs)
          const outcome =
            kind === "create"
              ? shop.run((s) => s.create(COMPETITION, request(1), staff), at)
              : kind === "update"
                ? shop.run((s) => s.update(COMPETITION, id, request(2), staff), at)
                : shop.run((s) => s.remove(COMPETITION, id, staff), at)
          expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
            _tag: "CompetitionAlreadyOpen",
            startDateTimeUtc: START,
          })
          expect(shop.stored()).toEqual(before)
          // Only the set-up's creation: a refused change is no entry.
          expect(shop.store.audit.map((e) => e.action)).toEqual(["InstantWinGroup.Create"])
        },
      ),
      { numRuns: 60 },
    )
  })

  it("a change once any ticket is held, even before the start time", () => {
    const { shop, id } = withOneGroup()
    shop.stored().ticketsAllocated = 1
    const outcome = shop.run((s) => s.remove(COMPETITION, id, staff))
    expect(Either.isLeft(outcome) && outcome.left._tag).toBe("CompetitionAlreadyOpen")
    expect(shop.stored().groups).toHaveLength(1)
  })

  it("customers, before looking anything up", () => {
    const { shop, id, before } = withOneGroup()
    for (const outcome of [
      shop.run((s) => s.create(COMPETITION, request(1), customer)),
      shop.run((s) => s.update(COMPETITION, id, request(1), customer)),
      shop.run((s) => s.remove(COMPETITION, id, customer)),
      shop.run((s) => s.create("33333333-3333-4333-8333-333333333333", request(1), customer)),
    ]) {
      expect(Either.isLeft(outcome) && outcome.left._tag).toBe("NotStaff")
    }
    expect(shop.stored()).toEqual(before)
    expect(shop.store.audit).toHaveLength(1)
  })
})
