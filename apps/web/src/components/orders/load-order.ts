import { notFound } from "@tanstack/react-router"
import { isApiError } from "../../api/client"
import { getOrder } from "../../api/orders"

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

/** What the customer sees of a failed call: the API's detail, or its title. */
export const failureText = (error: unknown): string => {
  if (isApiError(error)) return error.detail.trim() || error.title
  return error instanceof Error && error.message ? error.message : "Something went wrong."
}
