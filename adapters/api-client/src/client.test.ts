import fc from "fast-check"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createApiClient, endpointUrl, fillPath, queryString } from "./client"
import { ApiError, problemFromResponse } from "./problem"

afterEach(() => vi.unstubAllGlobals())

const recordFetch = (answer: () => Response = () => Response.json({ ok: true })) => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer())
  vi.stubGlobal("fetch", fetch)
  return fetch
}

describe("addresses", () => {
  it("fills path parameters from the contracts' templates, each one escaped", () => {
    expect(
      fillPath("/api/Baskets/:basketId/items/:itemId", { basketId: "a/b", itemId: "c d" }),
    ).toBe("/api/Baskets/a%2Fb/items/c%20d")
    expect(() => fillPath("/api/Orders/:orderId", {})).toThrow(/orderId/)
  })

  it("writes query values the way the contracts read them, leaving out undefined ones", () => {
    expect(
      queryString({
        PageSize: 6,
        InstantWinTicketsOnly: false,
        DrawFromDate: new Date(Date.UTC(2026, 0, 2)),
        TimePeriod: undefined,
      }),
    ).toBe("?PageSize=6&InstantWinTicketsOnly=false&DrawFromDate=2026-01-02T00%3A00%3A00.000Z")
    expect(queryString({ PageNumber: undefined })).toBe("")
  })

  it("any path parameter survives the round trip through the URL", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const url = fillPath("/api/Competitions/:competitionId", { competitionId: id })
        expect(decodeURIComponent(url.slice("/api/Competitions/".length))).toBe(id)
        expect(url.slice("/api/Competitions/".length)).not.toContain("/")
      }),
    )
  })

  it("names an endpoint's address for a link", () => {
    expect(endpointUrl("draws", "entries", { path: { competitionId: "c-1" } })).toBe(
      "/api/Draws/entries/c-1",
    )
  })
})

describe("problemFromResponse", () => {
  it("reads title and detail from a problem+json body, and keeps the problem", () => {
    const body = {
      type: "https://howzat.example/problems/not-found",
      title: "Not Found",
      detail: "no such competition",
      status: 404,
    }
    const error = problemFromResponse(404, body)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: "http", status: 404, title: "Not Found" })
    expect(error.detail).toBe("no such competition")
    expect(error.problem).toEqual(body)
    expect(error.unreachable).toBe(false)
  })

  it("falls back to the status's name when the body is not a problem", () => {
    expect(problemFromResponse(503, undefined)).toMatchObject({
      title: "Service Unavailable",
      detail: "",
      problem: undefined,
    })
    expect(problemFromResponse(502, "<html>Bad gateway</html>")).toMatchObject({
      title: "Bad Gateway",
      detail: "<html>Bad gateway</html>",
    })
    expect(problemFromResponse(418, { title: "   ", detail: 42 })).toMatchObject({
      title: "HTTP 418",
      detail: "",
      problem: undefined,
    })
  })

  it("never throws, whatever the body", () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.anything(), (status, body) => {
        const error = problemFromResponse(status, body)
        expect(error.status).toBe(status)
        expect(error.title.length).toBeGreaterThan(0)
      }),
    )
  })
})

describe("a call", () => {
  it("goes to the endpoint's method and path, with cookies, and answers with the JSON body", async () => {
    const fetch = recordFetch(() => Response.json({ draw: { drawDate: null, drawType: "Live" } }))
    const api = createApiClient()
    await expect(api.draws.nextLiveDraw()).resolves.toEqual({
      draw: { drawDate: null, drawType: "Live" },
    })
    expect(fetch).toHaveBeenCalledWith(
      "/api/Draws/NextLiveDraw",
      expect.objectContaining({ method: "GET", credentials: "include" }),
    )
  })

  it("sends the body as JSON, the bearer token, and the XSRF token on a change", async () => {
    const fetch = recordFetch()
    const api = createApiClient({
      session: { accessToken: () => "jwt", xsrfToken: async () => "abc123" },
    })
    await api.baskets.addItem({
      path: { basketId: "b-1" },
      payload: { competitionID: "c-1", ticketQuantity: 2 },
    })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe("/api/Baskets/b-1/items")
    expect(init).toMatchObject({
      method: "POST",
      body: JSON.stringify({ competitionID: "c-1", ticketQuantity: 2 }),
      headers: {
        "content-type": "application/json",
        authorization: "Bearer jwt",
        "X-XSRF-TOKEN": "abc123",
      },
    })
  })

  it("sends an upload's FormData as it is, with the bearer and XSRF tokens and no JSON type", async () => {
    const fetch = recordFetch(() => Response.json({ images: [] }, { status: 201 }))
    const api = createApiClient({
      session: { accessToken: () => "jwt", xsrfToken: async () => "abc123" },
    })
    const form = new FormData()
    form.append("files", new File([new Uint8Array([137, 80, 78, 71])], "a.png"))
    form.append("description", "A prize")
    await expect(
      api.images.upload({ urlParams: { directory: "competitions" }, payload: form }),
    ).resolves.toEqual({ images: [] })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe("/api/Images?directory=competitions")
    // The same FormData object: fetch then writes the multipart type with its boundary.
    expect(init.body).toBe(form)
    expect(init.method).toBe("POST")
    expect(init.headers).toEqual({
      accept: "application/json",
      authorization: "Bearer jwt",
      "X-XSRF-TOKEN": "abc123",
    })
  })

  it("asks for no XSRF token on a read, and sends none to another host", async () => {
    const fetch = recordFetch()
    const xsrfToken = vi.fn(() => "abc")
    await createApiClient({ session: { xsrfToken } }).categories.list()
    await createApiClient({
      baseUrl: "https://elsewhere.example",
      session: { xsrfToken },
    }).auth.revokeToken()
    expect(xsrfToken).not.toHaveBeenCalled()
    expect(fetch.mock.calls.map(([, init]) => init.headers)).toEqual([
      { accept: "application/json" },
      { accept: "application/json" },
    ])
  })

  it("renews the token first exactly when the endpoint reads the caller", async () => {
    recordFetch()
    const refresh = vi.fn(async () => {})
    const api = createApiClient({ session: { refresh } })
    await api.draws.nextLiveDraw()
    await api.auth.refreshToken()
    expect(refresh).not.toHaveBeenCalled()
    await api.baskets.byId({ path: { basketId: "b" } }) // OptionalAuthentication
    await api.orders.byId({ path: { orderId: "o" } }) // Authentication
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it("does not start a call its caller aborted while the token was renewed", async () => {
    vi.stubGlobal("fetch", hangs)
    const controller = new AbortController()
    const api = createApiClient({ session: { refresh: async () => controller.abort() } })
    const error = await api.orders
      .byId({ path: { orderId: "o" }, signal: controller.signal })
      .catch((e: unknown) => e)
    expect((error as DOMException).name).toBe("AbortError")
  })

  it("does not send the call when renewing the token fails", async () => {
    const fetch = recordFetch()
    const api = createApiClient({
      session: {
        refresh: async () => {
          throw new ApiError("http", 401, "Unauthorized", "Your session has ended.")
        },
      },
    })
    await expect(api.orders.byId({ path: { orderId: "o" } })).rejects.toMatchObject({
      status: 401,
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it("answers a 204 with nothing", async () => {
    recordFetch(() => new Response(null, { status: 204 }))
    await expect(
      createApiClient().logging.log({ payload: { requestedUrl: "/" }, keepalive: true }),
    ).resolves.toBeUndefined()
  })

  it("turns an error response into an ApiError carrying the problem", async () => {
    recordFetch(() =>
      Response.json(
        { type: "x", title: "Conflict", detail: "sold out", status: 409 },
        { status: 409, headers: { "content-type": "application/problem+json" } },
      ),
    )
    const error = await createApiClient()
      .baskets.addItem({
        path: { basketId: "b" },
        payload: { competitionID: "c", ticketQuantity: 1 },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: "http", status: 409, problem: { detail: "sold out" } })
  })

  it("reports a failed connection as unreachable", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch")
    })
    const error = await createApiClient()
      .categories.list()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: "network", status: 0 })
    expect((error as ApiError).unreachable).toBe(true)
  })

  const hangs = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener("abort", () =>
        reject(new DOMException("aborted", "AbortError")),
      )
    })

  it("gives up after the timeout", async () => {
    vi.stubGlobal("fetch", hangs)
    await expect(createApiClient().categories.list({ timeoutMs: 10 })).rejects.toMatchObject({
      kind: "timeout",
    })
  })

  it("passes a caller's own abort on as it is, not as an outage", async () => {
    vi.stubGlobal("fetch", hangs)
    const controller = new AbortController()
    const call = createApiClient().draws.nextLiveDraw({ signal: controller.signal })
    controller.abort()
    const error = await call.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe("AbortError")
  })
})
