import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/**
 * The session module against a stubbed fetch and a fake clock: who is
 * logged in, and when the token is refreshed (docs/product/states.md, docs/product/errors.md).
 */

const MINUTE = 60_000
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0)

const jwt = (expMs: number) =>
  [
    "e30",
    Buffer.from(JSON.stringify({ exp: Math.floor(expMs / 1000) })).toString("base64url"),
    "s",
  ].join(".")

const authResponse = (customerId: string | null, expMs = Date.now() + 15 * MINUTE) => ({
  user: {
    firstName: "Ann",
    lastName: "Test",
    emailAddress: "ann@example.com",
    email: "ann@example.com",
    role: customerId ? "Customer" : "Staff",
    customerId,
    emailVerified: false,
  },
  accessToken: jwt(expMs),
})

const problem = (status: number, detail: string) =>
  Response.json(
    { type: "x", title: "Unauthorized", status, detail },
    { status, headers: { "content-type": "application/problem+json" } },
  )

type Handler = (init: RequestInit) => Response | Promise<Response>

const stubApi = (routes: Record<string, Handler>) => {
  const calls: { url: string; init: RequestInit }[] = []
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const handler = routes[url]
    if (!handler) return problem(404, `no route for ${url}`)
    return handler(init)
  })
  return calls
}

const loadSession = async () => {
  vi.resetModules()
  return import("./session")
}

const lastHeaders = (calls: { init: RequestInit }[]) =>
  (calls.at(-1)?.init.headers ?? {}) as Record<string, string>

const posts = (calls: { url: string }[], path: string) => calls.filter((c) => c.url === path).length

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  vi.spyOn(console, "error").mockImplementation(() => {})
  vi.spyOn(console, "warn").mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("at start", () => {
  it("a working refresh cookie logs the customer in", async () => {
    const calls = stubApi({ "/api/auth/refresh-token": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    expect(session.getSession()).toEqual({ status: "starting" })
    await session.startSession()
    expect(session.getSession()).toMatchObject({
      status: "customer",
      user: { firstName: "Ann", customerId: "c-1" },
    })
    expect(calls[0]?.init).toMatchObject({ method: "POST", credentials: "include" })
  })

  it("a failed refresh just means logged out, and is not reported as an error", async () => {
    stubApi({ "/api/auth/refresh-token": () => problem(401, "Your session has ended.") })
    const session = await loadSession()
    await session.startSession()
    expect(session.getSession()).toEqual({ status: "anonymous" })
    expect(console.error).not.toHaveBeenCalled()
  })

  it("refreshes once however often it is asked to start", async () => {
    const calls = stubApi({ "/api/auth/refresh-token": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    await Promise.all([session.startSession(), session.startSession(), session.startSession()])
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })
})

describe("the refresh timer", () => {
  it("refreshes one minute before the token expires, and again for the next token", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
    })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")

    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1)
    expect(posts(calls, "/api/auth/refresh-token")).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)

    await vi.advanceTimersByTimeAsync(14 * MINUTE)
    expect(posts(calls, "/api/auth/refresh-token")).toBe(2)
    expect(session.getSession().status).toBe("customer")
  })

  it("sends the newest token with later calls", async () => {
    let issued = 0
    const tokens: string[] = []
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => {
        issued += 1
        const auth = authResponse("c-1", Date.now() + 15 * MINUTE + issued * 1000)
        tokens.push(auth.accessToken)
        return Response.json(auth)
      },
      "/api/Customers/c-1": () => Response.json({ customer: {} }),
    })
    const session = await loadSession()
    const client = await import("../api/client")
    await session.login("ann@example.com", "Passw0rd!")
    await vi.advanceTimersByTimeAsync(14 * MINUTE)
    await client.api.customers.byId({ path: { customerId: "c-1" } })
    expect(lastHeaders(calls).authorization).toBe(`Bearer ${tokens[0]}`)
  })

  it("a failed refresh is logged and passed on, and nobody is logged out", async () => {
    stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => problem(401, "Your session has ended."),
    })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")
    await expect(session.refreshSession()).rejects.toMatchObject({
      status: 401,
      detail: "Your session has ended.",
    })
    expect(console.error).toHaveBeenCalled()
    expect(session.getSession().status).toBe("customer")

    // The timer's own failure is caught after logging: no unhandled rejection, still logged in.
    await vi.advanceTimersByTimeAsync(14 * MINUTE)
    expect(session.getSession().status).toBe("customer")
  })

  it("a call made after the token has expired (a sleeping laptop) refreshes first", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
    })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")
    vi.setSystemTime(NOW + 20 * MINUTE) // the clock jumps; the timer has not run
    await session.ensureFreshToken()
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
    await session.ensureFreshToken()
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })

  it("two refreshes asked for at once send the cookie once", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
    })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")
    await Promise.all([session.refreshSession(), session.refreshSession()])
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })
})

describe("a login without a customerId", () => {
  it("is logged out again and fails", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse(null)),
      "/api/auth/revoke-token": () => Response.json({ message: "You have been logged out." }),
    })
    const session = await loadSession()
    await expect(session.login("staff@example.com", "Passw0rd!")).rejects.toBeInstanceOf(
      session.NotACustomerError,
    )
    expect(posts(calls, "/api/auth/revoke-token")).toBe(1)
    expect(session.getSession()).toEqual({ status: "anonymous" })
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(posts(calls, "/api/auth/refresh-token")).toBe(0)
  })
})

describe("logout", () => {
  it("revokes, clears the user and token, and stops the timer", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/revoke-token": () => Response.json({ message: "You have been logged out." }),
      "/api/Categories?PageSize=1": () => Response.json({ categories: [] }),
    })
    const session = await loadSession()
    const client = await import("../api/client")
    await session.login("ann@example.com", "Passw0rd!")
    await session.logout()
    expect(posts(calls, "/api/auth/revoke-token")).toBe(1)
    expect(session.getSession()).toEqual({ status: "anonymous" })

    await client.api.categories.list({ urlParams: { PageSize: 1 } })
    expect(lastHeaders(calls).authorization).toBeUndefined()
    await vi.advanceTimersByTimeAsync(60 * MINUTE)
    expect(posts(calls, "/api/auth/refresh-token")).toBe(0)
  })

  it("still logs out here when the server cannot be reached", async () => {
    stubApi({ "/api/auth/authenticate": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch")
    })
    await session.logout()
    expect(session.getSession()).toEqual({ status: "anonymous" })
  })
})

describe("the hint that a session may exist (no refresh call for a stranger)", () => {
  /** The browser's localStorage, kept across "page loads" (module reloads) of one test. */
  const stubStorage = () => {
    const items = new Map<string, string>()
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
    })
    return items
  }

  it("a visitor who never logged in here starts anonymous without asking the server", async () => {
    stubStorage()
    const calls = stubApi({ "/api/auth/refresh-token": () => problem(401, "No session.") })
    const session = await loadSession()
    await session.startSession()
    expect(session.getSession()).toEqual({ status: "anonymous" })
    expect(calls).toEqual([])
  })

  it("after a login, the next page load restores the session; after logout it asks nothing", async () => {
    stubStorage()
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
      "/api/auth/revoke-token": () => Response.json({ message: "You have been logged out." }),
    })
    await (await loadSession()).login("ann@example.com", "Passw0rd!")

    const reloaded = await loadSession()
    await reloaded.startSession()
    expect(reloaded.getSession()).toMatchObject({ status: "customer" })
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
    await reloaded.logout()

    const afterLogout = await loadSession()
    await afterLogout.startSession()
    expect(afterLogout.getSession()).toEqual({ status: "anonymous" })
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })

  it("a cookie the server refuses is not tried again; an unreachable server keeps the hint", async () => {
    const items = stubStorage()
    items.set("howzat-session", "1")
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch")
    })
    await (await loadSession()).startSession()
    expect(items.has("howzat-session")).toBe(true)

    const calls = stubApi({ "/api/auth/refresh-token": () => problem(401, "Session ended.") })
    await (await loadSession()).startSession()
    expect(items.has("howzat-session")).toBe(false)
    await (await loadSession()).startSession()
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
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
    const calls = stubApi({ "/api/auth/refresh-token": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    await session.startSession()
    expect(session.getSession()).toMatchObject({ status: "customer" })
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })
})
