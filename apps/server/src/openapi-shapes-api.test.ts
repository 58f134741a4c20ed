import type { BasketJson } from "@howzat/contracts/baskets"
import type { InstantWinGroupResponseJson } from "@howzat/contracts/instant-win-groups"
import { pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json } from "./test-support/browser"
import {
  answerSchema,
  type JsonSchema,
  type OpenApiDocument,
  shapeProblems,
} from "./test-support/openapi-shape"
import { addItem, competitionOnSale, newBasket } from "./test-support/orders"
import { openShop, register, type Shop, WITH_A_CHARITY } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * What is answered against what the served OpenAPI document says is
 * answered, for the shapes docs/decisions/0083 changed: the basket (every
 * line in items, itemTemplates, the round-up's charity), a competition's
 * timePeriod, and the ticket lists' TicketStatus. The shop sells credit
 * through the basket and has a charity, so every new field has a value to
 * show.
 */
let shop: Shop
let doc: OpenApiDocument
let customer: Browser
let staff: Browser

const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  shop = await openShop(
    {},
    { ...WITH_A_CHARITY, siteCredit: { name: "Howzat Credit", deferredPurchase: true } },
  )
  customer = await new Browser(shop.app).open()
  await register(customer)
  staff = (await signedInStaff(shop)).browser
  doc = await json<OpenApiDocument>(await customer.get("/api/openapi.json"))
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

/** The answer, checked against the document's schema for its path and status. */
const answered = async (
  browser: Browser,
  url: string,
  documentPath: string,
  init: { method?: "get" | "post" | "put"; body?: unknown; status?: number } = {},
) => {
  const method = init.method ?? "get"
  const status = init.status ?? 200
  const response =
    method === "get"
      ? await browser.get(url)
      : method === "post"
        ? await browser.post(url, init.body)
        : await browser.put(url, init.body)
  expect(response.status, `${method} ${url}`).toBe(status)
  const body: unknown = await response.json()
  expect(shapeProblems(doc, answerSchema(doc, documentPath, method, status), body)).toEqual([])
  return body
}

describe("the checker itself", () => {
  it("finds a missing key, an extra key and a wrong literal", async () => {
    const competitionId = await competitionOnSale(shop)
    const schema = answerSchema(doc, "/api/Competitions/{competitionId}", "get", 200)
    const { competition } = (await json<{ competition: Record<string, unknown> }>(
      await customer.get(`/api/Competitions/${competitionId}`),
    )) as { competition: Record<string, unknown> }
    expect(shapeProblems(doc, schema, { competition })).toEqual([])
    const { timePeriod: _, ...without } = competition
    expect(shapeProblems(doc, schema, { competition: without })).toEqual([
      "$.competition.timePeriod: missing, but the document requires it",
    ])
    expect(shapeProblems(doc, schema, { competition: { ...competition, extra: 1 } })).toEqual([
      "$.competition.extra: answered, but not in the document",
    ])
    expect(
      shapeProblems(doc, schema, { competition: { ...competition, timePeriod: "All" } }),
    ).toHaveLength(1)
  })
})

describe("a competition", () => {
  it("answers its timePeriod as the document says, in a list and alone", async () => {
    const competitionId = await competitionOnSale(shop)
    await answered(customer, "/api/Competitions?TimePeriod=All", "/api/Competitions")
    const one = (await answered(
      customer,
      `/api/Competitions/${competitionId}`,
      "/api/Competitions/{competitionId}",
    )) as { competition: { timePeriod: string } }
    expect(one.competition.timePeriod).toBe("EndingSoon")
    const property = resolveCompetition(
      answerSchema(doc, "/api/Competitions/{competitionId}", "get", 200),
    )?.timePeriod
    expect(property?.enum ?? property?.anyOf).toBeDefined()
  })
})

const resolveCompetition = (schema: JsonSchema) =>
  schema.properties?.competition?.properties ??
  (schema.properties?.competition?.$ref === undefined
    ? undefined
    : doc.components?.schemas?.[
        schema.properties.competition.$ref.replace("#/components/schemas/", "")
      ]?.properties)

describe("the basket", () => {
  it("answers its ticket and credit lines, templates and charity as the document says", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(customer)
    await addItem(customer, basket.id, competitionId, 2)
    const path = "/api/Baskets/{basketId}"
    const credited = (await answered(
      customer,
      `/api/Baskets/${basket.id}/items/sitecredit`,
      "/api/Baskets/{basketId}/items/sitecredit",
      { method: "post", body: { creditAmount: 1000 } },
    )) as { basket: BasketJson }
    expect(credited.basket.items.map((i) => i.itemType)).toEqual([
      "CompetitionTickets",
      "SiteCredit",
    ])
    const rounded = (await answered(customer, `/api/Baskets/${basket.id}`, path, {
      method: "put",
      body: { charitableDonation: { autoRoundup: true }, siteCreditDebitAmount: 0 },
    })) as { basket: BasketJson }
    expect(rounded.basket.charitableDonation.charity?.name).toBe("Lord's Taverners")
    expect(rounded.basket.itemTemplates).toHaveLength(1)
    await answered(customer, `/api/Baskets/${basket.id}`, path)
  })

  it("marks the old siteCreditItems deprecated in the document", () => {
    const basket = answerSchema(doc, "/api/Baskets/{basketId}", "get", 200).properties?.basket
    const resolved =
      basket?.$ref === undefined
        ? basket
        : doc.components?.schemas?.[basket.$ref.replace("#/components/schemas/", "")]
    expect(resolved?.properties?.siteCreditItems?.deprecated).toBe(true)
    expect(resolved?.required).toEqual(expect.arrayContaining(["items", "itemTemplates"]))
  })
})

describe("the ticket lists", () => {
  const ticketPaths = [
    "/api/Competitions/{competitionId}/tickets",
    "/api/Competitions/{competitionId}/instant-win-groups/{instantWinGroupId}/tickets",
  ]

  it("list TicketStatus with exactly the values they take", () => {
    for (const path of [
      ...ticketPaths,
      "/api/Orders/{orderId}/tickets",
      "/api/Orders/{orderId}/competitions/{competitionId}/tickets",
      "/api/Customers/{customerId}/competitions/{competitionId}/tickets",
    ]) {
      const parameter = doc.paths[path]?.get?.parameters?.find((p) => p.name === "TicketStatus")
      expect(parameter?.in, path).toBe("query")
      expect(parameter?.schema?.enum ?? parameter?.schema?.anyOf).toBeDefined()
      expect(JSON.stringify(parameter?.schema)).toMatch(/"All".*"Sold".*"Unsold"/)
    }
  })

  it("answer a filtered list, and refuse an unknown status, as the document says", async () => {
    const competitionId = await competitionOnSale(shop, {
      totalTickets: 5,
      startDateTimeUtc: new Date(Date.now() + 2 * DAY),
    })
    const group = await json<InstantWinGroupResponseJson>(
      await staff.post(`/api/Competitions/${competitionId}/instant-win-groups`, {
        name: "£5 site credit",
        ticketCount: 2,
      }),
      201,
    )
    const [all, inGroup] = ticketPaths as [string, string]
    const urls: [string, string][] = [
      [`/api/Competitions/${competitionId}/tickets`, all],
      [
        `/api/Competitions/${competitionId}/instant-win-groups/${group.instantWinGroup.id}/tickets`,
        inGroup,
      ],
    ]
    for (const [url, documentPath] of urls) {
      const unsold = (await answered(staff, `${url}?TicketStatus=Unsold`, documentPath)) as {
        totalCount: number
      }
      expect(unsold.totalCount).toBe(2)
      await answered(staff, `${url}?TicketStatus=Sold`, documentPath)
      await answered(staff, `${url}?TicketStatus=Reserved`, documentPath, { status: 400 })
      await answered(customer, `${url}?TicketStatus=Sold`, documentPath, { status: 403 })
    }
  })
})
