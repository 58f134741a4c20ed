import { afterEach, describe, expect, it, vi } from "vitest"
import { Route } from "../routes/index"
import { HOME_READ_INIT, HOME_READS, homeReadUrls } from "./home-reads"

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Answers each of Home's reads as the API would, recording how it was asked. */
const stubApi = () => {
  const calls: { url: string; init: RequestInit }[] = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      if (url === HOME_READS.list) return Response.json({ competitions: [], totalCount: 0 })
      if (url === HOME_READS.nextLiveDraw) return Response.json({ draw: { drawDate: null } })
      if (url === HOME_READS.winners) return Response.json({ competitionWinners: [] })
      return Response.json({ resource: { key: "k", value: "<p>x</p>" } })
    }),
  )
  return calls
}

const runLoader = () =>
  (Route.options.loader as (context: { abortController: AbortController }) => Promise<unknown>)({
    abortController: new AbortController(),
  })

describe("Home's reads", () => {
  it("are exactly the URLs the server preloads on /, nothing else", async () => {
    const calls = stubApi()
    await runLoader()
    expect(calls.map((call) => call.url).sort()).toEqual([...homeReadUrls()].sort())
  })

  it("are asked as a crossorigin (anonymous) preload asks: same-origin, no headers of their own", async () => {
    const calls = stubApi()
    await runLoader()
    expect(calls.length).toBeGreaterThan(0)
    for (const { init } of calls) {
      expect(init.method).toBe("GET")
      expect(init.credentials).toBe(HOME_READ_INIT.credentials)
      expect(init.credentials).toBe("same-origin")
      expect(Object.keys(init.headers ?? {})).toEqual([])
    }
  })

  it("name the list Home shows and the blocks it prints", () => {
    expect(HOME_READS.list).toBe("/api/Competitions?VisibilityStatus=VisibleOnly&PageSize=24")
    expect(HOME_READS.heroSub).toBe("/api/Resources/content-banner-hero-sub")
    expect(HOME_READS.howItWorks).toBe("/api/Resources/content-article-how-it-works")
  })
})
