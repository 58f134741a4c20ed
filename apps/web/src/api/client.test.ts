import { afterEach, describe, expect, it, vi } from "vitest"
import { ApiError, apiGet, apiUrl, problemFromResponse } from "./client"

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
