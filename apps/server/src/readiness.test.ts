import { describe, expect, it } from "vitest"
import { makeReadiness, READINESS_PING_INTERVAL_MS } from "./readiness"

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("readiness", () => {
  it("is not ready once draining, whatever the database says", async () => {
    let draining = false
    const ready = makeReadiness(
      () => draining,
      async () => {},
    )
    expect(await ready()).toBeUndefined()
    draining = true
    expect(await ready()).toBe("shutting down: finishing the requests in flight")
  })

  it("never waits for the database, and answers from the last ping that finished", async () => {
    let clock = 0
    let answer: (() => void) | undefined
    let fail: ((e: Error) => void) | undefined
    let pings = 0
    const ready = makeReadiness(
      () => false,
      () =>
        new Promise<void>((resolve, reject) => {
          pings++
          answer = resolve
          fail = reject
        }),
      () => clock,
    )
    // The ping hangs: the check answers at once, ready (nothing has failed yet).
    expect(await ready()).toBeUndefined()
    expect(await ready()).toBeUndefined()
    expect(pings).toBe(1)
    fail?.(new Error("connection refused"))
    await settle()
    expect(await ready()).toBe("the database does not answer")
    // At most one ping a second.
    expect(pings).toBe(1)
    clock += READINESS_PING_INTERVAL_MS
    expect(await ready()).toBe("the database does not answer")
    expect(pings).toBe(2)
    answer?.()
    await settle()
    expect(await ready()).toBeUndefined()
  })
})
