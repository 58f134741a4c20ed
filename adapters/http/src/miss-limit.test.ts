import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeMissLimit } from "./miss-limit"

const limitAt = (clock: { now: number }, burst = 5, perSecond = 1, maxAddresses = 100) =>
  makeMissLimit({ burst, perSecond, maxAddresses, now: () => clock.now })

describe("the uncached-read allowance of one address", () => {
  it("gives a burst, then refuses with the seconds until the next one", () => {
    const clock = { now: 0 }
    const limit = limitAt(clock, 3, 0.5)
    expect([1, 2, 3].map(() => limit.take("203.0.113.9"))).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(limit.take("203.0.113.9")).toBe(2)
    // Another address has its own allowance.
    expect(limit.take("198.51.100.1")).toBeUndefined()
    clock.now += 2000
    expect(limit.take("203.0.113.9")).toBeUndefined()
    expect(limit.take("203.0.113.9")).toBe(2)
  })

  it("never lets more through than the burst and what the rate earned since", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 200 }),
        (burst, perSecond, gaps) => {
          const clock = { now: 0 }
          const limit = limitAt(clock, burst, perSecond)
          let allowed = 0
          for (const gap of gaps) {
            clock.now += gap
            if (limit.take("192.0.2.7") === undefined) allowed++
          }
          expect(allowed).toBeLessThanOrEqual(burst + Math.floor((clock.now / 1000) * perSecond))
        },
      ),
    )
  })

  it("forgets the least recently seen address first, keeping its memory bounded", () => {
    const clock = { now: 0 }
    const limit = limitAt(clock, 1, 0.001, 2)
    expect(limit.take("192.0.2.1")).toBeUndefined()
    expect(limit.take("192.0.2.2")).toBeUndefined()
    expect(limit.take("192.0.2.1")).toBeDefined()
    // A third address pushes out 192.0.2.2, the least recently seen, which starts afresh.
    expect(limit.take("192.0.2.3")).toBeUndefined()
    expect(limit.take("192.0.2.2")).toBeUndefined()
  })
})

describe("an IPv6 client", () => {
  it("has one allowance for its whole /64, as the other per-address limits count it", () => {
    const limit = limitAt({ now: 0 }, 2, 0.001)
    expect(limit.take("2001:db8:1:2::1")).toBeUndefined()
    expect(limit.take("2001:db8:1:2:ffff:0:0:9")).toBeUndefined()
    expect(limit.take("2001:0db8:0001:0002:abcd::7")).toBeDefined()
    expect(limit.take("2001:db8:1:3::1")).toBeUndefined()
  })
})
