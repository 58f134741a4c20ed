import { describe, expect, it } from "vitest"
import {
  connectivityAfterProbe,
  connectivityMessages,
  nextProbeDelay,
  POLL_RETRY_MS,
  RECHECK_AFTER_MS,
} from "./connectivity"

describe("connectivity", () => {
  it("says offline whenever the browser is, whatever the probe said", () => {
    expect(connectivityAfterProbe(false, true)).toBe("offline")
    expect(connectivityAfterProbe(false, false)).toBe("offline")
  })

  it("says unreachable when online but the API did not answer", () => {
    expect(connectivityAfterProbe(true, false)).toBe("unreachable")
    expect(connectivityAfterProbe(true, true)).toBe("online")
  })

  it("rechecks after 2 s, then polls every 10 s (docs/product/constants.md)", () => {
    expect(RECHECK_AFTER_MS).toBe(2000)
    expect(POLL_RETRY_MS).toBe(10_000)
    expect(nextProbeDelay(1)).toBe(2000)
    expect(nextProbeDelay(2)).toBe(10_000)
    expect(nextProbeDelay(9)).toBe(10_000)
  })

  it("uses docs/product/screens.md's wording", () => {
    expect(connectivityMessages.offline).toBe(
      "Oops! You seem to be offline right now. Please visit again soon.",
    )
    expect(connectivityMessages.unreachable).toBe(
      "Oops! We seem to be having some technical difficulties. Please check back again soon.",
    )
  })
})
