import { afterEach, describe, expect, it, vi } from "vitest"
import { api, setAccessToken, setTokenRefresh } from "./client"

/** The storefront's session as handed to the shared client: token, refresh and XSRF cookie. */

afterEach(() => {
  vi.unstubAllGlobals()
  setAccessToken(undefined)
  setTokenRefresh(async () => {})
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
  it("posts with the bearer token and the XSRF cookie echoed", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=abc123" })
    const fetch = stubFetch()
    setAccessToken("jwt")
    await api.auth.changePassword({
      payload: {
        email: "a@b.co",
        currentPassword: "x",
        newPassword: "y",
        confirmNewPassword: "y",
      },
    })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe("/api/auth/change-password")
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { authorization: "Bearer jwt", "X-XSRF-TOKEN": "abc123" },
    })
  })

  it("fetches the XSRF cookie with a cheap GET first when the page has none", async () => {
    const page = { cookie: "" }
    vi.stubGlobal("document", page)
    const fetch = stubFetch((url) => {
      if (url === "/health/ping") page.cookie = "XSRF-TOKEN=fresh"
    })
    await api.auth.authenticate({ payload: { email: "a@b.co", password: "x" } })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/health/ping", "/api/auth/authenticate"])
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ "X-XSRF-TOKEN": "fresh" })
  })

  it("lets the session renew its token before a call that reads the customer", async () => {
    const order: string[] = []
    stubFetch((url) => order.push(url))
    setTokenRefresh(async () => {
      order.push("refresh")
      setAccessToken("renewed")
    })
    await api.customers.byId({ path: { customerId: "c-1" } })
    await api.draws.nextLiveDraw()
    expect(order).toEqual(["refresh", "/api/Customers/c-1", "/api/Draws/NextLiveDraw"])
  })
})
