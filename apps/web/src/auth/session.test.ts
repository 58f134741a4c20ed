import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/**
 * The storefront's wiring of the shared session (@howzat/api-client's
 * session.ts holds the behaviour and its tests): only customers log in, its
 * hint key, failures logged (docs/product/states.md, docs/product/errors.md).
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

describe("the storefront's session", () => {
  it("a working refresh cookie logs the customer in at start", async () => {
    const calls = stubApi({ "/api/auth/refresh-token": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    expect(session.getSession()).toEqual({ status: "starting" })
    await session.startSession()
    expect(session.getSession()).toMatchObject({
      status: "signedIn",
      user: { firstName: "Ann", customerId: "c-1" },
    })
    expect(calls[0]?.init).toMatchObject({ method: "POST", credentials: "include" })
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
    expect(session.getSession().status).toBe("signedIn")
  })

  it("a call made after the token has expired (a sleeping laptop) refreshes first", async () => {
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
      "/api/Customers/c-1": () => Response.json({ customer: {} }),
    })
    const session = await loadSession()
    const client = await import("../api/client")
    await session.login("ann@example.com", "Passw0rd!")
    vi.setSystemTime(NOW + 20 * MINUTE) // the clock jumps; the timer has not run
    await client.api.customers.byId({ path: { customerId: "c-1" } })
    expect(calls.map((c) => c.url).slice(-2)).toEqual([
      "/api/auth/refresh-token",
      "/api/Customers/c-1",
    ])
    expect(lastHeaders(calls).authorization).toMatch(/^Bearer /)
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
    expect(session.getSession()).toEqual({ status: "signedOut" })
  })
})

describe("logout", () => {
  it("still logs out here when the server cannot be reached, and warns", async () => {
    stubApi({ "/api/auth/authenticate": () => Response.json(authResponse("c-1")) })
    const session = await loadSession()
    await session.login("ann@example.com", "Passw0rd!")
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch")
    })
    await session.logout()
    expect(session.getSession()).toEqual({ status: "signedOut" })
    expect(console.warn).toHaveBeenCalled()
  })
})

describe("the hint that a session may exist", () => {
  it("is the storefront's own key, kept across page loads", async () => {
    const items = new Map<string, string>()
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
    })
    const calls = stubApi({
      "/api/auth/authenticate": () => Response.json(authResponse("c-1")),
      "/api/auth/refresh-token": () => Response.json(authResponse("c-1")),
    })
    await (await loadSession()).login("ann@example.com", "Passw0rd!")
    expect([...items.keys()]).toEqual(["howzat-session"])

    const reloaded = await loadSession()
    await reloaded.startSession()
    expect(reloaded.getSession()).toMatchObject({ status: "signedIn" })
    expect(posts(calls, "/api/auth/refresh-token")).toBe(1)
  })
})
