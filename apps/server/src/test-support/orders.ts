import type { BasketJson, BasketResponseJson } from "@howzat/contracts/baskets"
import type {
  CheckoutRequestJson,
  CheckoutResponseJson,
  OrderResponseJson,
} from "@howzat/contracts/orders"
import { expect } from "vitest"
import type { Browser } from "./browser"
import { json } from "./browser"
import type { Shop } from "./shop"

export { competitionOnSale } from "./competitions"

export const promotion = (
  shop: Shop,
  values: {
    readonly code: string
    readonly description?: string
    readonly percent?: number
    readonly amountPence?: number
    readonly competitionId?: string
    readonly validTo?: Date
    readonly minimumSpendPence?: number
    readonly perCustomerLimit?: number
    readonly freeEntry?: boolean
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
      minimumSpendPence: values.minimumSpendPence ?? null,
      perCustomerLimit: values.perCustomerLimit ?? null,
      freeEntry: values.freeEntry ?? false,
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

export const checkout = async (
  browser: Browser,
  basketId: string,
  body: CheckoutRequestJson = {},
) => json<CheckoutResponseJson>(await browser.post(`/api/Baskets/${basketId}/checkout`, body))

/**
 * The usual test cards (decision 0008), any future expiry, any three-digit code.
 * `succeeds` is the debit card: a credit card may not pay for instant win
 * or more than £250 a month (decision 0042), which tests not about that
 * should not meet.
 */
export const CARDS = {
  succeeds: "4000 0566 5566 5556",
  credit: "4242 4242 4242 4242",
  creditMastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
} as const

/** What the payment page does: posts the card to the sandbox provider with the payment's token. */
export const payByCard = async (browser: Browser, clientToken: string, cardNumber: string) =>
  json<{ status: "Succeeded" | "Failed"; failureDetail: string | null }>(
    await browser.request("POST", "/sandbox-gateway/confirm", {
      body: {
        clientToken,
        cardNumber,
        cardholderName: "Ann Smith",
        expiry: "12/39",
        securityCode: "123",
      },
      bearer: false,
    }),
  )

/** The sandbox's own record of an intent, found by the token the browser holds. */
export const sandboxIntent = (shop: Shop, clientToken: string) =>
  shop.db
    .selectFrom("sandboxPaymentIntents")
    .selectAll()
    .where("clientToken", "=", clientToken)
    .executeTakeFirstOrThrow()

/** One competition's tickets ordered from a new basket, as the checkout page does; not yet paid. */
export const placeOrder = async (browser: Browser, competitionId: string, quantity: number) => {
  const basket = await newBasket(browser)
  await addItem(browser, basket.id, competitionId, quantity)
  return (await checkout(browser, basket.id)).order
}

/** Pays the order with a card that pays (the debit card unless told) and completes it, as the payment page does. */
export const payForOrder = async (
  browser: Browser,
  orderId: string,
  cardNumber: string = CARDS.succeeds,
) => {
  const started = (
    await json<OrderResponseJson>(await browser.post(`/api/Orders/${orderId}/payments`))
  ).order
  const token = started.payments.find((p) => p.status === "Pending")?.token
  if (!token) throw new Error("no pending payment to pay")
  expect((await payByCard(browser, token, cardNumber)).status).toBe("Succeeded")
  return (
    await json<OrderResponseJson>(await browser.post(`/api/Orders/${orderId}/complete-order`))
  ).order
}
