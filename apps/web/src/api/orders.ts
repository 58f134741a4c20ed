import type {
  CustomerCompetitionListJson,
  OrderListJson,
  OrderResponseJson,
  OrderTicketListJson,
  SandboxConfirmRequestJson,
  SandboxConfirmResponseJson,
  SiteCreditAccountResponseJson,
  TicketsHeldResponseJson,
} from "@howzat/contracts/orders"
import { ensureFreshToken } from "../auth/session"
import { ApiError, apiGet, apiSend, problemFromResponse, requestHeaders } from "./client"

/**
 * The order, payment and ticket calls of SPEC §7 (contracts/src/api.ts
 * OrdersApi, CustomerTicketsApi). They all need the customer, so a token
 * about to expire is refreshed first.
 */

const orderPath = (orderId: string, rest = "") => `/Orders/${encodeURIComponent(orderId)}${rest}`

export const getOrder = async (orderId: string, signal?: AbortSignal) => {
  await ensureFreshToken()
  return apiGet<OrderResponseJson>(orderPath(orderId), { signal })
}

const post = async (orderId: string, action: string) => {
  await ensureFreshToken()
  return apiSend<OrderResponseJson>("POST", orderPath(orderId, action))
}

export const cancelOrder = (orderId: string) => post(orderId, "/cancel-order")

/** Idempotent on the server: the browser's return and the provider's notification complete it once. */
export const completeOrder = (orderId: string) => post(orderId, "/complete-order")

/** Starts a payment (a payment intent with a client token) when the order has no pending one. */
export const startPayment = (orderId: string) => post(orderId, "/payments")

/** The order's tickets with the instant-win prize each one is; only those with `instantWinsOnly`. */
export const orderTickets = async (
  orderId: string,
  signal?: AbortSignal,
  instantWinsOnly = false,
) => {
  await ensureFreshToken()
  return apiGet<OrderTicketListJson>(orderPath(orderId, "/tickets"), {
    query: { InstantWinTicketsOnly: instantWinsOnly },
    signal,
  })
}

export const ORDER_PAGE_SIZE = 20

export const listOrders = async (customerId: string, pageNumber: number, signal?: AbortSignal) => {
  await ensureFreshToken()
  return apiGet<OrderListJson>("/Orders", {
    query: { CustomerId: customerId, PageNumber: pageNumber, PageSize: ORDER_PAGE_SIZE },
    signal,
  })
}

/** SPEC §9: the ticket list shows 20 a page. */
export const TICKET_PAGE_SIZE = 20

/** "1" is UPCOMING (open or awaiting the draw), "3" is DRAWN. */
export type CustomerCompetitionStatus = "1" | "3"

export const customerCompetitions = async (
  customerId: string,
  status: CustomerCompetitionStatus,
  pageNumber: number,
  signal?: AbortSignal,
) => {
  await ensureFreshToken()
  return apiGet<CustomerCompetitionListJson>(
    `/Customers/${encodeURIComponent(customerId)}/competitions`,
    { query: { Status: status, PageNumber: pageNumber, PageSize: TICKET_PAGE_SIZE }, signal },
  )
}

/** What the per-person maximum counts for this customer here (completed and unpaid orders). */
export const ticketsHeld = async (
  customerId: string,
  competitionId: string,
  signal?: AbortSignal,
) => {
  await ensureFreshToken()
  return apiGet<TicketsHeldResponseJson>(
    `/Customers/${encodeURIComponent(customerId)}/competitions/${encodeURIComponent(competitionId)}/tickets-held`,
    { signal },
  )
}

/** SPEC §9: lists show 20 a page. */
export const SITE_CREDIT_PAGE_SIZE = 20

/** The balance and its entries, newest first (SPEC §7's site-credit-account). */
export const siteCreditAccount = async (
  customerId: string,
  pageNumber: number,
  signal?: AbortSignal,
) => {
  await ensureFreshToken()
  return apiGet<SiteCreditAccountResponseJson>(
    `/Customers/${encodeURIComponent(customerId)}/site-credit-account`,
    { query: { PageNumber: pageNumber, PageSize: SITE_CREDIT_PAGE_SIZE }, signal },
  )
}

/**
 * The sandbox card provider's own call, outside /api, as a real provider's
 * script would post to its own host. Copied from contracts' SANDBOX_CONFIRM_PATH
 * rather than imported: the contracts' runtime code would bring Effect into
 * the browser (docs/decisions/0003).
 */
export const SANDBOX_CONFIRM_PATH = "/sandbox-gateway/confirm"

/**
 * Sends the card to the provider with the payment's token. The provider,
 * not our API, sees the card: it is never sent with the bearer token.
 */
export const confirmSandboxPayment = async (
  body: SandboxConfirmRequestJson,
): Promise<SandboxConfirmResponseJson> => {
  const headers = requestHeaders(
    "POST",
    SANDBOX_CONFIRM_PATH,
    undefined,
    typeof document === "undefined" ? "" : document.cookie,
    true,
  )
  let response: Response
  try {
    response = await fetch(SANDBOX_CONFIRM_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers,
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError("network", 0, "Network error", "The card provider could not be reached.")
  }
  const type = response.headers.get("content-type") ?? ""
  const payload: unknown = type.includes("json")
    ? await response.json().catch(() => undefined)
    : await response.text().catch(() => "")
  if (!response.ok) throw problemFromResponse(response.status, payload)
  return payload as SandboxConfirmResponseJson
}
