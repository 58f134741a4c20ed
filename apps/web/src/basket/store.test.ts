import type { BasketResponseJson } from "@howzat/contracts/baskets"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/**
 * The basket store against a stubbed fetch, a Map for localStorage and an
 * EventTarget for window (the basket flow of docs/product/states.md, the basket load error of
 * docs/product/errors.md).
 */

const basket = (id: string, items: { competitionId: string; quantity: number }[] = []) => ({
  id,
  customerId: null,
  items: items.map((item, i) => ({
    itemType: "CompetitionTickets",
    id: `item-${i}`,
    competitionTicketDetails: {
      competition: { id: item.competitionId, name: `Comp ${item.competitionId}` },
      quantity: item.quantity,
      price: 100,
      customerBoughtToDateTicketQuantity: 0,
    },
    siteCreditDetails: null,
    preDiscountTotal: 100 * item.quantity,
    lineTotal: 100 * item.quantity,
    discounts: [],
  })),
  itemTemplates: [],
  itemTotal: 0,
  discounts: [],
  discountTotal: 0,
  basketTotal: 0,
  appliedPromotionCodes: [],
  charitableDonation: { autoRoundup: false, charity: null, value: 0 },
  siteCreditDebitAmount: 0,
  siteCreditAvailable: 0,
  siteCreditItems: [],
  ticketAllocationExceptions: [],
})

const problem = (status: number, title: string, detail: string) =>
  Response.json(
    { type: "x", title, status, detail },
    { status, headers: { "content-type": "application/problem+json" } },
  )

/**
 * Whatever a test waits for moves here: the store's state, a request to the
 * API, a value written to storage. `until` looks again at each of them.
 */
const watchers = new Set<() => void>()
const somethingMoved = () => {
  for (const look of [...watchers]) look()
}

/** Resolves once `holds()` is true, looked at now and whenever something moves. */
const until = (holds: () => boolean) =>
  new Promise<void>((resolve) => {
    const look = () => {
      if (!holds()) return
      watchers.delete(look)
      resolve()
    }
    watchers.add(look)
    look()
  })

type Handler = (init: RequestInit) => Response | Promise<Response>

const stubApi = (routes: Record<string, Handler>) => {
  const calls: { url: string; method: string; body: unknown }[] = []
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    })
    const handler = routes[`${init.method ?? "GET"} ${url}`]
    const answer = handler ? handler(init) : problem(404, "Not Found", `no route for ${url}`)
    somethingMoved()
    return answer
  })
  return calls
}

let stored: Map<string, string>
let fakeWindow: EventTarget & { location: { href: string } }

beforeEach(() => {
  watchers.clear()
  stored = new Map()
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => {
      stored.set(key, value)
      somethingMoved()
    },
  })
  fakeWindow = Object.assign(new EventTarget(), { location: { href: "http://shop.test/" } })
  vi.stubGlobal("window", fakeWindow)
  vi.spyOn(console, "error").mockImplementation(() => {})
  vi.spyOn(console, "warn").mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const anonymous = { "POST /api/auth/refresh-token": () => problem(401, "Unauthorized", "none") }

const loadStore = async () => {
  vi.resetModules()
  const store = await import("./store")
  store.subscribeBasket(somethingMoved)
  return store
}

const ready = (store: Awaited<ReturnType<typeof loadStore>>) =>
  until(() => store.getBasketState().status === "ready")

describe("at start", () => {
  it("creates a basket when none is kept, and keeps its id in plain text under BasketId", async () => {
    const calls = stubApi({
      ...anonymous,
      "POST /api/Baskets?ForceCreateNew=true": () =>
        Response.json({ basket: basket("b-new") }, { status: 201 }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    expect(store.getBasketState().basket?.id).toBe("b-new")
    expect(stored.get("BasketId")).toBe("b-new")
    expect(calls.filter((c) => c.url.startsWith("/api/Baskets"))).toHaveLength(1)
  })

  it("loads the kept basket", async () => {
    stored.set("BasketId", "b-1")
    stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    expect(store.getBasketState().basket?.id).toBe("b-1")
  })

  it("starts a fresh basket when the kept one cannot be loaded, and logs why", async () => {
    stored.set("BasketId", "b-gone")
    const calls = stubApi({
      ...anonymous,
      "POST /api/Baskets?ForceCreateNew=true": () => Response.json({ basket: basket("b-2") }),
      "POST /api/Logging": () => new Response(null, { status: 204 }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    expect(stored.get("BasketId")).toBe("b-2")
    await until(() => calls.some((c) => c.url === "/api/Logging"))
    expect(calls.find((c) => c.url === "/api/Logging")?.body).toMatchObject({
      event: "basket-error",
      title: "Not Found",
    })
  })

  it("is in error, with nothing created, when the API cannot be reached", async () => {
    stored.set("BasketId", "b-1")
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline")
    })
    const store = await loadStore()
    store.startBasket()
    await until(() => store.getBasketState().status === "error")
    expect(stored.get("BasketId")).toBe("b-1")
  })
})

describe("changes", () => {
  it("take the basket the server answers with, one at a time and in order", async () => {
    stored.set("BasketId", "b-1")
    const answers: ((r: Response) => void)[] = []
    const calls = stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "PUT /api/Baskets/b-1/items/item-0": () => new Promise((resolve) => answers.push(resolve)),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    const { setBasketItemQuantity } = await import("../api/baskets")
    const first = store.changeBasket((id) => setBasketItemQuantity(id, "item-0", 2))
    const second = store.changeBasket((id) => setBasketItemQuantity(id, "item-0", 3))
    await until(() => answers.length === 1)
    // A turn of the event loop: whatever the two changes set off without waiting has run.
    await new Promise((resolve) => setImmediate(resolve))
    expect(answers).toHaveLength(1)
    expect(store.getBasketState().busy).toBe(true)
    answers[0]?.(Response.json({ basket: basket("b-1", [{ competitionId: "c", quantity: 2 }]) }))
    await first
    await until(() => answers.length === 2)
    answers[1]?.(Response.json({ basket: basket("b-1", [{ competitionId: "c", quantity: 3 }]) }))
    await second
    expect(
      calls
        .filter((c) => c.method === "PUT")
        .map((c) => (c.body as { ticketQuantity: number }).ticketQuantity),
    ).toEqual([2, 3])
    expect(store.getBasketState()).toMatchObject({ busy: false })
    expect(store.getBasketState().basket?.items[0]?.competitionTicketDetails?.quantity).toBe(3)
    // Other tabs hear of it.
    expect(stored.get("BasketChanged")).toMatch(/^b-1:/)
  })

  it("never let a load that began before a change put the older basket back", async () => {
    stored.set("BasketId", "b-1")
    let loads = 0
    let answerLoad: (r: Response) => void = () => {}
    stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () =>
        ++loads === 1
          ? Response.json({ basket: basket("b-1") })
          : new Promise<Response>((resolve) => (answerLoad = resolve)),
      "PUT /api/Baskets/b-1/items/item-0": () =>
        Response.json({ basket: basket("b-1", [{ competitionId: "c", quantity: 3 }]) }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    const { setBasketItemQuantity } = await import("../api/baskets")
    // A refused voucher reloads the basket; the customer's next choice lands first.
    const reloaded = store.reloadBasket()
    await until(() => loads === 2)
    await store.changeBasket((id) => setBasketItemQuantity(id, "item-0", 3))
    answerLoad(Response.json({ basket: basket("b-1") }))
    await reloaded
    expect(store.getBasketState().basket?.items[0]?.competitionTicketDetails?.quantity).toBe(3)
  })

  it("pass a refusal on to the caller, keep the basket as it was and carry on with the next", async () => {
    stored.set("BasketId", "b-1")
    const calls = stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "POST /api/Baskets/b-1/items": (init) =>
        JSON.parse(String(init.body)).ticketQuantity > 5
          ? problem(409, "Conflict", "You may hold at most 5 tickets in this competition.")
          : Response.json({ basket: basket("b-1", [{ competitionId: "c", quantity: 1 }]) }),
      "POST /api/Logging": () => new Response(null, { status: 204 }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    const { addBasketItem } = await import("../api/baskets")
    const refused = store.changeBasket((id) => addBasketItem(id, "c", 9))
    await expect(refused).rejects.toMatchObject({
      status: 409,
      detail: "You may hold at most 5 tickets in this competition.",
    })
    expect(store.getBasketState().basket?.items).toHaveLength(0)
    await store.changeBasket((id) => addBasketItem(id, "c", 1))
    expect(store.getBasketState().basket?.items).toHaveLength(1)
    expect(calls.filter((c) => c.url === "/api/Logging")).toHaveLength(1)
  })
})

describe("a basket checked out elsewhere", () => {
  const checkedOut = () =>
    Response.json(
      {
        type: "https://howzat.example/problems/basket-checked-out",
        title: "Basket checked out",
        status: 409,
        detail: "This basket has been checked out and belongs to its order. Start a new basket.",
      },
      { status: 409, headers: { "content-type": "application/problem+json" } },
    )

  it("puts an added ticket into a new basket, and shows the new basket for other changes", async () => {
    stored.set("BasketId", "b-1")
    let created = 0
    const calls = stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () =>
        Response.json({ basket: basket("b-1", [{ competitionId: "c", quantity: 2 }]) }),
      "POST /api/Baskets/b-1/items": checkedOut,
      "PUT /api/Baskets/b-2/items/item-0": checkedOut,
      "POST /api/Baskets?ForceCreateNew=true": () =>
        Response.json({ basket: basket(`b-${++created + 1}`) }, { status: 201 }),
      "POST /api/Baskets/b-2/items": () =>
        Response.json({ basket: basket("b-2", [{ competitionId: "d", quantity: 1 }]) }),
      "POST /api/Logging": () => new Response(null, { status: 204 }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    const { addBasketItem, setBasketItemQuantity } = await import("../api/baskets")

    const added = await store.changeBasket((id) => addBasketItem(id, "d", 1), { replay: true })
    expect(added.id).toBe("b-2")
    expect(added.items.map((i) => i.competitionTicketDetails?.competition.id)).toEqual(["d"])
    expect(stored.get("BasketId")).toBe("b-2")
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/Baskets/b-2/items")

    // Another tab checks b-2 out; a quantity change on this tab's old lines has nothing to replay.
    calls.length = 0
    const shown = await store.changeBasket((id) => setBasketItemQuantity(id, "item-0", 3))
    expect(shown.id).toBe("b-3")
    expect(shown.items).toEqual([])
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1)
  })
})

describe("other tabs", () => {
  it("reload when another tab changes the basket or starts a new one", async () => {
    stored.set("BasketId", "b-1")
    stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "GET /api/Baskets/b-9": () =>
        Response.json({ basket: basket("b-9", [{ competitionId: "c", quantity: 4 }]) }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    stored.set("BasketId", "b-9")
    fakeWindow.dispatchEvent(Object.assign(new Event("storage"), { key: "BasketId" }))
    await until(() => store.getBasketState().basket?.id === "b-9")
  })
})

describe("the session", () => {
  const auth = {
    user: {
      firstName: "Ann",
      lastName: "Test",
      emailAddress: "ann@example.com",
      email: "ann@example.com",
      role: "Customer",
      customerId: "cust-1",
      emailVerified: true,
    },
    accessToken: "e30.e30.s",
  }

  it("a login reprices the same basket; a logout starts a new one", async () => {
    stored.set("BasketId", "b-1")
    const calls = stubApi({
      ...anonymous,
      "POST /api/auth/authenticate": () => Response.json(auth),
      "POST /api/auth/revoke-token": () => new Response(null, { status: 204 }),
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "POST /api/Baskets?BasketId=b-1": () => Response.json({ basket: basket("b-1") }),
      "POST /api/Baskets?ForceCreateNew=true": () => Response.json({ basket: basket("b-2") }),
    })
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await ready(store)
    await session.login("ann@example.com", "Passw0rd!")
    // Signed in, the basket is asked for as the customer's, bringing this browser's along.
    await until(() => calls.some((c) => c.url === "/api/Baskets?BasketId=b-1"))
    await session.logout()
    await until(() => store.getBasketState().basket?.id === "b-2")
    expect(stored.get("BasketId")).toBe("b-2")
    expect(stored.get("BasketOwner")).toBe("")
  })

  it("a logout while the customer's basket loads ends the session only once it has answered", async () => {
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "cust-1")
    let answer: (response: Response) => void = () => {}
    const calls = stubApi({
      "POST /api/auth/refresh-token": () => Response.json(auth),
      "POST /api/auth/revoke-token": () => new Response(null, { status: 204 }),
      "POST /api/Baskets?BasketId=b-1": () =>
        new Promise<Response>((resolve) => (answer = resolve)),
      "POST /api/Baskets?ForceCreateNew=true": () => Response.json({ basket: basket("b-2") }),
    })
    stored.set("howzat-session", "1")
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await until(() => calls.some((c) => c.url === "/api/Baskets?BasketId=b-1"))
    const loggedOut = session.logout()
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The server would refuse the load as a stranger's once the session is revoked.
    expect(calls.map((c) => c.url)).not.toContain("/api/auth/revoke-token")
    answer(Response.json({ basket: basket("b-1") }))
    await loggedOut
    expect(calls.map((c) => c.url)).toContain("/api/auth/revoke-token")
    await until(() => store.getBasketState().basket?.id === "b-2")
  })

  it("remembers whose the basket is, and never asks for a customer's basket signed out", async () => {
    // Left by a customer whose session has since ended (logged out in another tab, or lapsed).
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "cust-1")
    const calls = stubApi({
      ...anonymous,
      "POST /api/Baskets?ForceCreateNew=true": () => Response.json({ basket: basket("b-2") }),
    })
    const store = await loadStore()
    store.startBasket()
    await until(() => store.getBasketState().basket?.id === "b-2")
    // The server would refuse it (404): not asked, so nothing is logged as a failure.
    expect(calls.map((c) => c.url)).not.toContain("/api/Baskets/b-1")
    expect([stored.get("BasketId"), stored.get("BasketOwner")]).toEqual(["b-2", ""])
  })

  it("a visitor's basket is loaded after login and becomes the customer's", async () => {
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "")
    stubApi({
      ...anonymous,
      "POST /api/auth/authenticate": () => Response.json(auth),
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "POST /api/Baskets?BasketId=b-1": () => Response.json({ basket: basket("b-1") }),
    })
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await ready(store)
    await session.login("ann@example.com", "Passw0rd!")
    await until(() => stored.get("BasketOwner") === "cust-1")
    expect(stored.get("BasketId")).toBe("b-1")
  })

  it("signed in, shows the basket that follows the customer, and tells other tabs", async () => {
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "")
    stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () => Response.json({ basket: basket("b-1") }),
      "POST /api/auth/authenticate": () => Response.json(auth),
      // Filled on another device: the server answers that basket, with this one's lines in it.
      "POST /api/Baskets?BasketId=b-1": () =>
        Response.json({ basket: basket("b-9", [{ competitionId: "car", quantity: 5 }]) }),
    })
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await ready(store)
    await session.login("ann@example.com", "Passw0rd!")
    await until(() => store.getBasketState().basket?.id === "b-9")
    expect(store.getBasketState().basket?.items).toHaveLength(1)
    expect([stored.get("BasketId"), stored.get("BasketOwner")]).toEqual(["b-9", "cust-1"])
    expect(stored.get("BasketChanged")).toMatch(/^b-9:/)
  })

  it("marks a visitor's basket the customer's at login, even if the signed-in load never answers", async () => {
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "")
    let loads = 0
    stubApi({
      ...anonymous,
      "POST /api/auth/authenticate": () => Response.json(auth),
      // The first load (as a visitor) answers; the signed-in one is cut off by a navigation.
      "GET /api/Baskets/b-1": () => {
        loads += 1
        return Response.json({ basket: basket("b-1") })
      },
      "POST /api/Baskets?BasketId=b-1": () => {
        loads += 1
        return new Promise<Response>(() => {})
      },
    })
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await ready(store)
    await session.login("ann@example.com", "Passw0rd!")
    await until(() => loads === 2)
    expect(stored.get("BasketOwner")).toBe("cust-1")
  })

  it("leaves another customer's kept basket to be replaced, not claimed, at login", async () => {
    stored.set("BasketId", "b-1")
    stored.set("BasketOwner", "cust-2")
    const calls = stubApi({
      ...anonymous,
      "POST /api/auth/authenticate": () => Response.json(auth),
      "POST /api/Baskets?ForceCreateNew=true": () => Response.json({ basket: basket("b-2") }),
      "POST /api/Baskets?BasketId=b-2": () => Response.json({ basket: basket("b-3") }),
    })
    const store = await loadStore()
    const session = await import("../auth/session")
    store.startBasket()
    await ready(store)
    await session.login("ann@example.com", "Passw0rd!")
    await until(() => stored.get("BasketOwner") === "cust-1")
    // Ann's own basket is asked for, with the new basket this browser started, not the other's.
    await until(() => store.getBasketState().basket?.id === "b-3")
    expect(calls.map((c) => c.url)).not.toContain("/api/Baskets/b-1")
    expect(calls.map((c) => c.url)).not.toContain("/api/Baskets?BasketId=b-1")
  })
})

describe("marketing events (decision 0040)", () => {
  afterEach(() => {
    vi.doUnmock("../tracking/index")
  })

  it("reports tickets added and removed through the tracking port, and nothing for other changes", async () => {
    const events: string[] = []
    const record = (what: string) => (e: { competitionId: string; quantity: number }) =>
      events.push(`${what} ${e.competitionId} ${e.quantity}`)
    vi.doMock("../tracking/index", () => ({
      marketingEvents: {
        basketItemAdded: record("added"),
        basketItemRemoved: record("removed"),
        checkoutStarted: () => events.push("checkout"),
        orderPlaced: () => events.push("placed"),
        orderPaid: () => events.push("paid"),
      },
    }))
    stored.set("BasketId", "b-1")
    stubApi({
      ...anonymous,
      "GET /api/Baskets/b-1": () =>
        Response.json({ basket: basket("b-1", [{ competitionId: "a", quantity: 1 }]) }),
    })
    const store = await loadStore()
    store.startBasket()
    await ready(store)
    expect(events).toEqual([])
    const answer = (items: { competitionId: string; quantity: number }[]) => async () =>
      ({ basket: basket("b-1", items) }) as unknown as BasketResponseJson
    await store.changeBasket(answer([{ competitionId: "a", quantity: 3 }]))
    await store.changeBasket(answer([{ competitionId: "a", quantity: 3 }]))
    await store.changeBasket(answer([]))
    expect(events).toEqual(["added a 2", "removed a 3"])
  })
})
