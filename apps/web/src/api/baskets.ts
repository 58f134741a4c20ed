import type { PayloadOf } from "@howzat/api-client"
import { ApiError, api } from "./client"
import { sendLog } from "./logging"

/**
 * The basket calls of docs/product/api.md. Every change answers with the whole basket,
 * repriced for whoever is signed in; the client renews a token about to
 * expire first, or a customer's basket would be priced as a visitor's.
 */

// ForceCreateNew: a new basket every time; the id we keep is the only link to it.
export const createBasket = () => api.baskets.create({ urlParams: { ForceCreateNew: "true" } })

/**
 * A signed-in customer's basket, wherever they filled it: what this
 * browser's kept basket holds joins it (docs/decisions/0084).
 */
export const followBasket = (basketId: string | null) =>
  api.baskets.create({ urlParams: basketId === null ? {} : { BasketId: basketId } })

export const loadBasket = (basketId: string, signal?: AbortSignal) =>
  api.baskets.byId({ path: { basketId }, signal })

export const updateBasket = (basketId: string, body: PayloadOf<"baskets", "update">) =>
  api.baskets.update({ path: { basketId }, payload: body })

export const addBasketItem = (basketId: string, competitionID: string, ticketQuantity: number) =>
  api.baskets.addItem({ path: { basketId }, payload: { competitionID, ticketQuantity } })

export const setBasketItemQuantity = (basketId: string, itemId: string, ticketQuantity: number) =>
  api.baskets.setItem({ path: { basketId, itemId }, payload: { ticketQuantity } })

export const removeBasketItem = (basketId: string, itemId: string) =>
  api.baskets.removeItem({ path: { basketId, itemId } })

export const clearPromotions = (basketId: string) =>
  api.baskets.clearPromotions({ path: { basketId } })

/** One code per order: `replaces` confirms giving up the basket's code for one worth less. */
export const registerPromotion = (basketId: string, promotionCode: string, replaces?: string) =>
  api.baskets.registerPromotion({
    path: { basketId },
    payload: replaces === undefined ? { promotionCode } : { promotionCode, replaces },
  })

export const checkoutBasket = (basketId: string, body: PayloadOf<"baskets", "checkout">) =>
  api.baskets.checkout({ path: { basketId }, payload: body })

/** docs/product/errors.md: every basket error is logged to the server with title and detail. */
export const logBasketError = (error: unknown): void => {
  const title = error instanceof ApiError ? error.title : "Basket error"
  const detail =
    error instanceof ApiError ? error.detail : error instanceof Error ? error.message : ""
  sendLog({ event: "basket-error", title, detail })
}
