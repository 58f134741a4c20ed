import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Either, Layer } from "effect"
import fc from "fast-check"
import type { Principal } from "../accounts/model.js"
import type { CompetitionDraft } from "../rules/competition-admin.js"
import { instantWinMajority, isLive, shareOf } from "../rules/live-competitions.js"
import { type MemoryCatalogue, memoryCatalogueAdmin } from "./catalogue-admin-doubles.js"
import { CompetitionAdmin } from "./competition-admin.js"
import { CompetitionPolicy } from "./competition-policy.js"
import { WebCryptoRandom } from "./instant-win-group-doubles.js"

/**
 * The competition rules of decision 0045 through the use cases: the
 * instant-win share on publish, hide and delete, and the minimum open
 * duration on create and edit.
 */
const NOW = new Date("2026-06-01T12:00:00.000Z")
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const at = (days: number) => new Date(NOW.getTime() + days * DAY)

const staff: Principal = {
  userId: "staff",
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}

const draft = (overrides: Partial<CompetitionDraft> = {}): CompetitionDraft => ({
  name: "Signed Ashes Bat",
  description: "",
  ticketPrice: 250,
  totalTickets: 100,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: at(-1),
  closeDateTimeUtc: at(10),
  drawDateTimeUtc: at(11),
  drawType: "Automatic",
  drawOnSellOut: false,
  visibilityStatus: "Hidden",
  categoryIds: [],
  attributes: [],
  imageGroupId: null,
  ...overrides,
})

const stoppedAt = (instant: Date): Clock.Clock => ({
  [Clock.ClockTypeId]: Clock.ClockTypeId,
  unsafeCurrentTimeMillis: () => instant.getTime(),
  unsafeCurrentTimeNanos: () => BigInt(instant.getTime()) * 1_000_000n,
  currentTimeMillis: Effect.sync(() => instant.getTime()),
  currentTimeNanos: Effect.sync(() => BigInt(instant.getTime()) * 1_000_000n),
  sleep: () => Effect.void,
})

const shop = (minimumOpenMs?: number) => {
  const memory: MemoryCatalogue = {
    competitions: [],
    categories: [],
    attributeTypes: [],
    imageGroupIds: [],
    audit: [],
  }
  const layer = CompetitionAdmin.Default.pipe(
    Layer.provide(Layer.merge(memoryCatalogueAdmin(memory), WebCryptoRandom)),
    Layer.provide(
      minimumOpenMs === undefined
        ? Layer.empty
        : Layer.succeed(CompetitionPolicy, { minimumOpenMs }),
    ),
  )
  const run = <A, E>(use: (admin: CompetitionAdmin) => Effect.Effect<A, E, never>) =>
    Effect.runSync(
      Effect.either(
        Effect.flatMap(CompetitionAdmin, use).pipe(
          Effect.withClock(stoppedAt(NOW)),
          Effect.provide(layer),
        ),
      ),
    )
  /** A competition as the seed would store it: hidden, then given its kind and visibility. */
  const stored = (instantWin: boolean, visible: boolean) => {
    const result = run((admin) => admin.create(draft(), staff))
    if (Either.isLeft(result)) throw new Error(`not created: ${String(result.left)}`)
    const id = result.right.id
    memory.competitions = memory.competitions.map((c) =>
      c.id === id
        ? {
            ...c,
            visibilityStatus: visible ? "Visible" : "Hidden",
            instantWinGroups: instantWin
              ? [{ name: "£5", ticketCount: 3, imageUrls: [], prizeSiteCredit: undefined }]
              : [],
          }
        : c,
    )
    return id
  }
  const setVisible = (id: string, visible: boolean) =>
    run((admin) =>
      admin.update(id, draft({ visibilityStatus: visible ? "Visible" : "Hidden" }), staff),
    )
  const liveShare = () =>
    shareOf(
      memory.competitions
        .filter((c) => isLive(c, NOW))
        .map((c) => ({ id: c.id, instantWin: c.instantWinGroups.length > 0 })),
    )
  return { memory, run, stored, setVisible, liveShare }
}

const errorOf = <A, E>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? (result.left as { _tag: string }) : { _tag: "Right" }

describe("the instant-win share", () => {
  it("refuses to publish an instant-win competition that would be the majority, and writes nothing", () => {
    const { memory, stored, setVisible } = shop()
    stored(false, true)
    stored(true, true)
    const third = stored(true, false)
    const audited = memory.audit.length
    expect(errorOf(setVisible(third, true))).toMatchObject({
      _tag: "InstantWinShareRefused",
      share: { instantWin: 2, other: 1 },
    })
    expect(memory.competitions.find((c) => c.id === third)?.visibilityStatus).toBe("Hidden")
    expect(memory.audit).toHaveLength(audited)
  })

  it("publishes it once there are enough other live competitions", () => {
    const { stored, setVisible, liveShare } = shop()
    stored(false, true)
    stored(true, true)
    const other = stored(false, false)
    const third = stored(true, false)
    expect(errorOf(setVisible(other, true))._tag).toBe("Right")
    expect(errorOf(setVisible(third, true))._tag).toBe("Right")
    expect(liveShare()).toEqual({ instantWin: 2, other: 2 })
  })

  it("refuses to hide or delete the competition that keeps instant wins from the majority", () => {
    const { run, stored, setVisible } = shop()
    const standard = stored(false, true)
    const instant = stored(true, true)
    expect(errorOf(setVisible(standard, false))._tag).toBe("InstantWinShareRefused")
    expect(errorOf(run((admin) => admin.remove(standard, staff)))._tag).toBe(
      "InstantWinShareRefused",
    )
    // Taking the instant-win one off sale first always works.
    expect(errorOf(setVisible(instant, false))._tag).toBe("Right")
    expect(errorOf(setVisible(standard, false))._tag).toBe("Right")
  })

  it("no sequence of staff publishing, hiding and deleting makes instant wins the majority", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            target: fc.nat(5),
            action: fc.constantFrom("publish", "hide", "delete"),
          }),
          { maxLength: 15 },
        ),
        (kinds, actions) => {
          const { run, stored, setVisible, liveShare } = shop()
          const ids = kinds.map((instantWin) => stored(instantWin, false))
          for (const { target, action } of actions) {
            const id = ids[target % ids.length] as string
            if (action === "delete") run((admin) => admin.remove(id, staff))
            else setVisible(id, action === "publish")
            expect(instantWinMajority(liveShare())).toBe(false)
          }
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe("the minimum open duration", () => {
  it("refuses a competition open for less than a day by default, with the form's message", () => {
    const { run } = shop()
    const result = run((admin) =>
      admin.create(draft({ startDateTimeUtc: at(1), closeDateTimeUtc: at(1.5) }), staff),
    )
    expect(errorOf(result)).toMatchObject({
      _tag: "CompetitionInvalid",
      errors: {
        closeDateTimeUtc:
          "The competition must be open for at least 24 hours: set the close date at least 24 hours after the start date",
      },
    })
    expect(
      errorOf(
        run((admin) =>
          admin.create(draft({ startDateTimeUtc: at(1), closeDateTimeUtc: at(2) }), staff),
        ),
      )._tag,
    ).toBe("Right")
  })

  it("takes the brand's minimum, on edits that move the dates or publish", () => {
    const { memory, run } = shop(3 * DAY)
    const made = run((admin) =>
      admin.create(draft({ startDateTimeUtc: at(1), closeDateTimeUtc: at(5) }), staff),
    )
    if (Either.isLeft(made)) throw new Error("not created")
    const id = made.right.id
    expect(
      errorOf(
        run((admin) =>
          admin.update(id, draft({ startDateTimeUtc: at(1), closeDateTimeUtc: at(3) }), staff),
        ),
      ),
    ).toMatchObject({
      _tag: "CompetitionInvalid",
      errors: { closeDateTimeUtc: expect.stringContaining("at least 3 days") },
    })
    // A competition stored before the rule keeps its dates; renaming it is not refused,
    // publishing it is.
    memory.competitions = memory.competitions.map((c) =>
      c.id === id ? { ...c, closeDateTimeUtc: at(2) } : c,
    )
    const legacy = { startDateTimeUtc: at(1), closeDateTimeUtc: at(2), drawDateTimeUtc: at(3) }
    expect(
      errorOf(run((admin) => admin.update(id, draft({ ...legacy, name: "Renamed" }), staff)))._tag,
    ).toBe("Right")
    expect(
      errorOf(
        run((admin) => admin.update(id, draft({ ...legacy, visibilityStatus: "Visible" }), staff)),
      )._tag,
    ).toBe("CompetitionInvalid")
  })
})
