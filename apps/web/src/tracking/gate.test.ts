import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { allowsMarketing, allowsSessionReplay, type ConsentChoice } from "../consent/consent"
import { createConsentStore } from "../consent/store"
import { createTrackingGate } from "./gate"
import type { MarketingEvents, SessionReplay } from "./ports"

/** Fake adapters that record what the gate asked of them. */
const fakeReplay = () => {
  const calls: string[] = []
  const replay: SessionReplay & { calls: string[]; running: () => boolean } = {
    calls,
    start: () => calls.push("start"),
    stop: () => calls.push("stop"),
    running: () => calls.at(-1) === "start",
  }
  return replay
}

const fakeMarketing = () => {
  const calls: string[] = []
  const record = (name: string) => () => {
    calls.push(name)
  }
  const marketing: MarketingEvents & { calls: string[]; running: () => boolean } = {
    calls,
    start: record("start"),
    stop: record("stop"),
    basketItemAdded: record("basketItemAdded"),
    basketItemRemoved: record("basketItemRemoved"),
    checkoutStarted: record("checkoutStarted"),
    orderPlaced: record("orderPlaced"),
    orderPaid: record("orderPaid"),
    running: () => calls.filter((c) => c === "start" || c === "stop").at(-1) === "start",
  }
  return marketing
}

const memoryStore = (initial: string | null = null) => {
  let value = initial
  return createConsentStore({ read: () => value, write: (v) => (value = v) })
}

const line = { competitionId: "c1", competitionName: "Bat", quantity: 2, unitPrice: 99 }
const order = { orderId: "o1", value: 198 }

describe("the tracking gate", () => {
  it("starts nothing and sends nothing before the visitor answers", () => {
    const replay = fakeReplay()
    const marketing = fakeMarketing()
    const gate = createTrackingGate({ sessionReplay: replay, marketing }, memoryStore())
    gate.marketing.basketItemAdded(line)
    gate.marketing.orderPaid(order)
    expect(replay.calls).toEqual([])
    expect(marketing.calls).toEqual([])
  })

  it("starts nothing after Reject all", () => {
    const replay = fakeReplay()
    const marketing = fakeMarketing()
    const store = memoryStore()
    const gate = createTrackingGate({ sessionReplay: replay, marketing }, store)
    store.decide({ statistics: false, marketing: false })
    gate.marketing.checkoutStarted({ basketId: "b", value: 100, tickets: 1 })
    expect(replay.calls).toEqual([])
    expect(marketing.calls).toEqual([])
  })

  it("starts session replay on statistics consent, but no marketing", () => {
    const replay = fakeReplay()
    const marketing = fakeMarketing()
    const store = memoryStore()
    const gate = createTrackingGate({ sessionReplay: replay, marketing }, store)
    store.decide({ statistics: true, marketing: false })
    gate.marketing.basketItemAdded(line)
    expect(replay.calls).toEqual(["start"])
    expect(marketing.calls).toEqual([])
  })

  it("starts both on marketing consent and passes events on, then stops both at once on withdrawal", () => {
    const replay = fakeReplay()
    const marketing = fakeMarketing()
    const store = memoryStore()
    const gate = createTrackingGate({ sessionReplay: replay, marketing }, store)
    store.decide({ statistics: false, marketing: true })
    gate.marketing.basketItemAdded(line)
    gate.marketing.orderPlaced(order)
    expect(replay.calls).toEqual(["start"])
    expect(marketing.calls).toEqual(["start", "basketItemAdded", "orderPlaced"])

    store.decide({ statistics: false, marketing: false })
    gate.marketing.orderPaid(order)
    expect(replay.calls).toEqual(["start", "stop"])
    expect(marketing.calls).toEqual(["start", "basketItemAdded", "orderPlaced", "stop"])
  })

  it("starts at once for an answer given on an earlier visit", () => {
    const earlier = memoryStore()
    earlier.decide({ statistics: true, marketing: true })
    const raw = JSON.stringify(earlier.get().decision)
    const replay = fakeReplay()
    const marketing = fakeMarketing()
    createTrackingGate({ sessionReplay: replay, marketing }, memoryStore(raw))
    expect(replay.calls).toEqual(["start"])
    expect(marketing.calls).toEqual(["start"])
  })

  it("keeps the shop working when a provider's script throws", () => {
    const store = memoryStore()
    const broken: SessionReplay = {
      start: () => {
        throw new Error("blocked by an ad blocker")
      },
      stop: () => undefined,
    }
    const quiet = console.error
    console.error = () => undefined
    try {
      const gate = createTrackingGate({ sessionReplay: broken, marketing: null }, store)
      expect(() => store.decide({ statistics: true, marketing: true })).not.toThrow()
      expect(() => gate.marketing.basketItemAdded(line)).not.toThrow()
    } finally {
      console.error = quiet
    }
  })

  it("with no adapter configured, drops every event", () => {
    const store = memoryStore()
    const gate = createTrackingGate({ sessionReplay: null, marketing: null }, store)
    store.decide({ statistics: true, marketing: true })
    expect(() => gate.marketing.orderPaid(order)).not.toThrow()
    expect(gate.running()).toEqual({ sessionReplay: false, marketing: false })
  })

  it("property: after any sequence of answers, an adapter runs iff its consent is given now", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("decide" as const),
        statistics: fc.boolean(),
        marketing: fc.boolean(),
      }),
      fc.constant({ kind: "reopen" as const }),
      fc.constant({ kind: "dismiss" as const }),
      fc.constant({ kind: "event" as const }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const replay = fakeReplay()
        const marketing = fakeMarketing()
        const store = memoryStore()
        const gate = createTrackingGate({ sessionReplay: replay, marketing }, store)
        let current: ConsentChoice | null = null
        let eventsWhileAllowed = 0
        for (const s of steps) {
          if (s.kind === "decide") {
            current = { statistics: s.statistics, marketing: s.marketing }
            store.decide(current)
          } else if (s.kind === "reopen") store.reopen()
          else if (s.kind === "dismiss") store.dismiss()
          else {
            if (allowsMarketing(current)) eventsWhileAllowed++
            gate.marketing.basketItemAdded(line)
          }
          expect(replay.running()).toBe(allowsSessionReplay(current))
          expect(marketing.running()).toBe(allowsMarketing(current))
          expect(gate.running()).toEqual({
            sessionReplay: allowsSessionReplay(current),
            marketing: allowsMarketing(current),
          })
        }
        // Starts and stops alternate (never started twice, never stopped while stopped)...
        for (const fake of [replay.calls, marketing.calls]) {
          const switches = fake.filter((c) => c === "start" || c === "stop")
          expect(switches).toEqual(switches.map((_, i) => (i % 2 === 0 ? "start" : "stop")))
        }
        // ...and every event that reached the provider was sent while marketing consent held.
        expect(marketing.calls.filter((c) => c === "basketItemAdded")).toHaveLength(
          eventsWhileAllowed,
        )
      }),
    )
  })
})
