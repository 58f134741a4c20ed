import { confirmSandboxPayment as confirm, readCookie, XSRF_COOKIE } from "@howzat/api-client"
import type { SandboxConfirmRequestJson } from "@howzat/contracts/orders"
import { api } from "./client"

/**
 * The order, payment and ticket calls of docs/product/api.md, with the storefront's
 * page sizes. They all need the customer; the client renews a token about
 * to expire first.
 */

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  api.orders.byId({ path: { orderId }, signal })

export const cancelOrder = (orderId: string) => api.orders.cancel({ path: { orderId } })

/** Idempotent on the server: the browser's return and the provider's notification complete it once. */
export const completeOrder = (orderId: string) => api.orders.complete({ path: { orderId } })

/** Starts a payment (a payment intent with a client token) when the order has no pending one. */
/** A payment by the method chosen; the shop's default (its card form) when none is named. */
export const startPayment = (orderId: string, method?: "Card" | "BankTransfer") =>
  api.orders.startPayment({
    path: { orderId },
    urlParams: method === undefined ? {} : { method },
  })

/** The order a provider's payment belongs to: the customer back from the bank's page. */
export const orderOfPayment = (provider: string, reference: string, signal?: AbortSignal) =>
  api.orders.byPayment({ path: { provider, reference }, signal })

/** The order's tickets with the instant-win prize each one is; only those with `instantWinsOnly`. */
export const orderTickets = (orderId: string, signal?: AbortSignal, instantWinsOnly = false) =>
  api.orders.tickets({
    path: { orderId },
    urlParams: { InstantWinTicketsOnly: instantWinsOnly },
    signal,
  })

export const ORDER_PAGE_SIZE = 20

export const listOrders = (customerId: string, pageNumber: number, signal?: AbortSignal) =>
  api.orders.list({
    urlParams: { CustomerId: customerId, PageNumber: pageNumber, PageSize: ORDER_PAGE_SIZE },
    signal,
  })

/** docs/product/constants.md: the ticket list shows 20 a page. */
export const TICKET_PAGE_SIZE = 20

/** "1" is UPCOMING (open or awaiting the draw), "3" is DRAWN. */
export type CustomerCompetitionStatus = "1" | "3"

export const customerCompetitions = (
  customerId: string,
  status: CustomerCompetitionStatus,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  api.customerTickets.competitions({
    path: { customerId },
    urlParams: { Status: status, PageNumber: pageNumber, PageSize: TICKET_PAGE_SIZE },
    signal,
  })

/** The open competitions this customer owns tickets in: the tiles' "PURCHASE MORE TICKETS". */
export const openCompetitionsHeld = (customerId: string, signal?: AbortSignal) =>
  api.customerTickets.openCompetitionsHeld({ path: { customerId }, signal })

/** What the per-person maximum counts for this customer here (completed and unpaid orders). */
export const ticketsHeld = (customerId: string, competitionId: string, signal?: AbortSignal) =>
  api.customerTickets.ticketsHeld({ path: { customerId, competitionId }, signal })

/** docs/product/constants.md: lists show 20 a page. */
export const SITE_CREDIT_PAGE_SIZE = 20

/** The balance and its entries, newest first (docs/product/api.md's site-credit-account). */
export const siteCreditAccount = (customerId: string, pageNumber: number, signal?: AbortSignal) =>
  api.customerTickets.siteCreditAccount({
    path: { customerId },
    urlParams: { PageNumber: pageNumber, PageSize: SITE_CREDIT_PAGE_SIZE },
    signal,
  })

/** Sends the card to the sandbox provider with the payment's token (never with the bearer token). */
export const confirmSandboxPayment = (body: SandboxConfirmRequestJson) =>
  confirm(body, {
    xsrfToken: readCookie(typeof document === "undefined" ? "" : document.cookie, XSRF_COOKIE),
  })

/** Buys site credit straight away (deferred purchase off): an order to pay by card (decision 0038). */
export const createSiteCreditOrder = (customerId: string, amount: number) =>
  api.siteCredit.createOrder({ path: { customerId }, payload: { amount } })
