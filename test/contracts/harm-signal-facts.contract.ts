import { randomUUID } from "node:crypto"
import {
  type AuditValue,
  HarmSignalFacts,
  type HarmSignalFactsShape,
  type ResponsiblePlayEvent,
} from "@howzat/core/ports"
import {
  HARM_SIGNAL_THRESHOLDS,
  harmCandidateFilter,
  mayFireHarmSignal,
  type SelfDealingMatch,
} from "@howzat/core/rules"
import type { HarmOrder } from "@howzat/core/testing"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

export type { HarmOrder }

/**
 * A HarmSignalFacts to test and the seeding it reads from: customers, the
 * responsible-play log's events, and orders with their payment.
 */
export interface HarmSignalFactsWorld {
  readonly layer: Layer.Layer<HarmSignalFacts>
  readonly newCustomer: (person: {
    readonly firstName: string
    readonly lastName: string
    readonly email: string
  }) => Promise<string>
  readonly recordEvent: (event: ResponsiblePlayEvent) => Promise<void>
  readonly placeOrder: (customerId: string, order: HarmOrder) => Promise<void>
  /** A referral between the two, refused at `at` for these matches (decision 0065). */
  readonly refuseReferral: (refusal: {
    readonly friendCustomerId: string
    readonly referrerCustomerId: string
    readonly at: Date
    readonly matches: readonly SelfDealingMatch[]
  }) => Promise<void>
  readonly close: () => Promise<void>
}

const NOW = new Date("2026-11-24T20:00:00Z")
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(NOW.getTime() - ms)
const byTime = (a: Date, b: Date) => a.getTime() - b.getTime()

/**
 * The HarmSignalFacts port's contract (decision 0044), run on the in-memory
 * adapter and on PGlite and PostgreSQL: the log's evidence and reviews,
 * completed orders' ticket spend (not cancelled ones), failed card
 * payments, referrals refused as self-dealing (on both their customers),
 * each within the window; candidates only from evidence.
 */
export const harmSignalFactsContract = (name: string, open: () => Promise<HarmSignalFactsWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: HarmSignalFactsWorld
    const run = <A, E>(use: (facts: HarmSignalFactsShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(HarmSignalFacts, use).pipe(Effect.provide(world.layer)))
    const person = () => ({
      firstName: "Hal",
      lastName: "Harmer",
      email: `hal-${randomUUID()}@example.com`,
    })

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("gathers a customer's evidence, spend, failed payments and reviews since the window's start", async () => {
      const who = person()
      const customer = await world.newCustomer(who)
      const event = (kind: ResponsiblePlayEvent["kind"], at: Date, detail: AuditValue = {}) =>
        world.recordEvent({ customerId: customer, kind, at, detail })
      await event("HarmSignalReviewed", ago(DAY / 2), {
        signals: ["SpendVelocity"],
        note: "Checked",
        reviewedBy: "u-1",
      })
      await event("SpendLimitReached", ago(DAY))
      await event("SpendLimitReached", ago(3 * DAY))
      await event("SpendLimitReached", ago(200 * DAY))
      await event("SpendLimitChanged", ago(2 * DAY), { from: 100, to: null })
      await event("PaymentDeclined", ago(4 * DAY))
      await world.placeOrder(customer, {
        status: "Completed",
        at: ago(3 * DAY),
        lineTotals: [500, 250],
      })
      await world.placeOrder(customer, { status: "Completed", at: ago(5 * DAY), lineTotals: [120] })
      await world.placeOrder(customer, {
        status: "Completed",
        at: ago(300 * DAY),
        lineTotals: [10],
      })
      await world.placeOrder(customer, {
        status: "Cancelled",
        at: ago(3 * DAY),
        lineTotals: [9999],
      })
      await world.placeOrder(customer, {
        status: "AwaitingPayment",
        at: ago(DAY),
        lineTotals: [100],
        payment: "Failed",
      })

      const since = ago(100 * DAY)
      expect(await run((facts) => facts.candidates(since))).toContain(customer)
      const all = await run((facts) => facts.factsOf([customer, "not-a-uuid", randomUUID()], since))
      expect([...all.keys()]).toEqual([customer])
      const gathered = all.get(customer)
      expect(gathered?.customer).toEqual({
        customerId: customer,
        name: `${who.firstName} ${who.lastName}`,
        email: who.email,
      })
      // Events oldest first, as the log reads them, whatever order they were written in.
      expect(gathered?.facts.limitReached).toEqual([ago(3 * DAY), ago(DAY)])
      expect(gathered?.facts.limitChanges).toEqual([
        { at: ago(2 * DAY), detail: { from: 100, to: null } },
      ])
      expect(gathered?.facts.declinedEvents).toEqual([ago(4 * DAY)])
      expect([...(gathered?.facts.spends ?? [])].sort((a, b) => byTime(a.at, b.at))).toEqual([
        { at: ago(5 * DAY), pence: 120 },
        { at: ago(3 * DAY), pence: 750 },
      ])
      expect(gathered?.facts.failedPayments).toEqual([ago(DAY)])
      expect(gathered?.facts.reviews).toEqual([{ at: ago(DAY / 2), signals: ["SpendVelocity"] }])
      expect(gathered?.reviews).toEqual([
        { at: ago(DAY / 2), signals: ["SpendVelocity"], note: "Checked", by: "u-1" },
      ])
    })

    it("makes a candidate of evidence, spend or a failed payment, never of a review alone", async () => {
      const since = ago(100 * DAY)
      const quiet = await world.newCustomer(person())
      await world.recordEvent({
        customerId: quiet,
        kind: "SpendLimitReached",
        at: ago(400 * DAY),
        detail: {},
      })
      const reviewed = await world.newCustomer(person())
      await world.recordEvent({
        customerId: reviewed,
        kind: "HarmSignalReviewed",
        at: ago(DAY),
        detail: { signals: [], note: "", reviewedBy: null },
      })
      const spender = await world.newCustomer(person())
      await world.placeOrder(spender, { status: "Completed", at: ago(DAY), lineTotals: [300] })
      const failing = await world.newCustomer(person())
      await world.placeOrder(failing, {
        status: "Cancelled",
        at: ago(DAY),
        lineTotals: [300],
        payment: "Failed",
      })
      const candidates = await run((facts) => facts.candidates(since))
      expect(candidates).not.toContain(quiet)
      expect(candidates).not.toContain(reviewed)
      expect(candidates).toEqual(expect.arrayContaining([spender, failing]))
      expect(new Set(candidates).size).toBe(candidates.length)
      expect((await run((facts) => facts.factsOf([], ago(DAY)))).size).toBe(0)
      const nothing = (await run((facts) => facts.factsOf([quiet], since))).get(quiet)
      expect(nothing?.facts).toEqual({
        limitReached: [],
        limitChanges: [],
        declinedEvents: [],
        failedPayments: [],
        spends: [],
        reviews: [],
        referralRefusals: [],
      })
    })

    it("gathers a refused referral on both its customers, and makes candidates of them", async () => {
      const friend = await world.newCustomer(person())
      const referrer = await world.newCustomer(person())
      const stale = await world.newCustomer(person())
      await world.refuseReferral({
        friendCustomerId: friend,
        referrerCustomerId: referrer,
        at: ago(2 * DAY),
        matches: ["DateOfBirthAndSurname", "Telephone"],
      })
      await world.refuseReferral({
        friendCustomerId: stale,
        referrerCustomerId: referrer,
        at: ago(200 * DAY),
        matches: ["Card"],
      })
      const since = ago(100 * DAY)
      const candidates = await run((facts) => facts.candidates(since))
      expect(candidates).toEqual(expect.arrayContaining([friend, referrer]))
      expect(candidates).not.toContain(stale)
      const all = await run((facts) => facts.factsOf([friend, referrer], since))
      expect(all.get(friend)?.facts.referralRefusals).toEqual([
        {
          at: ago(2 * DAY),
          role: "Friend",
          matches: ["DateOfBirthAndSurname", "Telephone"],
          otherCustomerId: referrer,
        },
      ])
      expect(all.get(referrer)?.facts.referralRefusals).toEqual([
        {
          at: ago(2 * DAY),
          role: "Referrer",
          matches: ["DateOfBirthAndSurname", "Telephone"],
          otherCustomerId: friend,
        },
      ])
    })

    // The store's prefilter is core's predicate (docs/decisions/0094): any
    // customer whose gathered facts meet it is among candidatesFor.
    it("makes a candidate of every customer core's filter lets through", async () => {
      const filter = harmCandidateFilter(NOW)
      const { floorPence, recentMs } = HARM_SIGNAL_THRESHOLDS.spendVelocity
      const declineMs = HARM_SIGNAL_THRESHOLDS.declinedPayments.windowMs
      const windows = [
        recentMs,
        HARM_SIGNAL_THRESHOLDS.limitReached.windowMs,
        HARM_SIGNAL_THRESHOLDS.declinedPayments.windowMs,
      ]
      const when = fc.oneof(
        fc.constantFrom(...windows.flatMap((ms) => [ms + 1, ms, ms - 1]), 1, 0, -1).map(ago),
        fc.integer({ min: 0, max: 9 * DAY }).map(ago),
        fc.integer({ min: 0, max: 40 * DAY }).map(ago),
      )
      const order = fc.record({
        status: fc.constantFrom("Completed" as const, "Completed" as const, "Cancelled" as const),
        at: when,
        lineTotals: fc.array(fc.integer({ min: 1, max: floorPence }), {
          minLength: 1,
          maxLength: 2,
        }),
        payment: fc.constantFrom(undefined, "Succeeded" as const, "Failed" as const),
      })
      const customer = fc.record({
        orders: fc.array(order, { maxLength: 6 }),
        limitReached: fc.array(when, { maxLength: 4 }),
        declined: fc.array(when, { maxLength: 6 }),
        // Cancelled orders whose card payment failed, mostly in the decline window.
        failed: fc.array(
          fc.oneof(
            fc.constantFrom(...[declineMs + 1, declineMs, declineMs - 1]).map(ago),
            fc.integer({ min: 0, max: 8 * DAY }).map(ago),
          ),
          { minLength: 3, maxLength: 7 },
        ),
      })
      const seen = new Set<string>()
      let turnedAway = 0
      await fc.assert(
        fc.asyncProperty(fc.array(customer, { minLength: 1, maxLength: 3 }), async (people) => {
          const ids: string[] = []
          for (const each of people) {
            const id = await world.newCustomer(person())
            ids.push(id)
            for (const { payment, ...o } of each.orders)
              await world.placeOrder(id, payment === undefined ? o : { ...o, payment })
            for (const at of each.limitReached)
              await world.recordEvent({ customerId: id, kind: "SpendLimitReached", at, detail: {} })
            for (const at of each.failed)
              await world.placeOrder(id, {
                status: "Cancelled",
                at,
                lineTotals: [100],
                payment: "Failed",
              })
            for (const at of each.declined)
              await world.recordEvent({ customerId: id, kind: "PaymentDeclined", at, detail: {} })
          }
          const candidates = await run((facts) => facts.candidatesFor(filter))
          expect(new Set(candidates).size).toBe(candidates.length)
          const gathered = await run((facts) => facts.factsOf(ids, filter.since))
          for (const id of ids) {
            const facts = gathered.get(id)?.facts
            if (facts !== undefined && mayFireHarmSignal(facts, filter)) {
              seen.add(id)
              expect(candidates).toContain(id)
            }
          }
          turnedAway += ids.filter((id) => !candidates.includes(id)).length
        }),
        { numRuns: 15 },
      )
      // The property met customers the filter lets through, and ones the store turned away.
      expect(seen.size).toBeGreaterThan(0)
      expect(turnedAway).toBeGreaterThan(0)
    })

    it("leaves out a customer whose only fact is a recent week's spend under the floor", async () => {
      const { floorPence } = HARM_SIGNAL_THRESHOLDS.spendVelocity
      const small = await world.newCustomer(person())
      await world.placeOrder(small, {
        status: "Completed",
        at: ago(DAY),
        lineTotals: [floorPence - 2, 1],
      })
      const big = await world.newCustomer(person())
      await world.placeOrder(big, {
        status: "Completed",
        at: ago(DAY),
        lineTotals: [floorPence - 1],
      })
      await world.placeOrder(big, { status: "Completed", at: ago(2 * DAY), lineTotals: [1] })
      const candidates = await run((facts) => facts.candidatesFor(harmCandidateFilter(NOW)))
      expect(candidates).toContain(big)
      expect(candidates).not.toContain(small)
    })
  })
