import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { countdownText, entryListFileName, hostPhase, publicProofUrl, skewOf } from "./draw-host"

const at = "2026-12-03T20:30:00.000Z"
const sheet = (overrides: Partial<Parameters<typeof hostPhase>[0]> = {}) => ({
  draw: null,
  drawableFrom: at,
  competition: { drawType: "Live" as const },
  ...overrides,
})

describe("the draw host's screen", () => {
  it("waits until the draw time, then is ready; drawn is drawn whatever the time", () => {
    expect(hostPhase(sheet(), new Date(Date.parse(at) - 1))).toBe("waiting")
    expect(hostPhase(sheet(), new Date(at))).toBe("ready")
    expect(
      hostPhase(
        sheet({
          draw: {
            drawnAt: at,
            outcome: "Winner",
            winningTicketNumber: 7,
            winnerName: "Sarah W.",
          },
        }),
        new Date(Date.parse(at) - 1000),
      ),
    ).toBe("drawn")
    expect(hostPhase(sheet({ competition: { drawType: "Automatic" } }), new Date(at))).toBe(
      "notLive",
    )
  })

  it("counts down in whole seconds, days when there are any", () => {
    expect(countdownText(0)).toBe("00:00")
    expect(countdownText(-5000)).toBe("00:00")
    expect(countdownText(1)).toBe("00:01")
    expect(countdownText(299_000)).toBe("04:59")
    expect(countdownText(3_723_000)).toBe("1:02:03")
    expect(countdownText(86_400_000 + 3_723_000)).toBe("1 day 01:02:03")
    expect(countdownText(2 * 86_400_000 + 5_000)).toBe("2 days 00:00:05")
  })

  it("reads 00:00 only once the time has come (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e10 }), (ms) => {
        expect(countdownText(ms) === "00:00").toBe(ms <= 0)
      }),
    )
  })

  it("corrects the screen's clock by the server's", () => {
    expect(skewOf("2026-12-03T20:30:05.000Z", Date.parse("2026-12-03T20:30:00.000Z"))).toBe(5000)
  })

  it("links the proof's section of the storefront page, and names the file as the server does", () => {
    expect(publicProofUrl("c-1")).toBe("/Competitions/Competition/c-1#draw-fairness")
    expect(entryListFileName("c-1")).toBe("entry-list-c-1.csv")
  })
})
