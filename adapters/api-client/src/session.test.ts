import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createSession, type SessionOptions } from "./session"

/**
 * The session every app shares, against a stubbed fetch and a fake clock:
 * who is signed in, when the token is refreshed and by how many requests,
 * and which calls carry the token and the XSRF header (docs/product/states.md,
 * docs/product/errors.md, docs/product/api.md).
 */

const MINUTE = 60_000
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0)

const jwt = (expMs: number, nonce = 0) =>
  [
    "e30",
    Buffer.from(JSON.stringify({ exp: Math.floor(expMs / 1000), nonce })).toString("base64url"),
    "s",
  ].join(".")

const authResponse = (customerId: string | null, expMs = Date.now() + 15 * MINUTE, nonce = 0) => ({
  user: {
    firstName: "Ann",
    lastName: "Test",
    emailAddress: "ann@example.com",
    email: "ann@example.com",
    role: customerId ? "Customer" : "Staff",
    customerId,
    emailVerified: false,
  },
  accessToken: jwt(expMs, nonce),
})

const problem = (status: number, detail: string) =>
  Response.json(
    { type: "x", title: "Unauthorized", status, detail },
    { status, headers: { "content-type": "application/problem+json" } },
  )

type Handler = (init: RequestInit) => Response | Promise<Response>
interface Call {
  readonly url: string
  readonly init: RequestInit
}

/** A fetch answering by URL; the calls it saw, in order. */
const stubApi = (routes: Record<string, Handler>) => {
  const calls: Call[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const handler = routes[url]
    return handler ? handler(init) : problem(404, `no route for ${url}`)
  }) as typeof globalThis.fetch
  return { calls, fetch }
}

/** The browser's localStorage, kept across "page loads" (new sessions) of one test. */
const stubStorage = () => {
  const items = new Map<string, string>()
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  })
  return items
}

class Refused extends Error {}

const customersOnly = (fetch: typeof globalThis.fetch, more: Partial<SessionOptions> = {}) =>
  createSession({
    hintKey: "test-session",
    admits: (user) => user.customerId !== null,
    refused: () => new Refused("not a customer"),
    fetch,
    cookies: () => "XSRF-TOKEN=abc123",
    ...more,
  })

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>
const count = (calls: readonly Call[], url: string) => calls.filter((c) => c.url === url).length

const REFRESH = "/api/auth/refresh-token"
const REVOKE = "/api/auth/revoke-token"
const LOGIN = "/api/auth/authenticate"

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  // No Web Locks here: the single flight within a tab is what is tested.
  vi.stubGlobal("navigator", {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const signedIn = async (routes: Record<string, Handler>, more: Partial<SessionOptions> = {}) => {
  const stub = stubApi({ [LOGIN]: () => Response.json(authResponse("c-1")), ...routes })
  const session = customersOnly(stub.fetch, more)
  await session.signIn(
    await session.api.auth.authenticate({ payload: { email: "a", password: "b" } }),
  )
  return { ...stub, session }
}

describe("at start", () => {
  it("a working refresh cookie signs the user in", async () => {
    const { calls, fetch } = stubApi({ [REFRESH]: () => Response.json(authResponse("c-1")) })
    const session = customersOnly(fetch)
    expect(session.getState()).toEqual({ status: "starting" })
    await session.start()
    expect(session.getState()).toMatchObject({ status: "signedIn", user: { customerId: "c-1" } })
    expect(calls[0]?.init).toMatchObject({ method: "POST", credentials: "include" })
  })

  it("a refused cookie just means signed out, and is not reported as a failure", async () => {
    const onRefreshFailed = vi.fn()
    const { fetch } = stubApi({ [REFRESH]: () => problem(401, "Your session has ended.") })
    const session = customersOnly(fetch, { onRefreshFailed })
    await session.start()
    expect(session.getState()).toEqual({ status: "signedOut" })
    expect(onRefreshFailed).not.toHaveBeenCalled()
  })

  it("refreshes once however often it is asked to start", async () => {
    const { calls, fetch } = stubApi({ [REFRESH]: () => Response.json(authResponse("c-1")) })
    const session = customersOnly(fetch)
    await Promise.all([session.start(), session.start(), session.start()])
    expect(count(calls, REFRESH)).toBe(1)
  })
})

describe("refreshing the token", () => {
  it("happens one minute before the token expires, and again for the next token", async () => {
    const { calls, session } = await signedIn({
      [REFRESH]: () => Response.json(authResponse("c-1")),
    })
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1)
    expect(count(calls, REFRESH)).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(count(calls, REFRESH)).toBe(1)
    await vi.advanceTimersByTimeAsync(14 * MINUTE)
    expect(count(calls, REFRESH)).toBe(2)
    expect(session.getState().status).toBe("signedIn")
  })

  it("is a single flight: calls that all find the token expired share one refresh", async () => {
    let issued = 0
    const { calls, session } = await signedIn({
      [REFRESH]: async () => {
        issued += 1
        // Slow enough that every call is waiting on it when it answers.
        await new Promise((resolve) => setTimeout(resolve, 50))
        return Response.json(authResponse("c-1", Date.now() + 15 * MINUTE, issued))
      },
      "/api/Customers/c-1": () => Response.json({}),
    })
    vi.setSystemTime(NOW + 20 * MINUTE) // a sleeping laptop: the timer has not run
    const reads = Promise.all(
      [1, 2, 3, 4].map(() => session.api.customers.byId({ path: { customerId: "c-1" } })),
    )
    await vi.advanceTimersByTimeAsync(50)
    await reads
    expect(count(calls, REFRESH)).toBe(1)
    // Every call went with the one new token, none with the expired one.
    const sent = calls.filter((c) => c.url === "/api/Customers/c-1")
    expect(new Set(sent.map((c) => headersOf(c).authorization))).toEqual(
      new Set([`Bearer ${jwt(NOW + 35 * MINUTE, 1)}`]),
    )
  })

  it("a failed refresh is reported and passed on; the user stays signed in", async () => {
    const onRefreshFailed = vi.fn()
    const { session } = await signedIn(
      { [REFRESH]: () => problem(401, "Your session has ended.") },
      { onRefreshFailed },
    )
    await expect(session.refresh()).rejects.toMatchObject({ status: 401 })
    expect(onRefreshFailed).toHaveBeenCalledOnce()
    // docs/product/errors.md: no automatic sign-out; the timer's failure is caught, not unhandled.
    expect(session.getState().status).toBe("signedIn")
    await vi.advanceTimersByTimeAsync(14 * MINUTE)
    expect(session.getState().status).toBe("signedIn")
  })

  it("a refresh answering after sign-out cannot sign the user back in", async () => {
    let answer: (response: Response) => void = () => {}
    const { session } = await signedIn({
      [REFRESH]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [REVOKE]: () => Response.json({ message: "You have been logged out." }),
    })
    const refreshing = session.refresh().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    const signingOut = session.signOut()
    answer(Response.json(authResponse("c-1")))
    await signingOut
    expect(await refreshing).toBeInstanceOf(Error)
    expect(session.getState()).toEqual({ status: "signedOut" })
  })
})

describe("the token and the XSRF header on calls", () => {
  it("a change carries the bearer token and the XSRF cookie echoed", async () => {
    const { calls, session } = await signedIn({
      "/api/auth/change-password": () => Response.json({}),
    })
    await session.api.auth.changePassword({
      payload: { email: "a@b.co", currentPassword: "x", newPassword: "y", confirmNewPassword: "y" },
    })
    expect(calls.at(-1)?.init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { authorization: `Bearer ${jwt(NOW + 15 * MINUTE)}`, "X-XSRF-TOKEN": "abc123" },
    })
  })

  it("a read (GET) never carries the XSRF header", async () => {
    const { calls, session } = await signedIn({ "/api/Customers/c-1": () => Response.json({}) })
    await session.api.customers.byId({ path: { customerId: "c-1" } })
    expect(headersOf(calls.at(-1))).not.toHaveProperty("X-XSRF-TOKEN")
    expect(headersOf(calls.at(-1)).authorization).toMatch(/^Bearer /)
  })

  it("an API on another origin is never handed the XSRF token", async () => {
    const { calls, fetch } = stubApi({
      "https://api.elsewhere.example/api/auth/authenticate": () =>
        Response.json(authResponse("c-1")),
    })
    const session = customersOnly(fetch, { baseUrl: "https://api.elsewhere.example" })
    await session.api.auth.authenticate({ payload: { email: "a", password: "b" } })
    expect(headersOf(calls.at(-1))).not.toHaveProperty("X-XSRF-TOKEN")
  })

  it("fetches the XSRF cookie with a cheap GET first when the page has none", async () => {
    const page = { cookie: "" }
    vi.stubGlobal("document", page)
    const { calls, fetch } = stubApi({
      "/health/ping": () => {
        page.cookie = "XSRF-TOKEN=fresh"
        return Response.json({})
      },
      [LOGIN]: () => Response.json(authResponse("c-1")),
    })
    const session = customersOnly(fetch, { cookies: () => page.cookie })
    await session.api.auth.authenticate({ payload: { email: "a", password: "b" } })
    expect(calls.map((c) => c.url)).toEqual(["/health/ping", LOGIN])
    expect(headersOf(calls[1])).toMatchObject({ "X-XSRF-TOKEN": "fresh" })
  })
})

describe("an account the app does not admit", () => {
  it("is signed out again at once, its token never sent, and the sign-in fails", async () => {
    const { calls, fetch } = stubApi({
      [LOGIN]: () => Response.json(authResponse(null)),
      [REVOKE]: () => Response.json({ message: "You have been logged out." }),
      "/api/Categories": () => Response.json({ categories: [] }),
    })
    const session = customersOnly(fetch)
    const auth = await session.api.auth.authenticate({ payload: { email: "a", password: "b" } })
    await expect(session.signIn(auth)).rejects.toBeInstanceOf(Refused)
    expect(count(calls, REVOKE)).toBe(1)
    expect(session.getState()).toEqual({ status: "signedOut" })
    await session.api.categories.list()
    expect(headersOf(calls.at(-1)).authorization).toBeUndefined()
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(count(calls, REFRESH)).toBe(0)
  })
})

describe("signing out", () => {
  it("revokes, clears the user and the token, and stops the timer", async () => {
    const { calls, session } = await signedIn({
      [REVOKE]: () => Response.json({ message: "You have been logged out." }),
      "/api/Categories": () => Response.json({ categories: [] }),
    })
    await session.signOut()
    expect(count(calls, REVOKE)).toBe(1)
    expect(session.getState()).toEqual({ status: "signedOut" })
    await session.api.categories.list()
    expect(headersOf(calls.at(-1)).authorization).toBeUndefined()
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(count(calls, REFRESH)).toBe(0)
  })

  it("still signs out here when the server cannot be reached, and says so", async () => {
    const onRevokeFailed = vi.fn()
    const { session } = await signedIn(
      { [REVOKE]: () => Promise.reject(new TypeError("offline")) },
      { onRevokeFailed },
    )
    await session.signOut()
    expect(session.getState()).toEqual({ status: "signedOut" })
    expect(onRevokeFailed).toHaveBeenCalledOnce()
  })

  it("lets work sent under the token answer before the revoke", async () => {
    const order: string[] = []
    const { session } = await signedIn({
      [REVOKE]: () => {
        order.push("revoke")
        return Response.json({ message: "You have been logged out." })
      },
    })
    session.settleBeforeSignOut(async () => {
      order.push("basket load answered")
    })
    await session.signOut()
    expect(order).toEqual(["basket load answered", "revoke"])
  })

  it("a call answered 401 while signed in ends the session here, token and all", async () => {
    const { calls, session } = await signedIn({
      "/api/Customers/c-1": () => problem(401, "Your session has ended."),
    })
    const error = await session.api.customers
      .byId({ path: { customerId: "c-1" } })
      .catch((e: unknown) => e)
    expect(session.sessionLost(error)).toBe(true)
    expect(session.getState()).toEqual({ status: "signedOut" })
    await session.api.customers.byId({ path: { customerId: "c-1" } }).catch(() => {})
    expect(headersOf(calls.at(-1)).authorization).toBeUndefined()
    expect(session.sessionLost(error)).toBe(false)
  })
})

describe("the hint that a session may exist (no refresh call for a stranger)", () => {
  it("a visitor who never signed in here starts signed out without asking the server", async () => {
    stubStorage()
    const { calls, fetch } = stubApi({ [REFRESH]: () => problem(401, "No session.") })
    const session = customersOnly(fetch)
    await session.start()
    expect(session.getState()).toEqual({ status: "signedOut" })
    expect(calls).toEqual([])
  })

  it("after a sign-in the next page load restores the session; after sign-out it asks nothing", async () => {
    const items = stubStorage()
    const { calls, fetch } = stubApi({
      [LOGIN]: () => Response.json(authResponse("c-1")),
      [REFRESH]: () => Response.json(authResponse("c-1")),
      [REVOKE]: () => Response.json({ message: "You have been logged out." }),
    })
    const first = customersOnly(fetch)
    await first.signIn(
      await first.api.auth.authenticate({ payload: { email: "a", password: "b" } }),
    )
    expect(items.get("test-session")).toBe("1")

    const reloaded = customersOnly(fetch)
    await reloaded.start()
    expect(reloaded.getState()).toMatchObject({ status: "signedIn" })
    await reloaded.signOut()

    const afterSignOut = customersOnly(fetch)
    await afterSignOut.start()
    expect(afterSignOut.getState()).toEqual({ status: "signedOut" })
    expect(count(calls, REFRESH)).toBe(1)
  })

  it("a cookie the server refuses clears the hint; an unreachable server keeps it", async () => {
    const items = stubStorage()
    items.set("test-session", "1")
    const offline = (async () => {
      throw new TypeError("Failed to fetch")
    }) as typeof globalThis.fetch
    await customersOnly(offline).start()
    expect(items.has("test-session")).toBe(true)

    const { calls, fetch } = stubApi({ [REFRESH]: () => problem(401, "Session ended.") })
    await customersOnly(fetch).start()
    expect(items.has("test-session")).toBe(false)
    await customersOnly(fetch).start()
    expect(count(calls, REFRESH)).toBe(1)
  })

  it("without storage (blocked by the browser) it refreshes at start as before", async () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError")
      },
      setItem: () => {
        throw new DOMException("blocked", "SecurityError")
      },
      removeItem: () => {},
    })
    const { calls, fetch } = stubApi({ [REFRESH]: () => Response.json(authResponse("c-1")) })
    const session = customersOnly(fetch)
    await session.start()
    expect(session.getState()).toMatchObject({ status: "signedIn" })
    expect(count(calls, REFRESH)).toBe(1)
  })
})
