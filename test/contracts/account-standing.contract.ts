import { randomUUID } from "node:crypto"
import {
  AccountStandingStore,
  type AccountStandingStoreShape,
  type AgeVerificationRecord,
  AgeVerificationRecords,
  type AgeVerificationRecordsShape,
} from "@howzat/core/ports"
import {
  GOOD_STANDING,
  PAUSE_LENGTHS,
  type StandingRecord,
  withClosure,
  withPause,
} from "@howzat/core/rules"
import { Effect, Either, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** An AccountStandingStore and AgeVerificationRecords to test, with customers to hold. */
export interface AccountStandingWorld {
  readonly layer: Layer.Layer<AccountStandingStore | AgeVerificationRecords>
  readonly newCustomer: () => Promise<string>
  readonly close: () => Promise<void>
}

const at = (iso: string) => new Date(iso)
const START = Date.parse("2026-11-25T12:00:00Z")
const HOUR = 3_600_000

/** A record as some caller might save it: built from nothing, so it may undo what is stored. */
const anyRecord: fc.Arbitrary<StandingRecord> = fc.oneof(
  fc.constant(GOOD_STANDING),
  fc
    .record({ length: fc.constantFrom(...PAUSE_LENGTHS), hours: fc.integer({ min: 0, max: 2000 }) })
    .map(({ length, hours }) => withPause(GOOD_STANDING, length, new Date(START + hours * HOUR))),
  fc
    .integer({ min: 0, max: 2000 })
    .map((hours) => withClosure(GOOD_STANDING, new Date(START + hours * HOUR))),
)

/**
 * The AccountStandingStore and AgeVerificationRecords ports' contract
 * (decision 0043), run on the in-memory adapter and on PGlite and
 * PostgreSQL: good standing until something is saved, a break's end only
 * ever later and a closure never undone whatever is saved, an unknown
 * customer not held, and the latest age check the newest.
 */
export const accountStandingContract = (name: string, open: () => Promise<AccountStandingWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: AccountStandingWorld
    const standing = <A, E>(use: (store: AccountStandingStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(AccountStandingStore, use).pipe(Effect.provide(world.layer)))
    const ages = <A, E>(use: (records: AgeVerificationRecordsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(
        Effect.flatMap(AgeVerificationRecords, use).pipe(Effect.provide(world.layer)),
      )

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("reads good standing until a break is saved, then the break", async () => {
      const ann = await world.newCustomer()
      expect(await standing((store) => store.read(ann))).toEqual(GOOD_STANDING)
      const paused = withPause(GOOD_STANDING, "6Months", at("2026-11-25T12:00:00Z"))
      await standing((store) => store.save(ann, paused))
      expect(await standing((store) => store.read(ann))).toEqual(paused)
      expect(await standing((store) => store.hold(ann))).toEqual(paused)
      expect(await standing((store) => store.read("not-a-uuid"))).toEqual(GOOD_STANDING)
      expect(await standing((store) => store.read(randomUUID()))).toEqual(GOOD_STANDING)
    })

    it("never stores an earlier end or undoes a closure, whatever it is given", async () => {
      const ann = await world.newCustomer()
      const long = withPause(GOOD_STANDING, "1Year", at("2026-11-25T12:00:00Z"))
      const closed = withClosure(long, at("2026-11-26T12:00:00Z"))
      await standing((store) => store.save(ann, closed))
      const short = withPause(GOOD_STANDING, "24Hours", at("2026-11-27T12:00:00Z"))
      await standing((store) => store.save(ann, short))
      await standing((store) => store.save(ann, GOOD_STANDING))
      expect(await standing((store) => store.read(ann))).toEqual(closed)
      const longer = withPause(closed, "5Years", at("2026-11-28T12:00:00Z"))
      await standing((store) => store.save(ann, longer))
      expect(await standing((store) => store.read(ann))).toEqual(longer)
    })

    it("keeps a break's end and a closure through any saves (property)", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyRecord, { minLength: 1, maxLength: 6 }), async (saves) => {
          const customer = await world.newCustomer()
          let before = GOOD_STANDING
          for (const record of saves) {
            await standing((store) => store.save(customer, record))
            const after = await standing((store) => store.read(customer))
            if (before.pausedUntil !== null) {
              expect(after.pausedUntil?.getTime()).toBeGreaterThanOrEqual(
                before.pausedUntil.getTime(),
              )
            }
            if (before.closedAt !== null) expect(after.closedAt).toEqual(before.closedAt)
            // What was asked, where it asks no less than what was kept, is what is stored.
            if (before.closedAt === null && record.closedAt !== null) {
              expect(after.closedAt).toEqual(record.closedAt)
            }
            before = after
          }
        }),
        { numRuns: 15 },
      )
    })

    it("holds a known customer; an unknown one or an id that isn't one is not found", async () => {
      const ann = await world.newCustomer()
      expect(await standing((store) => store.hold(ann))).toEqual(GOOD_STANDING)
      for (const missing of [randomUUID(), "nope"]) {
        const held = await standing((store) => Effect.either(store.hold(missing)))
        expect(Either.isLeft(held) && held.left._tag).toBe("CustomerNotFound")
      }
    })

    it("keeps every age check; the latest by when it happened decides", async () => {
      const ann = await world.newCustomer()
      expect(await ages((records) => records.latest(ann))).toBeNull()
      const check = (outcome: "Verified" | "Refused", iso: string): AgeVerificationRecord => ({
        customerId: ann,
        method: "DeclaredDateOfBirth",
        outcome,
        reason: outcome === "Verified" ? "declared date of birth" : "Under 18",
        at: at(iso),
      })
      await ages((records) => records.record(check("Refused", "2026-11-25T12:00:00Z")))
      await ages((records) => records.record(check("Verified", "2026-11-25T13:00:00Z")))
      expect(await ages((records) => records.latest(ann))).toEqual(
        check("Verified", "2026-11-25T13:00:00Z"),
      )
      // Written late but happened earlier: it does not decide.
      await ages((records) => records.record(check("Refused", "2026-11-25T11:00:00Z")))
      expect(await ages((records) => records.latest(ann))).toEqual(
        check("Verified", "2026-11-25T13:00:00Z"),
      )
      expect(await ages((records) => records.latest("not-a-uuid"))).toBeNull()
      const bob = await world.newCustomer()
      expect(await ages((records) => records.latest(bob))).toBeNull()
    })
  })
