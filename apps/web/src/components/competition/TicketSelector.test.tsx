import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { describe, expect, it } from "vitest"
import { competitionJson } from "../../lib/competition-fixture"
import { renderInRouter } from "../test-router"
import { TicketSelector } from "./TicketSelector"

/** The selector of an open competition, as a visitor first sees it. */
const selector = (c: CompetitionJson) =>
  renderInRouter(() => <TicketSelector competition={c} phase={1} />)
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")
const picksOf = (html: string) =>
  [...html.matchAll(/aria-label="(\d+) tickets"/g)].map(([, n]) => Number(n))

describe("the ticket selector", () => {
  it("says the slider stops at 100, and its quick picks reach the tickets left", async () => {
    const html = await selector(
      competitionJson({
        maxTicketsPerCustomer: 1000,
        totalTickets: 100_000,
        ticketsSoldToDate: 99_270,
      }),
    )
    expect(html).toMatch(/type="range"[^>]*max="100"|max="100"[^>]*type="range"/)
    expect(html).toMatch(/type="number"[^>]*max="730"|max="730"[^>]*type="number"/)
    expect(text(html)).toContain(
      "Slider goes up to 100; type a bigger number in the box (up to 730).",
    )
    expect(picksOf(html)).toEqual([1, 50, 100, 200, 500, 730])
  })

  it("says nothing of the slider's end when it reaches the maximum", async () => {
    const html = await selector(competitionJson({ maxTicketsPerCustomer: 100 }))
    expect(text(html)).not.toContain("Slider goes up to")
    expect(picksOf(html)).toEqual([1, 10, 20, 50, 100])
  })

  it("says every ticket wins instead of odds, and that there is no main draw", async () => {
    const html = text(
      await selector(
        competitionJson({
          totalTickets: 50,
          maxTicketsPerCustomer: 10,
          drawType: "None",
          drawDateTimeUtc: null,
          instantWinGroups: [
            { id: "g", name: "£1", ticketCount: 50, quantityWonToDate: 0, imageGroup: null },
          ],
        }),
      ),
    )
    expect(text(html)).toContain("Every ticket wins an instant prize")
    expect(text(html)).toContain("No main draw: every prize is an instant win")
    expect(html).not.toContain("1 in")
  })

  it("says when a coming-soon competition opens, and promises nothing more", async () => {
    const html = text(
      await renderInRouter(() => (
        <TicketSelector
          competition={competitionJson({ startDateTimeUtc: "2025-03-01T10:00:00.000Z" })}
          phase={0}
        />
      )),
    )
    expect(html).toContain("Competition coming soon!")
    expect(html).toContain("Opens 1st March 2025 at 10:00am.")
    expect(html.toLowerCase()).not.toContain("remind")
  })
})
