import type { BasketJson, BasketTicketItemJson } from "@howzat/contracts/baskets"
import {
  APPLICATION_ERROR_PROBLEM,
  BASKET_EMPTY_PROBLEM,
  STANDING_PROBLEMS,
  VALIDATION_ERROR_PROBLEM,
} from "@howzat/contracts/problem-types"
import { clampSiteCredit, type Pence, parsePounds, pence, ZERO_PENCE } from "@howzat/core/rules"
import { ApiError } from "../api/client"
import type { DialogContent, TextLine } from "./error-text"
import { detailLines, errorTexts } from "./error-text"
import { spendLimitFailure } from "./spend-limits"

/** docs/product/screens.md: the basket cannot be opened from the checkout pages. */
export const basketAvailableOn = (pathname: string): boolean =>
  !pathname.toLowerCase().startsWith("/checkout")

export const basketButtonTitle = (available: boolean): string =>
  available
    ? "Click here to see the contents of your basket"
    : "Your basket is not available from this page"

/**
 * The basket's ticket lines. `items` also holds a site-credit line when the
 * brand sells credit through the basket (docs/decisions/0083); this
 * storefront offers no such purchase, so it reads and counts tickets only,
 * as it did when credit lines were kept apart.
 */
export const ticketItems = (basket: BasketJson | null): readonly BasketTicketItemJson[] =>
  (basket?.items ?? []).filter(
    (item): item is BasketTicketItemJson => item.itemType === "CompetitionTickets",
  )

/** What the top bar shows: one count per competition (a line), and what is left to pay. */
export const basketSummary = (basket: BasketJson | null): { itemCount: number; total: Pence } =>
  basket === null
    ? { itemCount: 0, total: ZERO_PENCE }
    : { itemCount: ticketItems(basket).length, total: pence(basket.basketTotal) }

/** The competition's one item in the basket, if any (docs/product/states.md: one item per competition). */
export const basketItemFor = (basket: BasketJson | null, competitionId: string) =>
  ticketItems(basket).find((item) => item.competitionTicketDetails.competition.id === competitionId)

/** Tickets for one competition already in the basket. */
export const quantityInBasket = (basket: BasketJson | null, competitionId: string): number =>
  basketItemFor(basket, competitionId)?.competitionTicketDetails.quantity ?? 0

const quantities = (basket: BasketJson): Map<string, number> =>
  new Map(
    ticketItems(basket).map((item) => [
      item.competitionTicketDetails.competition.id,
      item.competitionTicketDetails.quantity,
    ]),
  )

export const basketTexts = {
  changesTitle: "Changes to your basket",
  noneAllocated:
    "Sorry, but we couldn't allocate any of the tickets in your basket. It's possible you've either reached your allowance, or that the competitions are now closed/sold out.",
  partlyAllocated:
    "Sorry, but we couldn't allocate all of the items in your basket. It's possible you've either reached your allowance, or that the competitions are now closed/sold out",
  oopsTitle: "Oops!",
  invalidDetails:
    "There seems to be a problem with the details you've entered. Please check that all the fields below are filled in, and not showing any error messages.",
  invalidForm: "Form has one or more invalid fields.",
  removeQuestion: "Are you sure you want to remove your chance of winning this competition?",
  removeYes: "Yes",
  removeNo: "No, I want to keep this. Whoops!",
  empty: "Your Basket is empty",
  readOnlyField: "Please visit your account settings to edit this field.",
  voucherDropped: (codes: string) =>
    `Your voucher ${codes} could not be applied to this order: it has just been used up or has expired, you have already used it, or what could be allocated no longer reaches its minimum spend. The order's total is without it.`,
} as const

/**
 * What checkout did to the basket (docs/product/states.md): nothing, some lines cut or
 * dropped (the customer is told and carries on), or nothing left (told, then
 * sent home). The basket that comes back is cut to what was allocated.
 */
export type CheckoutOutcome =
  | { readonly kind: "unchanged" }
  | { readonly kind: "partial"; readonly content: DialogContent }
  | { readonly kind: "none"; readonly content: DialogContent }

const exceptionLines = (basket: BasketJson): TextLine[] =>
  basket.ticketAllocationExceptions.map((e) => ({
    kind: "bullet",
    text: `${e.competitionName}: ${e.exceptionReason}`,
  }))

/**
 * The basket showed a voucher's discount but the order has none: its last
 * use went to another order a moment earlier, or it expired in between.
 */
const voucherDroppedLines = (
  before: BasketJson,
  order: { readonly discountTotal: number } | undefined,
): TextLine[] => {
  if (order === undefined || before.discountTotal === 0 || order.discountTotal > 0) return []
  const codes = before.appliedPromotionCodes.map((p) => p.code).join(", ")
  return [{ kind: "text", text: basketTexts.voucherDropped(codes) }]
}

export const checkoutOutcome = (
  before: BasketJson,
  after: BasketJson,
  order?: { readonly discountTotal: number },
): CheckoutOutcome => {
  const was = quantities(before)
  const now = quantities(after)
  const changed =
    was.size !== now.size || [...was].some(([competition, q]) => now.get(competition) !== q)
  const voucher = voucherDroppedLines(before, order)
  if (!changed && after.ticketAllocationExceptions.length === 0) {
    return voucher.length === 0
      ? { kind: "unchanged" }
      : { kind: "partial", content: { title: basketTexts.changesTitle, lines: voucher } }
  }
  if (ticketItems(after).length === 0) {
    return {
      kind: "none",
      content: {
        title: basketTexts.changesTitle,
        lines: [{ kind: "text", text: basketTexts.noneAllocated }, ...exceptionLines(after)],
      },
    }
  }
  return {
    kind: "partial",
    content: {
      title: basketTexts.changesTitle,
      lines: [
        { kind: "text", text: basketTexts.partlyAllocated },
        ...exceptionLines(after),
        ...voucher,
      ],
    },
  }
}

/**
 * A failed checkout's dialog (docs/product/errors.md) and whether the customer is sent home
 * (nothing could be allocated) or stays to fix their details.
 */
export const checkoutFailure = (
  error: unknown,
  localItemCount: number,
): { content: DialogContent; goHome: boolean } => {
  // Refused by the spend limit: nothing was placed and the basket is kept as it was.
  const limited = spendLimitFailure(error)
  if (limited !== undefined) return { goHome: false, content: limited }
  const title = error instanceof ApiError ? error.title : ""
  const detail =
    error instanceof ApiError ? error.detail : error instanceof Error ? error.message : ""
  // What happened is the problem's type; its words are only shown, never read.
  const type = error instanceof ApiError ? error.type : ""
  if (type === BASKET_EMPTY_PROBLEM && localItemCount > 0) {
    // The shop lists why, one " -- Competition name: reason" line each.
    const reasons = detail
      .split(/\r?\n/)
      .map((line) => /^\s*-- (.+)$/.exec(line)?.[1]?.trim())
      .filter((text): text is string => Boolean(text))
      .map((text): TextLine => ({ kind: "bullet", text }))
    return {
      goHome: true,
      content: {
        title: basketTexts.changesTitle,
        lines: [{ kind: "text", text: basketTexts.noneAllocated }, ...reasons],
      },
    }
  }
  if (type === APPLICATION_ERROR_PROBLEM) {
    return {
      goHome: false,
      content: {
        title: basketTexts.oopsTitle,
        lines: [{ kind: "text", text: errorTexts.alreadyRegistered }],
        showContact: true,
      },
    }
  }
  if (type === VALIDATION_ERROR_PROBLEM) {
    return {
      goHome: false,
      content: {
        title: basketTexts.oopsTitle,
        lines: [{ kind: "text", text: basketTexts.invalidDetails }, ...detailLines(detail)],
      },
    }
  }
  if (error instanceof ApiError && (STANDING_PROBLEMS as readonly string[]).includes(type)) {
    // On a break, closed or not verified 18+: say so in its own words, with where to find support.
    return {
      goHome: false,
      content: { title: error.title, lines: detailLines(detail), showResponsiblePlay: true },
    }
  }
  const lines = detailLines(detail || title || errorTexts.somethingWentWrong)
  return { goHome: false, content: { title: basketTexts.changesTitle, lines } }
}

/**
 * The site credit to apply from what the customer typed (docs/product/validation.md): anything
 * but digits and a point stripped, then clamped to the balance and to what
 * the basket costs (the credit already applied has been taken off its total).
 */
export const siteCreditFromText = (text: string, basket: BasketJson): Pence =>
  clampSiteCredit(
    parsePounds(text) ?? ZERO_PENCE,
    pence(basket.siteCreditAvailable),
    pence(basket.basketTotal),
    pence(basket.siteCreditDebitAmount),
  )

/** The amount in the site-credit box: pounds with two decimals, as money is shown. */
export const poundsText = (amount: Pence): string => (amount / 100).toFixed(2)

/** The message under the add button when the server refuses (409 and friends): its detail. */
export const basketErrorText = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.unreachable) return "We couldn't reach the shop just now. Please try again."
    return error.detail.trim() || error.title
  }
  return errorTexts.somethingWentWrong
}
