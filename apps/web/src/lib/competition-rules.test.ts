import { describe, expect, it } from "vitest"
import { competitionJson } from "./competition-fixture"
import { competitionRules } from "./competition-rules"

const base = competitionJson()

describe("competitionRules", () => {
  it("states the limits, dates, cash alternative and free postal entry", () => {
    const text = competitionRules(base).join("\n")
    expect(text).toContain("2,500 tickets are available at £0.99 each")
    expect(text).toContain("up to 100 times")
    expect(text).toContain("Entries close on 13th March 2025 at 7:00pm")
    expect(text).toContain("drawn live on our YouTube channel on 13th March 2025 at 8:30pm")
    expect(text).toContain("cash alternative of £350.00")
    expect(text).toContain("Free postal entry")
    expect(text).toContain(
      "Each postal entry is given one ticket number at random from the same pool as paid tickets and goes into the same draw, so a free entry has exactly the same chance of winning as a paid one.",
    )
    expect(text).toContain("18 or over")
  })

  it("stops promising the draw in the future once its time has come", () => {
    const drawTime = base.drawDateTimeUtc ?? ""
    const past = competitionRules({ ...base, currentDateTimeUtc: drawTime }).join("\n")
    expect(past).not.toContain("will be drawn")
    expect(past).toContain(
      "The winner is drawn live on our YouTube channel, from 13th March 2025 at 8:30pm; the result and its proof are shown on this page once the draw is made.",
    )
  })

  it("says how automatic and draw-less competitions end", () => {
    expect(competitionRules({ ...base, drawType: "Automatic" }).join()).toContain(
      "The winner will be drawn automatically on 13th March 2025 at 8:30pm",
    )
    const none = competitionRules({ ...base, drawType: "None", cashAlternativeValue: null }).join()
    expect(none).toContain("no main draw")
    expect(none).not.toContain("cash alternative")
  })

  // Decision 0024: draws are automatic or live and verifiable; instant wins pay on payment.
  it("says how instant wins are paid and how each draw can be checked", () => {
    const group = {
      id: "g1",
      name: "£10 Site Credit",
      ticketCount: 10,
      quantityWonToDate: 0,
      imageGroup: null,
    }
    for (const drawType of ["Live", "Automatic", "None"] as const) {
      for (const drawDateTimeUtc of [base.drawDateTimeUtc, null]) {
        const text = competitionRules({
          ...base,
          drawType,
          drawDateTimeUtc,
          instantWinGroups: [group],
        }).join("\n")
        expect(text).toContain("you win that prize the moment your order is paid")
        expect(text).not.toContain("to claim it")
        expect(text.includes("Every draw can be checked")).toBe(drawType !== "None")
      }
    }
    expect(
      competitionRules({ ...base, drawType: "Automatic", drawDateTimeUtc: null }).join(),
    ).toContain("drawn automatically after the competition closes")
  })
})
