import { describe, expect, it } from "vitest"
import { type BrowserPage, cookieDomains } from "./browser"
import { CLARITY_COOKIES, clarityReplay } from "./clarity"
import { META_PIXEL_COOKIES, metaPixelEvents } from "./meta-pixel"

/** A page without a DOM: scripts are a list of srcs, cookies a set of names. */
const fakePage = () => {
  const scripts: string[] = []
  const cookies = new Set<string>()
  const page: BrowserPage & { scripts: string[]; cookies: Set<string> } = {
    scripts,
    cookies,
    globals: {},
    loadScript: (src) => scripts.push(src),
    removeScripts: (origins) => {
      const kept = scripts.filter((src) => !origins.some((o) => src.startsWith(o)))
      scripts.splice(0, scripts.length, ...kept)
    },
    deleteCookies: (names) => {
      for (const name of names) cookies.delete(name)
    },
  }
  return page
}

type Queued = ((...args: unknown[]) => void) & { q?: unknown[][]; queue?: unknown[][] }

describe("the Clarity session-replay adapter", () => {
  it("puts nothing on the page until started", () => {
    const page = fakePage()
    clarityReplay("proj1", page)
    expect(page.scripts).toEqual([])
    expect(page.globals).toEqual({})
  })

  it("loads Clarity's tag once, with analytics consent, and restarts it without reloading", () => {
    const page = fakePage()
    const replay = clarityReplay("proj 1", page)
    replay.start()
    expect(page.scripts).toEqual(["https://www.clarity.ms/tag/proj%201"])
    const clarity = page.globals.clarity as Queued
    expect(clarity.q?.[0]).toEqual([
      "consentv2",
      { ad_Storage: "denied", analytics_Storage: "granted" },
    ])
    replay.stop()
    replay.start()
    expect(page.scripts).toEqual([])
    expect(clarity.q?.at(-1)).toEqual(["start"])
  })

  it("on stop, withdraws consent, stops recording, removes its scripts and deletes its cookies", () => {
    const page = fakePage()
    const replay = clarityReplay("proj1", page)
    replay.start()
    page.scripts.push("https://scripts.clarity.ms/0.8.1/clarity.js", "/assets/index.js")
    for (const name of [...CLARITY_COOKIES, "XSRF-TOKEN"]) page.cookies.add(name)
    replay.stop()
    const calls = (page.globals.clarity as Queued).q ?? []
    expect(calls.slice(-3)).toEqual([
      ["consentv2", { ad_Storage: "denied", analytics_Storage: "denied" }],
      ["consent", false],
      ["stop"],
    ])
    expect(page.scripts).toEqual(["/assets/index.js"])
    expect([...page.cookies]).toEqual(["XSRF-TOKEN"])
  })
})

describe("the Meta pixel marketing adapter", () => {
  it("puts nothing on the page until started", () => {
    const page = fakePage()
    metaPixelEvents("123", page)
    expect(page.scripts).toEqual([])
    expect(page.globals).toEqual({})
  })

  it("grants consent, initialises the pixel once and maps basket and checkout events", () => {
    const page = fakePage()
    const pixel = metaPixelEvents("123", page)
    pixel.start()
    expect(page.scripts).toEqual(["https://connect.facebook.net/en_US/fbevents.js"])
    pixel.basketItemAdded({
      competitionId: "c1",
      competitionName: "Bat",
      quantity: 3,
      unitPrice: 49,
    })
    pixel.basketItemRemoved({
      competitionId: "c1",
      competitionName: "Bat",
      quantity: 1,
      unitPrice: 49,
    })
    pixel.checkoutStarted({ basketId: "b1", value: 147, tickets: 3 })
    pixel.orderPlaced({ orderId: "o1", value: 147 })
    pixel.orderPaid({ orderId: "o1", value: 147 })
    const calls = (page.globals.fbq as Queued).queue ?? []
    expect(calls.map((c) => c.slice(0, 2))).toEqual([
      ["consent", "grant"],
      ["init", "123"],
      ["track", "PageView"],
      ["track", "AddToCart"],
      ["trackCustom", "RemoveFromCart"],
      ["track", "InitiateCheckout"],
      ["trackCustom", "OrderPlaced"],
      ["track", "Purchase"],
    ])
    expect(calls[3]?.[2]).toMatchObject({ content_ids: ["c1"], value: 1.47, currency: "GBP" })
    expect(calls[7]?.[2]).toEqual({ order_id: "o1", value: 1.47, currency: "GBP" })
  })

  it("on stop, revokes consent, removes its script and deletes its cookies; a restart grants again", () => {
    const page = fakePage()
    const pixel = metaPixelEvents("123", page)
    pixel.start()
    for (const name of [...META_PIXEL_COOKIES, "howzat_refresh"]) page.cookies.add(name)
    pixel.stop()
    const fbq = page.globals.fbq as Queued
    expect(fbq.queue?.at(-1)).toEqual(["consent", "revoke"])
    expect(page.scripts).toEqual([])
    expect([...page.cookies]).toEqual(["howzat_refresh"])
    pixel.start()
    expect(page.scripts).toEqual([])
    expect(fbq.queue?.filter((c) => c[0] === "init")).toHaveLength(1)
    expect(fbq.queue?.at(-2)).toEqual(["consent", "grant"])
  })
})

describe("cookieDomains", () => {
  it("covers the host and every parent domain a provider may have set its cookie on", () => {
    expect(cookieDomains("www.howzat.example")).toEqual([
      undefined,
      "www.howzat.example",
      "howzat.example",
      "example",
    ])
    expect(cookieDomains("localhost")).toEqual([undefined, "localhost"])
  })
})
