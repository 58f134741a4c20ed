import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Either, Layer, TestClock, TestContext } from "effect"
import fc from "fast-check"
import type { Principal, Role } from "../accounts/model.js"
import {
  type AccountStore,
  emptyAccountStore,
  makeAccountDoubles,
} from "../accounts/test-doubles.js"
import { CustomerRepo } from "../ports/accounts.js"
import { AgeVerification } from "../ports/age-verification.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { PAUSE_LENGTHS, pauseEnd } from "../rules/standing.js"
import { AgeChecks, DeclaredDateOfBirthLive } from "./age-verification.js"
import { makeResponsiblePlayEventsDouble } from "./event-doubles.js"
import { PurchaseGate } from "./purchase-gate.js"
import { AccountStanding } from "./standing.js"
import { type StandingStore, standingDoublesOver, standingStoreOver } from "./standing-doubles.js"

const START = Date.parse("2026-11-25T12:00:00Z")
const DAY = 24 * 3_600_000

const as = (role: Role, customerId: string | null): Principal => ({
  userId: `${role}-user`,
  role,
  customerId,
  email: `${role}@howzat.example`,
  name: role,
})

interface World {
  readonly accounts: AccountStore
  readonly standing: StandingStore
}

const services = (world: World, provider = DeclaredDateOfBirthLive) =>
  Effect.gen(function* () {
    const { log, events } = yield* makeResponsiblePlayEventsDouble
    const ports = Layer.mergeAll(
      makeAccountDoubles(world.accounts),
      standingDoublesOver(world.standing),
      Layer.succeed(ResponsiblePlayEvents, log),
      provider,
    )
    const ages = AgeChecks.Default.pipe(Layer.provide(ports))
    const layer = Layer.mergeAll(
      AccountStanding.Default,
      PurchaseGate.Default.pipe(Layer.provide(ages)),
      ages,
    ).pipe(Layer.provideMerge(ports))
    return { layer, events }
  })

const newWorld = (): World => {
  const accounts = emptyAccountStore()
  return {
    accounts,
    standing: standingStoreOver(() => accounts.customers.map((c) => c.customerId)),
  }
}

const customer = (dateOfBirth = "1990-04-01", email = "ann@example.com") =>
  Effect.gen(function* () {
    const user = yield* (yield* CustomerRepo).register({
      emailAddress: email,
      passwordHash: "fake$x",
      firstName: "Ann",
      lastName: "Archer",
      dateOfBirth,
      telephoneNumber: "07700 900123",
      allowMarketingByEmail: true,
      allowMarketingByPhone: false,
      allowMarketingByText: false,
      allowMarketingByPost: false,
    })
    return user.customerId as string
  })

/** Runs `test` in a fresh world at START, with the services over its doubles. */
const inWorld = <A, E>(
  test: (
    world: World,
    events: Effect.Effect<readonly { kind: string; customerId: string }[]>,
  ) => Effect.Effect<A, E, AccountStanding | PurchaseGate | AgeChecks | CustomerRepo>,
  provider = DeclaredDateOfBirthLive,
) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(START)
    const world = newWorld()
    const { layer, events } = yield* services(world, provider)
    return yield* Effect.provide(test(world, events), layer)
  })

describe("taking a break", () => {
  it.effect("the customer takes a 6-month break: paused until then, logged and confirmed", () =>
    inWorld((world, events) =>
      Effect.gen(function* () {
        const ann = yield* customer()
        const standing = yield* (yield* AccountStanding).pause(as("Customer", ann), ann, "6Months")
        expect(standing).toEqual({
          status: "Paused",
          until: new Date("2027-05-25T12:00:00Z"),
          length: "6Months",
        })
        expect((yield* events).map((e) => e.kind)).toEqual(["AccountSuspended"])
        const mail = world.accounts.outbox.find((m) => m.kind === "AccountPaused")
        expect(mail?.to).toBe("ann@example.com")
        expect(mail?.text).toContain("can't be ended early")
      }),
    ),
  )

  it.effect("another customer, or staff, cannot change someone's standing", () =>
    inWorld(() =>
      Effect.gen(function* () {
        const ann = yield* customer()
        const standing = yield* AccountStanding
        for (const who of [as("Customer", "someone-else"), as("Staff", null), as("Admin", null)]) {
          const refused = yield* Effect.either(standing.pause(who, ann, "6Months"))
          expect(Either.isLeft(refused) && refused.left._tag).toBe("CustomerNotFound")
          const closed = yield* Effect.either(standing.close(who, ann))
          expect(Either.isLeft(closed) && closed.left._tag).toBe("CustomerNotFound")
        }
        // Staff read it; another customer does not.
        expect((yield* standing.view(as("Staff", null), ann)).standing.status).toBe("Active")
        const peek = yield* Effect.either(standing.view(as("Customer", "someone-else"), ann))
        expect(Either.isLeft(peek) && peek.left._tag).toBe("CustomerNotFound")
      }),
    ),
  )

  it.effect("a shorter break is refused while one runs; a longer one extends it", () =>
    inWorld(() =>
      Effect.gen(function* () {
        const ann = yield* customer()
        const standing = yield* AccountStanding
        const me = as("Customer", ann)
        yield* standing.pause(me, ann, "30Days")
        yield* TestClock.adjust(DAY)
        const shorter = yield* Effect.either(standing.pause(me, ann, "7Days"))
        expect(Either.isLeft(shorter) && shorter.left._tag).toBe("PauseRefused")
        const longer = yield* standing.pause(me, ann, "1Year")
        expect(longer.status === "Paused" && longer.until).toEqual(
          pauseEnd(new Date(START + DAY), "1Year"),
        )
      }),
    ),
  )

  it.effect("purchases are refused until the break's end, to the millisecond", () =>
    inWorld(() =>
      Effect.gen(function* () {
        const ann = yield* customer()
        yield* (yield* AccountStanding).pause(as("Customer", ann), ann, "24Hours")
        const gate = yield* PurchaseGate
        yield* TestClock.adjust(DAY - 1)
        const refused = yield* Effect.either(gate.check(ann))
        expect(Either.isLeft(refused) && refused.left._tag).toBe("AccountNotInGoodStanding")
        yield* TestClock.adjust(1)
        yield* gate.check(ann)
      }),
    ),
  )

  it("property: whatever breaks are asked for, in any order, none ends earlier", async () => {
    const asks = fc.array(
      fc.record({
        length: fc.constantFrom(...PAUSE_LENGTHS),
        wait: fc.integer({ min: 0, max: 40 * DAY }),
      }),
      { minLength: 1, maxLength: 15 },
    )
    await fc.assert(
      fc.asyncProperty(asks, (steps) =>
        Effect.runPromise(
          inWorld(() =>
            Effect.gen(function* () {
              const ann = yield* customer()
              const standing = yield* AccountStanding
              const gate = yield* PurchaseGate
              const me = as("Customer", ann)
              let end = 0
              for (const step of steps) {
                yield* TestClock.adjust(step.wait)
                yield* Effect.either(standing.pause(me, ann, step.length))
                const view = (yield* standing.view(me, ann)).standing
                const now = yield* Clock.currentTimeMillis
                // Never earlier than any end seen before, and never active before it.
                if (end > now) expect(view.status).toBe("Paused")
                if (view.status === "Paused") {
                  expect(view.until.getTime()).toBeGreaterThanOrEqual(end)
                  end = view.until.getTime()
                  expect(Either.isLeft(yield* Effect.either(gate.check(ann)))).toBe(true)
                }
              }
            }),
          ).pipe(Effect.provide(TestContext.TestContext)),
        ),
      ),
      { numRuns: 30 },
    )
  })
})

describe("closing an account", () => {
  it.effect("closed: logged with the site credit left, confirmed, no purchases, no break", () =>
    inWorld((world, events) =>
      Effect.gen(function* () {
        const ann = yield* customer()
        const standing = yield* AccountStanding
        const me = as("Customer", ann)
        expect((yield* standing.close(me, ann)).status).toBe("Closed")
        expect((yield* events).map((e) => e.kind)).toEqual(["AccountClosed"])
        expect(world.accounts.outbox.some((m) => m.kind === "AccountClosed")).toBe(true)
        const again = yield* Effect.either(standing.close(me, ann))
        expect(Either.isLeft(again) && again.left._tag).toBe("AccountAlreadyClosed")
        const pause = yield* Effect.either(standing.pause(me, ann, "5Years"))
        expect(Either.isLeft(pause) && pause.left._tag).toBe("PauseRefused")
        yield* TestClock.adjust(10 * 365 * DAY)
        const buy = yield* Effect.either((yield* PurchaseGate).check(ann))
        expect(Either.isLeft(buy) && buy.left._tag).toBe("AccountNotInGoodStanding")
      }),
    ),
  )
})

describe("age verification", () => {
  it.effect("a customer with no outcome yet is checked on first purchase, and it is kept", () =>
    inWorld((world, events) =>
      Effect.gen(function* () {
        const ann = yield* customer()
        yield* (yield* PurchaseGate).check(ann)
        expect(world.standing.ageChecks).toEqual([
          {
            customerId: ann,
            method: "DeclaredDateOfBirth",
            outcome: "Verified",
            reason: "declared date of birth",
            at: new Date(START),
          },
        ])
        yield* (yield* PurchaseGate).check(ann)
        // Verified once is enough: no second check.
        expect(world.standing.ageChecks).toHaveLength(1)
        expect((yield* events).map((e) => e.kind)).toEqual(["AgeVerification"])
      }),
    ),
  )

  it.effect("a refused check refuses the purchase and the refusal is kept", () =>
    inWorld((world) =>
      Effect.gen(function* () {
        // Declared under 18 (only possible for data from before the registration rule).
        const kid = yield* customer("2010-01-01")
        const refused = yield* Effect.either((yield* PurchaseGate).check(kid))
        expect(Either.isLeft(refused) && refused.left._tag).toBe("AgeNotVerified")
        expect(world.standing.ageChecks.map((r) => r.outcome)).toEqual(["Refused"])
      }),
    ),
  )

  it.effect("a provider that asks for documents holds purchases until it says Verified", () =>
    inWorld(
      (world) =>
        Effect.gen(function* () {
          const ann = yield* customer()
          const refused = yield* Effect.either((yield* PurchaseGate).check(ann))
          expect(Either.isLeft(refused) && refused.left).toMatchObject({
            _tag: "AgeNotVerified",
            outcome: "NeedsDocuments",
          })
          expect(world.standing.ageChecks.map((r) => r.method)).toEqual(["IdentityCheckDouble"])
        }),
      Layer.succeed(AgeVerification, {
        method: "IdentityCheckDouble",
        check: () =>
          Effect.succeed({
            result: "NeedsDocuments",
            reason: "Please upload a photo ID.",
          } as const),
      }),
    ),
  )
})
