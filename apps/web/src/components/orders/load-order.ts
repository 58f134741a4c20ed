import { notFound } from "@tanstack/react-router"
import { isApiError } from "../../api/client"
import { getOrder, orderTickets } from "../../api/orders"
import { type WonPrize, wonPrizes } from "./won-prizes"

/**
 * A route loader's order: an unknown or malformed id, or another
 * customer's order (the API answers 404 for both), is "not found".
 */
export const loadOrder = async (orderId: string, signal: AbortSignal) => {
  try {
    return (await getOrder(orderId, signal)).order
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound()
    throw error
  }
}

/**
 * The order with the instant prizes its tickets won (only a paid order's
 * win). The order is what the page is about: if the prizes cannot be read
 * the page still shows it, and the order page and email tell of them.
 */
export const loadOrderWithPrizes = async (
  orderId: string,
  signal: AbortSignal,
): Promise<{ order: Awaited<ReturnType<typeof loadOrder>>; prizes: readonly WonPrize[] }> => {
  const order = await loadOrder(orderId, signal)
  if (order.status !== "Completed") return { order, prizes: [] }
  const prizes = await orderTickets(orderId, signal, true).then(
    ({ tickets }) => wonPrizes(tickets),
    () => [],
  )
  return { order, prizes }
}

/** What the customer sees of a failed call: the API's detail, or its title. */
export const failureText = (error: unknown): string => {
  if (isApiError(error)) return error.detail.trim() || error.title
  return error instanceof Error && error.message ? error.message : "Something went wrong."
}
