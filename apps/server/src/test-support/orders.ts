import type { BasketJson, BasketResponseJson } from "@howzat/contracts/baskets"
import type { CheckoutResponseJson } from "@howzat/contracts/orders"
import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import { pence } from "@howzat/core/rules/money"
import { createCompetition } from "@howzat/postgres"
import type { Browser } from "./browser"
import { json } from "./browser"
import type { Shop } from "./shop"

const DAY = 24 * 60 * 60 * 1000

let competitions = 0

/** A competition open now (the shop runs on the real clock), with its own name. */
export const competitionOnSale = (shop: Shop, overrides: Partial<NewCompetition> = {}) => {
  const now = Date.now()
  return createCompetition(shop.db, {
    name: `Prize ${++competitions}`,
    description: "<p>A prize</p>",
    ticketPrice: pence(250),
    totalTickets: 100,
    maxTicketsPerCustomer: 10,
    defaultTicketSaleQuantity: 1,
    cashAlternativeValue: null,
    startDateTimeUtc: new Date(now - DAY),
    closeDateTimeUtc: new Date(now + 10 * DAY),
    drawDateTimeUtc: new Date(now + 11 * DAY),
    drawType: "Automatic",
    visibilityStatus: "Visible",
    categoryIds: [],
    attributes: {},
    imageUrls: [],
    instantWinGroups: [],
    ...overrides,
  })
}

export const promotion = (
  shop: Shop,
  values: {
    readonly code: string
    readonly description?: string
    readonly percent?: number
    readonly amountPence?: number
    readonly competitionId?: string
    readonly validTo?: Date
  },
) =>
  shop.db
    .insertInto("promotions")
    .values({
      code: values.code,
      description: values.description ?? `${values.code} discount`,
      discountKind: values.percent === undefined ? "Fixed" : "Percentage",
      percent: values.percent ?? null,
      amountPence: values.percent === undefined ? (values.amountPence ?? 100) : null,
      competitionId: values.competitionId ?? null,
      validTo: values.validTo ?? null,
    })
    .execute()

export const newBasket = async (browser: Browser): Promise<BasketJson> =>
  (await json<BasketResponseJson>(await browser.post("/api/Baskets?ForceCreateNew=true"), 201))
    .basket

export const addItem = async (
  browser: Browser,
  basketId: string,
  competitionID: string,
  ticketQuantity: number,
): Promise<BasketJson> =>
  (
    await json<BasketResponseJson>(
      await browser.post(`/api/Baskets/${basketId}/items`, { competitionID, ticketQuantity }),
    )
  ).basket

export const checkout = async (browser: Browser, basketId: string) =>
  json<CheckoutResponseJson>(await browser.post(`/api/Baskets/${basketId}/checkout`, {}))
