import type { CompetitionJson, CompetitionWinnerJson } from "@howzat/contracts/catalogue"
import { describe, expect, it } from "vitest"
import { competitionJson } from "../lib/competition-fixture"
import { CompetitionTile } from "./CompetitionTile"
import { renderInRouter } from "./test-router"
import { WinnerCard } from "./WinnerCard"

const PHOTO = `/files/images/${"c".repeat(64)}.jpg`

const competition = (url: string): CompetitionJson =>
  competitionJson({
    cashAlternativeValue: null,
    drawType: "Automatic",
    imageGroup: {
      id: "g1",
      name: "Bat",
      description: "",
      images: [{ id: "i1", url, description: "The bat" }],
    },
  })

const tile = (url: string) =>
  renderInRouter(() => <CompetitionTile competition={competition(url)} skewMs={0} />)

const sourcesOf = (html: string) => [...html.matchAll(/<source [^>]*>/g)].map(([tag]) => tag)

describe("a competition tile's picture", () => {
  it("offers an uploaded photograph as AVIF, then WebP, at the tile's width, the original last", async () => {
    const html = await tile(PHOTO)
    const sources = sourcesOf(html)
    expect(sources.map((s) => s.match(/type="([^"]+)"/)?.[1])).toEqual(["image/avif", "image/webp"])
    expect(sources[0]).toContain(`srcSet="${PHOTO}.w320.avif 320w, ${PHOTO}.w640.avif 640w`)
    expect(sources[0]).toContain('sizes="(min-width: 1280px) 398px')
    expect(html).toMatch(new RegExp(`<picture>(<source [^>]*>){2}<img [^>]*src="${PHOTO}"`))
    expect(html).toMatch(/<img [^>]*width="800" height="600"/)
  })

  it("shows a demo SVG exactly as before: an img, no picture, no source", async () => {
    const html = await tile("/brand/bat.svg")
    expect(sourcesOf(html)).toEqual([])
    expect(html).not.toContain("<picture")
    expect(html).toContain('src="/brand/bat.svg"')
  })
})

describe("a winner card's picture", () => {
  const winner = (url: string): CompetitionWinnerJson => ({
    isVisible: true,
    competition: { id: "c1", name: "Cricket Bat" },
    customer: { fullName: "Sam P." },
    ticketNumber: 7,
    drawDate: "2025-03-13T20:30:00.000Z",
    images: [{ url }],
  })

  it("offers an uploaded prize photograph in AVIF and WebP, and the default picture as it was", async () => {
    const photo = await renderInRouter(() => <WinnerCard winner={winner(PHOTO)} />)
    expect(sourcesOf(photo).map((s) => s.match(/type="([^"]+)"/)?.[1])).toEqual([
      "image/avif",
      "image/webp",
    ])
    const svg = await renderInRouter(() => <WinnerCard winner={winner("/brand/x.svg")} />)
    expect(sourcesOf(svg)).toEqual([])
  })
})

describe("a competition tile's words", () => {
  /** The tile as it shows at the competition's own "now", whatever this machine's clock says. */
  const tileOf = (c: CompetitionJson) =>
    renderInRouter(() => (
      <CompetitionTile competition={c} skewMs={Date.parse(c.currentDateTimeUtc) - Date.now()} />
    ))
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")
  const prizes = (count: number) => ({
    id: `g${count}`,
    name: "£1 Site Credit",
    ticketCount: count,
    quantityWonToDate: 0,
    imageGroup: null,
  })

  it("says every ticket wins, not odds, where every ticket is an instant win", async () => {
    const html = text(
      await tileOf(
        competitionJson({
          totalTickets: 50,
          drawType: "None",
          drawDateTimeUtc: null,
          instantWinGroups: [prizes(40), prizes(10)],
        }),
      ),
    )
    expect(html).toContain("Every ticket wins an instant prize")
    expect(html).not.toContain("1 in")
  })

  it("says a drawn competition is drawn, with the winning ticket and its proof, and counts nothing", async () => {
    const drawn = competitionJson({
      closeDateTimeUtc: "2025-03-13T19:00:00.000Z",
      drawDateTimeUtc: "2025-03-20T20:30:00.000Z",
      // Drawn while the dates still say the draw is to come: drawn all the same.
      currentDateTimeUtc: "2025-03-14T00:00:00.000Z",
      status: 3,
      drawResult: {
        outcome: "Winner",
        winningTicketNumber: 1234,
        drawnAt: "2025-03-13T20:31:00.000Z",
      },
    })
    const html = await tileOf(drawn)
    expect(text(html)).toContain("Drawn: winning ticket 1234")
    expect(html).toMatch(/href="\/Competitions\/Competition\/c1#draw-fairness"/)
    expect(html).not.toContain('role="timer"')
    expect(text(html)).not.toContain("DRAW IN")
  })

  it("says a closed competition waits for its draw, with the date, even after the date", async () => {
    const html = text(
      await tileOf(
        competitionJson({
          currentDateTimeUtc: "2025-03-21T00:00:00.000Z",
          status: 3,
        }),
      ),
    )
    expect(html).toContain("Closed: draw on 13th March 2025 at 8:30pm")
    expect(html).not.toContain("COMPETITION HAS CLOSED")
  })

  it("says a sold-out competition's draw was brought forward, and the new date", async () => {
    const html = text(
      await tileOf(
        competitionJson({
          ticketsSoldToDate: 2500,
          closeDateTimeUtc: "2025-03-05T00:00:00.000Z",
          drawDateTimeUtc: "2025-03-06T20:30:00.000Z",
          drawBroughtForward: { from: "2025-03-13T20:30:00.000Z", at: "2025-03-05T00:00:00.000Z" },
          currentDateTimeUtc: "2025-03-05T12:00:00.000Z",
          status: 3,
        }),
      ),
    )
    expect(html).toContain("Sold out: draw brought forward from 13th March 2025 at 8:30pm")
    expect(html).toContain("6th March 2025 at 8:30pm")
  })
})
