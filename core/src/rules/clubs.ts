import { formatMoney, type Pence, pence } from "./money.js"
import { isOpenOrder, type OrderStatus } from "./order-status.js"
import { CLUB_CREDIT_PERCENT, CLUB_VOUCHER_PERCENT } from "./promotions.js"

/**
 * A club for staff (decision 0033): a name and its current voucher code.
 * Every voucher linked to the club earns it credit on paid orders; the
 * current one is the code the club-perks list shows.
 */
export interface ClubForm {
  readonly name: string
  readonly voucherCode: string
}

export interface ClubDraft {
  readonly name: string
  /** In capitals, as shoppers' codes are matched. */
  readonly voucherCode: string
}

export const MAX_CLUB_NAME = 100
export const MAX_PAYOUT_REFERENCE = 200

export const clubFormMessages = {
  name: `Give the club a name of up to ${MAX_CLUB_NAME} characters.`,
  voucherCode: "Use 3 to 32 letters and digits, no spaces.",
} as const

export type ReadClub =
  | { readonly _tag: "Valid"; readonly draft: ClubDraft }
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }

/** Names are trimmed with inner runs of spaces closed up, so "Kent  CCC" and "Kent CCC" are one name. */
export const readClubForm = (form: ClubForm): ReadClub => {
  const errors: Record<string, string> = {}
  const name = form.name.trim().replace(/\s+/g, " ")
  const voucherCode = form.voucherCode.trim().toUpperCase()
  if (name === "" || name.length > MAX_CLUB_NAME) errors.name = clubFormMessages.name
  if (!/^[A-Z0-9]{3,32}$/.test(voucherCode)) errors.voucherCode = clubFormMessages.voucherCode
  return Object.keys(errors).length > 0
    ? { _tag: "Invalid", errors }
    : { _tag: "Valid", draft: { name, voucherCode } }
}

/** The terms a club's new code gets: docs/product/overview.md's club voucher. */
export const clubVoucherDescription = (clubName: string): string =>
  `${clubName}: ${CLUB_VOUCHER_PERCENT}% off, and ${CLUB_CREDIT_PERCENT}% to the club`

/** What the club's ledger adds up to, each as a positive amount. */
export interface ClubCreditFigures {
  /** Credit from paid orders that used the club's codes. */
  readonly earned: Pence
  /** Credit taken back when those orders were refunded. */
  readonly reversed: Pence
  /** Money the operator has paid the club. */
  readonly paidOut: Pence
}

/** What the operator still owes the club; below zero when a refund followed a payout. */
export const balanceOwed = (figures: ClubCreditFigures): number =>
  figures.earned - figures.reversed - figures.paidOut

export type LedgerEntryKind = "Credit" | "Reversal" | "Payout"

/** One line of a club's ledger; the amount is signed as it moves the balance. */
export interface ClubLedgerEntry {
  readonly at: Date
  readonly kind: LedgerEntryKind
  readonly orderId: string | null
  readonly amount: number
  readonly reference: string | null
}

/** The figures a ledger adds up to: the balance is the sum of its signed amounts. */
export const figuresOf = (entries: readonly ClubLedgerEntry[]): ClubCreditFigures => {
  let earned = 0
  let reversed = 0
  let paidOut = 0
  for (const entry of entries) {
    if (entry.kind === "Credit") earned += entry.amount
    else if (entry.kind === "Reversal") reversed -= entry.amount
    else paidOut -= entry.amount
  }
  return { earned: pence(earned), reversed: pence(reversed), paidOut: pence(paidOut) }
}

export type PayoutCheck =
  | { readonly _tag: "Valid"; readonly amount: Pence; readonly reference: string }
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }

/**
 * A payout is money that left the operator's bank for the club: whole
 * pence, at least 1p, never more than is owed (overpaying is a mistake
 * nobody could take back: the ledger is append-only), with a reference
 * that lets the accounts find the transfer.
 */
export const checkPayout = (owed: number, amount: number, reference: string): PayoutCheck => {
  const errors: Record<string, string> = {}
  const ref = reference.trim()
  if (!Number.isSafeInteger(amount) || amount < 1)
    errors.amount = "Give the amount paid in whole pence, at least 1."
  else if (amount > owed)
    errors.amount =
      owed > 0
        ? `The club is owed ${formatMoney(pence(owed))}: a payout cannot be more than that.`
        : "The club is owed nothing."
  if (ref === "" || ref.length > MAX_PAYOUT_REFERENCE)
    errors.reference = `Give a reference of up to ${MAX_PAYOUT_REFERENCE} characters (e.g. the bank transfer's).`
  return Object.keys(errors).length > 0
    ? { _tag: "Invalid", errors }
    : { _tag: "Valid", amount: pence(amount), reference: ref }
}

/** The club-perks list the storefront reads (docs/product/api.md's content-list-clubs). */
export const CLUBS_RESOURCE_KEY = "content-list-clubs"

export interface ListedClub {
  /** The storefront asks for the club's documents by it (decision 0036). */
  readonly id: string
  readonly name: string
  readonly voucherCode: string
}

/**
 * The resource's value: docs/product/api.md's JSON list of { name, voucherCode }, by
 * name, each with the club's id for its welcome letter and poster.
 */
export const clubsResourceValue = (clubs: readonly ListedClub[]): string =>
  JSON.stringify(
    [...clubs]
      .sort((a, b) => a.name.localeCompare(b.name, "en-GB"))
      .map((c) => ({ id: c.id, name: c.name, voucherCode: c.voucherCode })),
  )

/**
 * What removing a club depends on, read while its vouchers are locked (so
 * no checkout starts using one meanwhile).
 */
export interface ClubRemovalFacts {
  /** Whether its ledger ever had an entry: credit earned, even if later reversed. */
  readonly everEarned: boolean
  /**
   * Whether an open order (`isOpenOrder`) used one of its vouchers. A store
   * that asks in its own query language reads `openOrderStatuses`.
   */
  readonly openOrderUsedItsVoucher: boolean
}

export type ClubRemovalRefusal = "HasCredit" | "OrdersInFlight"

/**
 * Whether a club may be removed (decision 0033), or why not. Not once it
 * ever earned: its ledger is part of the accounts, so it stays. Not while
 * an order that used its code is still open: paid, it would credit a club
 * that is gone; once paid, cancelled or expired, the club may go.
 */
export const clubRemovalRefusal = (facts: ClubRemovalFacts): ClubRemovalRefusal | null => {
  if (facts.everEarned) return "HasCredit"
  if (facts.openOrderUsedItsVoucher) return "OrdersInFlight"
  return null
}

/** Whether orders in these statuses, having used the club's vouchers, keep it from going. */
export const ordersKeepClub = (statuses: Iterable<OrderStatus>): boolean => {
  for (const status of statuses) if (isOpenOrder(status)) return true
  return false
}
