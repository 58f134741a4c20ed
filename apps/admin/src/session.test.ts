import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/**
 * The back office's wiring of the shared session (@howzat/api-client's
 * session.ts holds the behaviour and its tests): only staff sign in here,
 * under the back office's own hint key.
 */

const auth = (role: "Customer" | "Staff") => ({
  user: {
    firstName: "Sam",
    lastName: "Staff",
    emailAddress: "sam@example.com",
    email: "sam@example.com",
    role,
    customerId: role === "Customer" ? "c-1" : null,
    emailVerified: true,
  },
  accessToken: "e30.e30.s",
})

const stubApi = (routes: Record<string, () => Response>) => {
  const calls: string[] = []
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url)
    return routes[url]?.() ?? Response.json({ status: 404 }, { status: 404 })
  })
  return calls
}

const storage = () => {
  const items = new Map<string, string>()
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  return items
}

const loadSession = async () => {
  vi.resetModules()
  return import("./session")
}

beforeEach(() => {
  vi.stubGlobal("document", { cookie: "XSRF-TOKEN=t" })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the back office's session", () => {
  it("signs staff in, under its own hint key", async () => {
    const items = storage()
    stubApi({})
    const session = await loadSession()
    await session.signIn(auth("Staff"))
    expect(session.getSession()).toMatchObject({ status: "signedIn", user: { role: "Staff" } })
    expect([...items.keys()]).toEqual(["howzat-staff-session"])
  })

  it("refuses a customer account and revokes its refresh cookie", async () => {
    storage()
    const calls = stubApi({
      "/api/auth/revoke-token": () => Response.json({ message: "You have been logged out." }),
    })
    const session = await loadSession()
    await expect(session.signIn(auth("Customer"))).rejects.toBeInstanceOf(session.NotStaffError)
    expect(calls).toEqual(["/api/auth/revoke-token"])
    expect(session.getSession()).toEqual({ status: "signedOut" })
  })
})
