import type {
  OpenCompetitionsHeldResponseJson,
  TicketsHeldResponseJson,
} from "@howzat/contracts/orders"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  CARDS,
  checkout,
  competitionOnSale,
  newBasket,
  payByCard,
  payForOrder,
  placeOrder,
} from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * GET /api/Customers/{customerId}/competitions/{competitionId}/tickets-held:
 * the count the per-person maximum is checked against, for the signed-in
 * customer's ticket selector (decision 0016), through the real composition.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const signedIn = async () => {
  const browser = await new Browser(shop.app).open()
  const { user } = await register(browser)
  return { browser, customerId: user.customerId as string }
}

const heldPath = (customerId: string, competitionId: string) =>
  `/api/Customers/${customerId}/competitions/${competitionId}/tickets-held`

const ticketsHeld = async (browser: Browser, customerId: string, competitionId: string) =>
  (await json<TicketsHeldResponseJson>(await browser.get(heldPath(customerId, competitionId))))
    .ticketsHeld

describe("the tickets a customer holds in a competition", () => {
  it("counts unpaid and paid orders as allocation does, not the basket", async () => {
    const { browser, customerId } = await signedIn()
    const competitionId = await competitionOnSale(shop, { maxTicketsPerCustomer: 50 })
    const elsewhere = await competitionOnSale(shop)
    expect(await ticketsHeld(browser, customerId, competitionId)).toBe(0)

    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    expect(await ticketsHeld(browser, customerId, competitionId)).toBe(0)

    // An unpaid order already holds its tickets: the maximum counts them.
    const { order } = await checkout(browser, basket.id)
    expect(await ticketsHeld(browser, customerId, competitionId)).toBe(2)
    const answer = await json<TicketsHeldResponseJson>(
      await browser.get(heldPath(customerId, competitionId)),
    )
    expect(answer).toEqual({ competitionId, ticketsHeld: 2 })

    const started = await json<{ order: { payments: { token: string | null }[] } }>(
      await browser.post(`/api/Orders/${order.id}/payments`),
    )
    await payByCard(browser, started.order.payments[0]?.token as string, CARDS.succeeds)
    await json(await browser.post(`/api/Orders/${order.id}/complete-order`))
    expect(await ticketsHeld(browser, customerId, competitionId)).toBe(2)
    expect(await ticketsHeld(browser, customerId, elsewhere)).toBe(0)

    // The next basket may take what is left of the 50, and no more.
    const next = await newBasket(browser)
    await problem(
      await browser.post(`/api/Baskets/${next.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 49,
      }),
      409,
    )
    await addItem(browser, next.id, competitionId, 48)
  })

  it("is the customer's own: 404 for another customer, 401 without a session", async () => {
    const { browser: ann, customerId: annId } = await signedIn()
    const { browser: bob } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    const basket = await newBasket(ann)
    await addItem(ann, basket.id, competitionId, 1)
    await checkout(ann, basket.id)

    const refused = await problem(await bob.get(heldPath(annId, competitionId)), 404)
    expect(JSON.stringify(refused)).not.toContain('"ticketsHeld"')
    const anonymous = await new Browser(shop.app).open()
    await problem(await anonymous.get(heldPath(annId, competitionId)), 401)
    expect(await ticketsHeld(ann, annId, competitionId)).toBe(1)
  })

  it("answers malformed ids with 400 and is never cached", async () => {
    const { browser, customerId } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    await problem(await browser.get(heldPath(customerId, "not-a-uuid")), 400)
    await problem(await browser.get(heldPath("1", competitionId)), 400)
    const response = await browser.get(heldPath(customerId, competitionId))
    expect(response.headers.get("cache-control")).toBe("no-store")
  })
})

/**
 * GET /api/Customers/{customerId}/open-competitions: the open competitions
 * the customer owns tickets in, so a tile invites them (and no one else) to
 * purchase more.
 */
describe("the open competitions a customer holds tickets in", () => {
  const openPath = (customerId: string) => `/api/Customers/${customerId}/open-competitions`
  const openHeld = async (browser: Browser, customerId: string) =>
    (await json<OpenCompetitionsHeldResponseJson>(await browser.get(openPath(customerId))))
      .competitionIds

  it("names those with paid tickets, not those merely in a basket or awaiting payment", async () => {
    const { browser, customerId } = await signedIn()
    const paid = await competitionOnSale(shop)
    const unpaid = await competitionOnSale(shop)
    const inBasket = await competitionOnSale(shop)
    expect(await openHeld(browser, customerId)).toEqual([])

    await payForOrder(browser, (await placeOrder(browser, paid, 2)).id)
    await placeOrder(browser, unpaid, 1)
    await addItem(browser, (await newBasket(browser)).id, inBasket, 1)
    expect(await openHeld(browser, customerId)).toEqual([paid])

    // Closed, it is no longer one to buy more in.
    await shop.db
      .updateTable("competitions")
      .set({ closeDateTimeUtc: new Date(Date.now() - 1000) })
      .where("id", "=", paid)
      .execute()
    expect(await openHeld(browser, customerId)).toEqual([])
  })

  it("is the customer's own: 404 for another customer, 401 without a session, never cached", async () => {
    const { browser: ann, customerId: annId } = await signedIn()
    const { browser: bob } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    await payForOrder(ann, (await placeOrder(ann, competitionId, 1)).id)

    const refused = await problem(await bob.get(openPath(annId)), 404)
    expect(JSON.stringify(refused)).not.toContain(competitionId)
    const anonymous = await new Browser(shop.app).open()
    await problem(await anonymous.get(openPath(annId)), 401)
    await problem(await ann.get(openPath("1")), 400)
    const response = await ann.get(openPath(annId))
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(await openHeld(ann, annId)).toEqual([competitionId])
  })
})
