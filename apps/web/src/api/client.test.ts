import { afterEach, describe, expect, it, vi } from "vitest"
import {
  ApiError,
  apiGet,
  apiSend,
  apiUrl,
  problemFromResponse,
  requestHeaders,
  setAccessToken,
} from "./client"

describe("apiUrl", () => {
  it("prefixes /api and keeps PascalCase query names", () => {
    expect(apiUrl("/Competitions", { TimePeriod: "EndingSoon", PageSize: 6 })).toBe(
      "/api/Competitions?TimePeriod=EndingSoon&PageSize=6",
    )
  })

  it("leaves out undefined values and the ? when nothing is left", () => {
    expect(apiUrl("/Draws/NextLiveDraw", { PageNumber: undefined })).toBe("/api/Draws/NextLiveDraw")
    expect(apiUrl("Categories")).toBe("/api/Categories")
  })
})

describe("problemFromResponse", () => {
  it("reads title and detail from a problem+json body", () => {
    const error = problemFromResponse(404, {
      type: "https://howzat.example/problems/not-found",
      title: "Not Found",
      detail: "no such competition",
      status: 404,
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: "http",
      status: 404,
      title: "Not Found",
      detail: "no such competition",
    })
    expect(error.unreachable).toBe(false)
  })

  it("falls back to the status's name when the body is not a problem", () => {
    expect(problemFromResponse(503, undefined)).toMatchObject({
      title: "Service Unavailable",
      detail: "",
    })
    expect(problemFromResponse(502, "<html>Bad gateway</html>")).toMatchObject({
      title: "Bad Gateway",
      detail: "<html>Bad gateway</html>",
    })
    expect(problemFromResponse(418, { title: "   ", detail: 42 })).toMatchObject({
      title: "HTTP 418",
      detail: "",
    })
  })
})

describe("apiGet", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("sends cookies and returns the JSON body", async () => {
    const fetch = vi.fn(async () => Response.json({ draw: { drawDate: null, drawType: "Live" } }))
    vi.stubGlobal("fetch", fetch)
    await expect(apiGet("/Draws/NextLiveDraw")).resolves.toEqual({
      draw: { drawDate: null, drawType: "Live" },
    })
    expect(fetch).toHaveBeenCalledWith(
      "/api/Draws/NextLiveDraw",
      expect.objectContaining({ credentials: "include" }),
    )
  })

  it("turns an error response into an ApiError with the problem's title and detail", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { type: "x", title: "Not Found", detail: "no such competition", status: 404 },
        { status: 404, headers: { "content-type": "application/problem+json" } },
      ),
    )
    await expect(apiGet("/Competitions/x")).rejects.toMatchObject({
      kind: "http",
      status: 404,
      detail: "no such competition",
    })
  })

  it("reports a failed connection as unreachable", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch")
    })
    const error = await apiGet("/Categories").catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: "network", status: 0 })
    expect((error as ApiError).unreachable).toBe(true)
  })

  it("gives up after the timeout", async () => {
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          )
        }),
    )
    await expect(apiGet("/Categories", { timeoutMs: 10 })).rejects.toMatchObject({
      kind: "timeout",
    })
  })

  it("passes a caller's own abort on as it is, not as an outage", async () => {
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          )
        }),
    )
    const controller = new AbortController()
    const call = apiGet("/Competitions", { signal: controller.signal })
    controller.abort()
    const error = await call.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe("AbortError")
  })
})

describe("requestHeaders", () => {
  it("sends the bearer token when there is one, and XSRF only on changes", () => {
    expect(requestHeaders("GET", "/api/Customers/1", "tok", "XSRF-TOKEN=x", false)).toEqual({
      accept: "application/json",
      authorization: "Bearer tok",
    })
    expect(requestHeaders("PUT", "/api/Customers/1", "tok", "XSRF-TOKEN=x", true)).toEqual({
      accept: "application/json",
      "content-type": "application/json",
      authorization: "Bearer tok",
      "X-XSRF-TOKEN": "x",
    })
    expect(requestHeaders("POST", "/api/auth/refresh-token", undefined, "", false)).toEqual({
      accept: "application/json",
    })
  })
})

describe("apiSend", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setAccessToken(undefined)
  })

  it("posts JSON with cookies, the bearer token and the XSRF cookie echoed", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=abc123" })
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ ok: true }))
    vi.stubGlobal("fetch", fetch)
    setAccessToken("jwt")
    await apiSend("POST", "/auth/change-password", { currentPassword: "x" })
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe("/api/auth/change-password")
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: JSON.stringify({ currentPassword: "x" }),
      headers: { authorization: "Bearer jwt", "X-XSRF-TOKEN": "abc123" },
    })
  })

  it("fetches the XSRF cookie with a cheap GET first when the page has none", async () => {
    const page = { cookie: "" }
    vi.stubGlobal("document", page)
    const fetch = vi.fn(async (url: string, _init: RequestInit) => {
      if (url.startsWith("/api/Categories")) page.cookie = "XSRF-TOKEN=fresh"
      return Response.json({})
    })
    vi.stubGlobal("fetch", fetch)
    await apiSend("POST", "/auth/authenticate", { email: "a@b.co", password: "x" })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      "/api/Categories?PageSize=1",
      "/api/auth/authenticate",
    ])
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ "X-XSRF-TOKEN": "fresh" })
  })

  it("turns a refusal into an ApiError like any other call", async () => {
    vi.stubGlobal("document", { cookie: "XSRF-TOKEN=abc" })
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { title: "An application error has occurred.", detail: "taken", status: 409 },
        { status: 409, headers: { "content-type": "application/problem+json" } },
      ),
    )
    await expect(apiSend("POST", "/Customers", {})).rejects.toMatchObject({
      status: 409,
      title: "An application error has occurred.",
    })
  })
})
