import type { CompetitionJson } from "@howzat/contracts/catalogue"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { competitionJson } from "./competition-fixture"
import { keyFacts } from "./key-facts"

const base = competitionJson()

const byLabel = (c: CompetitionJson) =>
  Object.fromEntries(keyFacts(c, "YouTube").map((f) => [f.label, f]))

describe("keyFacts", () => {
  it("says every fact the DCMS code asks for, in this order", () => {
    expect(keyFacts(base, "YouTube").map((f) => [f.label, f.value])).toEqual([
      ["Odds per ticket", "1 in 2,500"],
      ["Total tickets", "2,500"],
      ["Maximum entries per person", "100 (paid and free entries together)"],
      ["Cash alternative", "£350.00 instead of the prize, if the winner prefers"],
      [
        "How the winner is chosen",
        "One ticket is drawn at random, live on our YouTube channel on 13th March 2025 at 8:30pm, by our published procedure that anyone can check.",
      ],
      [
        "Free entry",
        "You can enter free by post: one postcard is one entry, with the same chance of winning as a paid ticket.",
      ],
    ])
    expect(byLabel(base)["How the winner is chosen"]?.link).toEqual({
      to: "/Legitimacy",
      text: "How our draws work",
    })
    expect(byLabel(base)["Free entry"]?.link?.to).toBe("/FAQ")
  })

  it("says a draw on sell-out, and a draw brought forward from when", () => {
    const automatic = byLabel({ ...base, drawType: "Automatic", drawOnSellOut: true })
    expect(automatic["How the winner is chosen"]?.value).toBe(
      "One ticket is drawn at random automatically as soon as every ticket is sold and paid, or on 13th March 2025 at 8:30pm if it has not sold out by then, by our published procedure that anyone can check.",
    )
    const moved = byLabel({
      ...base,
      drawDateTimeUtc: "2025-03-08T20:00:00.000Z",
      drawBroughtForward: { from: "2025-03-13T20:30:00.000Z", at: "2025-03-07T10:00:00.000Z" },
    })
    expect(moved["How the winner is chosen"]?.value).toBe(
      "One ticket is drawn at random, live on our YouTube channel on 8th March 2025 at 8:00pm (brought forward from 13th March 2025 at 8:30pm: it sold out), by our published procedure that anyone can check.",
    )
  })

  it("says plainly when there is no cash alternative", () => {
    expect(byLabel({ ...base, cashAlternativeValue: null })["Cash alternative"]?.value).toBe(
      "None: the prize is awarded as described",
    )
  })

  it("says how an automatic draw or an instant-win-only competition chooses", () => {
    expect(byLabel({ ...base, drawType: "Automatic" })["How the winner is chosen"]?.value).toBe(
      "One ticket is drawn at random automatically on 13th March 2025 at 8:30pm, by our published procedure that anyone can check.",
    )
    expect(
      byLabel({ ...base, drawType: "None", drawDateTimeUtc: null })["How the winner is chosen"]
        ?.value,
    ).toContain("There is no main draw")
  })

  it("says every ticket wins instead of odds, and no draw odds without a main draw", () => {
    const group = (ticketCount: number) => ({
      id: `g${ticketCount}`,
      name: "Prize",
      ticketCount,
      quantityWonToDate: 0,
      imageGroup: null,
    })
    const luckyDip = {
      ...base,
      totalTickets: 50,
      drawType: "None" as const,
      drawDateTimeUtc: null,
      instantWinGroups: [group(40), group(10)],
    }
    expect(byLabel(luckyDip)["Odds per ticket"]?.value).toBe("Every ticket wins an instant prize")
    expect(byLabel({ ...luckyDip, drawType: "Live" })["Odds per ticket"]?.value).toBe(
      "Every ticket wins an instant prize, and has a 1 in 50 chance in the main draw",
    )
    expect(byLabel({ ...base, instantWinGroups: [group(25)] })["Odds per ticket"]?.value).toBe(
      "1 in 2,500 in the main draw; 1 in 100 of an instant win",
    )
    expect(byLabel({ ...luckyDip, totalTickets: 500 })["Odds per ticket"]?.value).toBe(
      "1 in 10 of an instant win (there is no main draw)",
    )
  })

  it("never disagrees with the competition's own numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        (total, max, cash) => {
          const facts = byLabel({
            ...base,
            totalTickets: total,
            maxTicketsPerCustomer: max,
            cashAlternativeValue: cash,
          })
          expect(facts["Total tickets"]?.value).toBe(total.toLocaleString("en-GB"))
          expect(facts["Odds per ticket"]?.value).toBe(`1 in ${total.toLocaleString("en-GB")}`)
          expect(facts["Maximum entries per person"]?.value).toContain(max.toLocaleString("en-GB"))
          expect(facts["Cash alternative"]?.value.startsWith("None")).toBe(cash === null)
        },
      ),
    )
  })
})
