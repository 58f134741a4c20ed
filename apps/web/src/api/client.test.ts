import { afterEach, describe, expect, it, vi } from "vitest"

/** The storefront's client as it runs in the page: the page's XSRF cookie, echoed on changes. */

afterEach(() => {
  vi.unstubAllGlobals()
})

const stubFetch = (onCall: (url: string) => void = () => {}) => {
  const fetch = vi.fn(async (url: string, _init: RequestInit) => {
    onCall(url)
    return Response.json({})
  })
  vi.stubGlobal("fetch", fetch)
  return fetch
}

describe("the storefront's client", () => {
  it("posts with the page's XSRF cookie echoed", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=abc123" })
    const fetch = stubFetch()
    vi.resetModules()
    const { api } = await import("./client")
    await api.auth.forgotPassword({ payload: { email: "a@b.co", returnUrl: "https://x/" } })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe("/api/auth/forgot-password")
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "X-XSRF-TOKEN": "abc123" },
    })
  })

  it("fetches the XSRF cookie with a cheap GET first when the page has none", async () => {
    const page = { cookie: "" }
    vi.stubGlobal("document", page)
    const fetch = stubFetch((url) => {
      if (url === "/health/ping") page.cookie = "XSRF-TOKEN=fresh"
    })
    vi.resetModules()
    const { api } = await import("./client")
    await api.auth.authenticate({ payload: { email: "a@b.co", password: "x" } })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/health/ping", "/api/auth/authenticate"])
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ "X-XSRF-TOKEN": "fresh" })
  })
})
