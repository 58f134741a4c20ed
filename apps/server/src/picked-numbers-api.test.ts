import type { BasketResponseJson } from "@howzat/contracts/baskets"
import type { OrderResponseJson } from "@howzat/contracts/orders"
import type { BasketPicksResponseJson, FreeNumbersJson } from "@howzat/contracts/picked-numbers"
import { PICK_REFUSED_PROBLEM, PICKED_NUMBERS_TAKEN_PROBLEM } from "@howzat/contracts/problem-types"
import { pence, pickMessages } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json } from "./test-support/browser"
import { checkout, competitionOnSale, payForOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * Pick your numbers through the HTTP API (docs/decisions/0080), and the
 * attacks on it: two baskets after one number, picking where instant-win
 * numbers are public, and passing the per-person maximum with holds.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const pickable = async (
  overrides: Parameters<typeof competitionOnSale>[1] = {},
  pickYourNumbers = true,
) => {
  const competitionId = await competitionOnSale(shop, {
    totalTickets: 50,
    maxTicketsPerCustomer: 5,
    ticketPrice: pence(100),
    ...overrides,
  })
  await shop.db
    .updateTable("competitions")
    .set({ pickYourNumbers })
    .where("id", "=", competitionId)
    .execute()
  return competitionId
}

const customer = async (firstName: string) => {
  const browser = await new Browser(shop.app).open()
  await register(browser, { firstName, lastName: "Picker" })
  return browser
}

const newBasket = async (browser: Browser) =>
  (await json<BasketResponseJson>(await browser.post("/api/Baskets?ForceCreateNew=true"), 201))
    .basket.id

const hold = (browser: Browser, basketId: string, competitionId: string, numbers: number[]) =>
  browser.post(`/api/Baskets/${basketId}/PickedNumbers`, { competitionId, numbers })

const problem = async (response: Response) => {
  expect(response.headers.get("content-type")).toContain("application/problem+json")
  return (await response.json()) as { type: string; status: number; detail: string }
}

describe("pick your numbers", () => {
  it("holds picked numbers for the basket and sells exactly them", async () => {
    const competitionId = await pickable()
    const ann = await customer("Ann")
    const basketId = await newBasket(ann)

    const held = await hold(ann, basketId, competitionId, [7, 42])
    expect(held.status).toBe(200)
    const picks = ((await held.json()) as BasketPicksResponseJson).picks
    expect(picks.numbers).toEqual([7, 42])
    expect(new Date(picks.heldUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000)

    // The basket's item counts them; the free list leaves them out.
    const basket = await json<BasketResponseJson>(await ann.get(`/api/Baskets/${basketId}`))
    expect(basket.basket.items.map((i) => i.competitionTicketDetails?.quantity)).toEqual([2])
    const free = await json<FreeNumbersJson>(
      await ann.get(`/api/Competitions/${competitionId}/FreeNumbers?From=40&PageSize=5`),
    )
    expect(free.numbers).toEqual([40, 41, 43, 44, 45])
    expect(free.holdMinutes).toBe(10)

    const placed = await checkout(ann, basketId)
    await payForOrder(ann, placed.order.id)
    const paid = await json<OrderResponseJson>(await ann.get(`/api/Orders/${placed.order.id}`))
    expect(paid.order.ticketItems.map((line) => line.ticketNumbers)).toEqual(["7,42"])
  })

  it("never lets two baskets hold the same number", async () => {
    const competitionId = await pickable()
    const ann = await customer("Ann")
    const bob = await customer("Bob")
    const annBasket = await newBasket(ann)
    const bobBasket = await newBasket(bob)

    const [first, second] = await Promise.all([
      hold(ann, annBasket, competitionId, [13]),
      hold(bob, bobBasket, competitionId, [13]),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const refused = first.status === 409 ? first : second
    expect(await problem(refused)).toMatchObject({
      type: PICK_REFUSED_PROBLEM,
      detail: pickMessages.taken([13]),
    })
    // Nor can a number another basket holds be bought by picking it later.
    const loser = first.status === 409 ? { b: ann, id: annBasket } : { b: bob, id: bobBasket }
    expect((await hold(loser.b, loser.id, competitionId, [13, 14])).status).toBe(409)
    const basket = await json<BasketResponseJson>(await loser.b.get(`/api/Baskets/${loser.id}`))
    expect(basket.basket.items).toEqual([])
  })

  it("refuses picks on a competition with instant wins, even with the switch on", async () => {
    const competitionId = await pickable({
      instantWinGroups: [{ name: "£5 credit", imageUrls: [], ticketNumbers: [3, 4] }],
    })
    const ann = await customer("Ann")
    const basketId = await newBasket(ann)

    const refused = await hold(ann, basketId, competitionId, [3])
    expect(refused.status).toBe(409)
    expect((await problem(refused)).detail).toBe(pickMessages.instantWins)
    const listed = await ann.get(`/api/Competitions/${competitionId}/FreeNumbers`)
    expect(listed.status).toBe(409)
    expect((await problem(listed)).detail).toBe(pickMessages.instantWins)
  })

  it("refuses a competition without picks, numbers out of range and visitors", async () => {
    const luckyDipOnly = await pickable({}, false)
    const competitionId = await pickable()
    const ann = await customer("Ann")
    const basketId = await newBasket(ann)

    const notPickable = await hold(ann, basketId, luckyDipOnly, [1])
    expect(notPickable.status).toBe(409)
    expect((await problem(notPickable)).detail).toBe(pickMessages.notPickYourNumbers)
    const outside = await hold(ann, basketId, competitionId, [0, 51])
    expect(outside.status).toBe(400)
    expect((await problem(outside)).detail).toBe(pickMessages.outOfRange([0, 51], 50))
    const notWhole = await hold(ann, basketId, competitionId, [1.5] as number[])
    expect(notWhole.status).toBe(400)

    const visitor = await new Browser(shop.app).open()
    const visitorBasket = await newBasket(visitor)
    const anonymous = await hold(visitor, visitorBasket, competitionId, [1])
    expect(anonymous.status).toBe(401)
    expect((await problem(anonymous)).detail).toBe(pickMessages.signInRequired)
    // Someone else's basket is not there for them.
    expect((await hold(await customer("Eve"), basketId, competitionId, [1])).status).toBe(404)
  })

  it("counts held numbers in every basket towards the maximum", async () => {
    const competitionId = await pickable({ maxTicketsPerCustomer: 5 })
    const ann = await customer("Ann")
    const first = await newBasket(ann)
    const second = await newBasket(ann)

    expect((await hold(ann, first, competitionId, [1, 2, 3, 4])).status).toBe(200)
    const over = await hold(ann, second, competitionId, [5, 6])
    expect(over.status).toBe(409)
    expect((await problem(over)).detail).toBe(pickMessages.overMaximum(5, 6))
    // Lucky Dip in another basket is held to the same count.
    const luckyDip = await ann.post(`/api/Baskets/${second}/items`, {
      competitionID: competitionId,
      ticketQuantity: 2,
    })
    expect(luckyDip.status).toBe(409)
    expect((await hold(ann, second, competitionId, [5])).status).toBe(200)

    // Letting a number go makes room again.
    const released = await ann.post(`/api/Baskets/${first}/PickedNumbers/Release`, {
      competitionId,
      numbers: [4],
    })
    expect(((await released.json()) as BasketPicksResponseJson).picks.numbers).toEqual([1, 2, 3])
    expect((await hold(ann, second, competitionId, [6])).status).toBe(200)
  })

  it("tells the customer which pick was lost when its hold ran out, allocating nothing", async () => {
    const competitionId = await pickable()
    const ann = await customer("Ann")
    const bob = await customer("Bob")
    const annBasket = await newBasket(ann)
    expect((await hold(ann, annBasket, competitionId, [20, 21])).status).toBe(200)
    // Ann's hold runs out (as ten minutes would), and Bob picks 21.
    await shop.db
      .updateTable("tickets")
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", "in", [20, 21])
      .execute()
    await shop.db
      .updateTable("ticketHolds")
      .set({ heldAt: new Date(Date.now() - 11 * 60_000), expiresAt: new Date(Date.now() - 1000) })
      .where("basketId", "=", annBasket)
      .execute()
    expect((await hold(bob, await newBasket(bob), competitionId, [21])).status).toBe(200)

    const refused = await ann.post(`/api/Baskets/${annBasket}/checkout`, {})
    expect(refused.status).toBe(409)
    const body = await problem(refused)
    expect(body.type).toBe(PICKED_NUMBERS_TAKEN_PROBLEM)
    expect(body.detail).toContain("Number 21")
    const sold = await shop.db
      .selectFrom("tickets")
      .select("ticketNumber")
      .where("competitionId", "=", competitionId)
      .where("orderId", "is not", null)
      .execute()
    expect(sold).toEqual([])
  })
})
