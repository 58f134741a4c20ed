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
