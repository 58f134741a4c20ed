import type { BasketResponseJson, UpdateBasketRequestJson } from "@howzat/contracts/baskets"
import type { CheckoutRequestJson, CheckoutResponseJson } from "@howzat/contracts/orders"
import { ensureFreshToken } from "../auth/session"
import { ApiError, apiGet, apiSend } from "./client"
import { sendLog } from "./logging"

/**
 * The basket calls of SPEC §7 (contracts/src/api.ts BasketsApi). Every
 * change answers with the whole basket, repriced for whoever is signed in,
 * so a stale token is refreshed first: otherwise a customer's basket would
 * be priced as a visitor's.
 */

const basketPath = (basketId: string, rest = "") =>
  `/Baskets/${encodeURIComponent(basketId)}${rest}`

const send = async <T>(method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) => {
  await ensureFreshToken()
  return apiSend<T>(method, path, body)
}

export const createBasket = async () => {
  await ensureFreshToken()
  // ForceCreateNew: a new basket every time; the id we keep is the only link to it.
  return apiSend<BasketResponseJson>("POST", "/Baskets", undefined, {
    query: { ForceCreateNew: "true" },
  })
}

export const loadBasket = async (basketId: string, signal?: AbortSignal) => {
  await ensureFreshToken()
  return apiGet<BasketResponseJson>(basketPath(basketId), { signal })
}

export const updateBasket = (basketId: string, body: UpdateBasketRequestJson) =>
  send<BasketResponseJson>("PUT", basketPath(basketId), body)

export const addBasketItem = (basketId: string, competitionID: string, ticketQuantity: number) =>
  send<BasketResponseJson>("POST", basketPath(basketId, "/items"), {
    competitionID,
    ticketQuantity,
  })

export const setBasketItemQuantity = (basketId: string, itemId: string, ticketQuantity: number) =>
  send<BasketResponseJson>("PUT", basketPath(basketId, `/items/${encodeURIComponent(itemId)}`), {
    ticketQuantity,
  })

export const removeBasketItem = (basketId: string, itemId: string) =>
  send<BasketResponseJson>("DELETE", basketPath(basketId, `/items/${encodeURIComponent(itemId)}`))

export const clearPromotions = (basketId: string) =>
  send<BasketResponseJson>("DELETE", basketPath(basketId, "/promotions"))

export const registerPromotion = (basketId: string, promotionCode: string) =>
  send<BasketResponseJson>("POST", basketPath(basketId, "/promotions"), { promotionCode })

export const checkoutBasket = (basketId: string, body: CheckoutRequestJson) =>
  send<CheckoutResponseJson>("POST", basketPath(basketId, "/checkout"), body)

/** SPEC §8: every basket error is logged to the server with title and detail. */
export const logBasketError = (error: unknown): void => {
  const title = error instanceof ApiError ? error.title : "Basket error"
  const detail =
    error instanceof ApiError ? error.detail : error instanceof Error ? error.message : ""
  sendLog({ event: "basket-error", title, detail })
}
