import {
  type CompetitionJson,
  CompetitionResponse,
  type CompetitionResponseJson,
} from "@howzat/contracts/catalogue"
import type { DrawProofResponseJson } from "@howzat/contracts/draws"
import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * "Sold out early" (docs/decisions/0081) through the real composition: staff
 * bring a sold-out competition's draw forward with a day's notice, and an
 * automatic competition set to draw as soon as it sells out is drawn by the
 * job once its last ticket is paid, not before.
 */
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

let shop: Shop
let anonymous: Browser
let ann: Browser
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  ann = await new Browser(shop.app).open()
  await register(ann, { firstName: "Ann", lastName: "Early" })
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

/** Staff's read: the public one may be a few seconds old (decision 0047). */
const read = async (competitionId: string, by: Browser = staff): Promise<CompetitionJson> =>
  (await json<CompetitionResponseJson>(await by.get(`/api/Competitions/${competitionId}`)))
    .competition

const bringForward = (browser: Browser, competitionId: string, drawDateTimeUtc: Date | string) =>
  browser.post(`/api/Competitions/${competitionId}/bring-draw-forward`, {
    drawDateTimeUtc:
      typeof drawDateTimeUtc === "string" ? drawDateTimeUtc : drawDateTimeUtc.toISOString(),
  })

const buyAndPay = async (competitionId: string, quantity: number) =>
  payForOrder(ann, (await placeOrder(ann, competitionId, quantity)).id)

const outcomeOf = async (competitionId: string) =>
  (await json<DrawProofResponseJson>(await anonymous.get(`/api/Draws/proof/${competitionId}`)))
    .proof.outcome

describe("bringing a sold-out competition's draw forward", () => {
  it("is refused to a customer and to nobody, and moves nothing", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live", totalTickets: 2 })
    await buyAndPay(competitionId, 2)
    const before = await read(competitionId)
    await problem(await bringForward(anonymous, competitionId, new Date(Date.now() + 2 * DAY)), 401)
    await problem(await bringForward(ann, competitionId, new Date(Date.now() + 2 * DAY)), 403)
    expect(await read(competitionId)).toMatchObject({
      drawDateTimeUtc: before.drawDateTimeUtc,
      closeDateTimeUtc: before.closeDateTimeUtc,
      drawBroughtForward: null,
    })
  })

  it("is refused while tickets are left, or held by an unpaid order (409)", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live", totalTickets: 2 })
    const notSoldOut = await problem(
      await bringForward(staff, competitionId, new Date(Date.now() + 2 * DAY)),
      409,
    )
    expect(notSoldOut.detail).toContain("0 of 2 tickets are sold")
    const order = await placeOrder(ann, competitionId, 2)
    const unpaid = await problem(
      await bringForward(staff, competitionId, new Date(Date.now() + 2 * DAY)),
      409,
    )
    expect(unpaid.detail).toContain("1 order still awaits payment")
    await payForOrder(ann, order.id)
  })

  it("refuses less than a day's notice or a later time with the field's problem", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live", totalTickets: 2 })
    await buyAndPay(competitionId, 2)
    const tooSoon = await problem(
      await bringForward(staff, competitionId, new Date(Date.now() + HOUR)),
      400,
    )
    expect(tooSoon.errors).toEqual({
      drawDateTimeUtc: [expect.stringContaining("at least 24 hours from now")],
    })
    const later = await problem(
      await bringForward(staff, competitionId, new Date(Date.now() + 30 * DAY)),
      400,
    )
    expect(later.errors?.drawDateTimeUtc).toEqual([
      expect.stringContaining("earlier than the one published"),
    ])
    await problem(await bringForward(staff, competitionId, "tomorrow"), 400)
  })

  it("moves the draw and the close, and the competition page says it was brought forward", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live", totalTickets: 2 })
    await buyAndPay(competitionId, 2)
    const published = (await read(competitionId)).drawDateTimeUtc
    const asked = new Date(Math.ceil((Date.now() + DAY + HOUR) / 1000) * 1000)
    const response = await bringForward(staff, competitionId, asked)
    const answered = await json<CompetitionResponseJson>(response)
    // What is answered is what the OpenAPI document says it is.
    expect(() => Schema.decodeUnknownSync(CompetitionResponse)(answered)).not.toThrow()
    const moved = answered.competition
    expect(moved.drawDateTimeUtc).toBe(asked.toISOString())
    expect(Date.parse(moved.closeDateTimeUtc)).toBeLessThanOrEqual(Date.now())
    expect(moved.drawBroughtForward).toEqual({ from: published, at: moved.closeDateTimeUtc })
    expect(await read(competitionId)).toMatchObject({
      drawDateTimeUtc: asked.toISOString(),
      drawBroughtForward: { from: published },
      status: 3,
    })
    // Staff may not draw before the new, announced time.
    await problem(await staff.post(`/api/Draws/draw-competition-winner/${competitionId}`), 409)
  })
})

describe("an automatic competition drawn as soon as it sells out", () => {
  const pass = () => Effect.runPromise(shop.passes.drawDue)

  it("is drawn by the job after its last ticket's payment, not before, and once", async () => {
    const created = await json<CompetitionResponseJson>(
      await staff.post("/api/Competitions", {
        name: "Sell-out bat",
        description: "<p>A bat</p>",
        ticketPrice: 100,
        totalTickets: 3,
        maxTicketsPerCustomer: 3,
        defaultTicketSaleQuantity: 1,
        startDateTimeUtc: new Date(Date.now() - HOUR).toISOString(),
        closeDateTimeUtc: new Date(Date.now() + 10 * DAY).toISOString(),
        drawDateTimeUtc: new Date(Date.now() + 11 * DAY).toISOString(),
        drawType: "Automatic",
        drawOnSellOut: true,
        visibilityStatus: "Visible",
      }),
      201,
    )
    const competitionId = created.competition.id
    expect(created.competition.drawOnSellOut).toBe(true)

    await buyAndPay(competitionId, 1)
    await pass()
    expect(await outcomeOf(competitionId)).toBe("NotDrawn")

    // Every ticket held, the last two by an order still awaiting payment: not yet.
    const last = await placeOrder(ann, competitionId, 2)
    await pass()
    expect(await outcomeOf(competitionId)).toBe("NotDrawn")
    expect((await read(competitionId)).drawBroughtForward).toBeNull()

    await payForOrder(ann, last.id)
    const results = await pass()
    expect(
      results.filter((r) => r.competitionId === competitionId && r.made !== null),
    ).toHaveLength(1)
    expect(await outcomeOf(competitionId)).toBe("Winner")
    const drawn = await read(competitionId)
    expect(drawn.drawResult).toMatchObject({ outcome: "Winner" })
    expect(drawn.drawBroughtForward?.from).toBe(created.competition.drawDateTimeUtc)

    // A later pass makes no second draw.
    const again = await pass()
    expect(again.filter((r) => r.competitionId === competitionId && r.made !== null)).toHaveLength(
      0,
    )
  })

  it("is refused to a live draw, naming the field", async () => {
    const refused = await problem(
      await staff.post("/api/Competitions", {
        name: "Live sell-out",
        description: "",
        ticketPrice: 100,
        totalTickets: 3,
        maxTicketsPerCustomer: 3,
        defaultTicketSaleQuantity: 1,
        startDateTimeUtc: new Date(Date.now() + HOUR).toISOString(),
        closeDateTimeUtc: new Date(Date.now() + 10 * DAY).toISOString(),
        drawDateTimeUtc: new Date(Date.now() + 11 * DAY).toISOString(),
        drawType: "Live",
        drawOnSellOut: true,
      }),
      400,
    )
    expect(refused.errors).toEqual({
      drawOnSellOut: ["Only an automatic draw can be made as soon as it sells out"],
    })
  })
})

describe("the OpenAPI document", () => {
  it("has the call, with its payload and its answer", async () => {
    const document = await json<{
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses?: Record<string, unknown> } }
      >
    }>(await anonymous.get("/api/openapi.json"))
    const call = document.paths["/api/Competitions/{competitionId}/bring-draw-forward"]?.post
    expect(call?.requestBody).toBeDefined()
    expect(Object.keys(call?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "409"]),
    )
  })
})
