import { describe, expect, it, vi } from "vitest"
import { startOrderExpiry } from "./order-expiry"

describe("the order expiry job", () => {
  it("runs a pass every interval with the time of the pass, logging what it cancelled", async () => {
    vi.useFakeTimers()
    try {
      const passes: Date[] = []
      const logged: unknown[] = []
      const job = startOrderExpiry({
        intervalMs: 30_000,
        now: () => new Date(Date.now()),
        expireDue: async (now) => {
          passes.push(now)
          return passes.length === 2 ? ["order-1"] : []
        },
        log: (_, details) => logged.push(details),
      })
      await vi.advanceTimersByTimeAsync(29_999)
      expect(passes).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(30_001)
      expect(passes).toHaveLength(2)
      expect(logged).toEqual([{ orderIds: ["order-1"] }])
      await job.stop()
      await vi.advanceTimersByTimeAsync(60_000)
      expect(passes).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it("never overlaps its own passes, and keeps going after a failure", async () => {
    let release: () => void = () => {}
    let calls = 0
    const job = startOrderExpiry({
      intervalMs: 60_000,
      expireDue: () => {
        calls++
        if (calls === 1) return Promise.reject(new Error("database away"))
        return new Promise((resolve) => {
          release = () => resolve([])
        })
      },
      log: () => {},
    })
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    await job.runOnce()
    expect(errors).toHaveBeenCalledOnce()
    errors.mockRestore()
    const first = job.runOnce()
    const second = job.runOnce()
    expect(second).toBe(first)
    expect(calls).toBe(2)
    release()
    await first
    await job.stop()
  })
})
