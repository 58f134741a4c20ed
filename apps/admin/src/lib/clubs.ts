/**
 * The club screens' forms (decision 0033): what staff type to the API's
 * payloads. The judging is core's rules/clubs, the same the server runs, so
 * the form says what the API would say before a round trip. Whether a
 * payout is more than the club is owed is the server's to say: only it
 * reads the balance at that moment, under the club's lock.
 */
import type { ClubRequestJson } from "@howzat/contracts/clubs"
import { checkPayout, readClubForm } from "@howzat/core/rules"
import { parseExactPounds } from "./format"

export interface ClubValues {
  readonly name: string
  readonly voucherCode: string
}

export const emptyClub: ClubValues = { name: "", voucherCode: "" }

export type Read<P> =
  | { readonly _tag: "Valid"; readonly payload: P }
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }

/** The club's name and code as the API takes them (name tidied, code in capitals). */
export const clubPayload = (values: ClubValues): Read<ClubRequestJson> => {
  const read = readClubForm(values)
  return read._tag === "Valid"
    ? { _tag: "Valid", payload: { name: read.draft.name, voucherCode: read.draft.voucherCode } }
    : read
}

/** A loaded club as the form starts: its current code, or "" when its voucher is gone. */
export const clubValues = (club: {
  readonly name: string
  readonly voucherCode: string | null
}): ClubValues => ({ name: club.name, voucherCode: club.voucherCode ?? "" })

export interface PayoutValues {
  /** Pounds, as typed. */
  readonly pounds: string
  readonly reference: string
}

export const emptyPayout: PayoutValues = { pounds: "", reference: "" }

export const NOT_MONEY = "Give the amount paid in pounds and pence, e.g. 25.00."

export interface PayoutRequest {
  readonly amount: number
  readonly reference: string
}

/**
 * A payout as the API takes it, in integer pence. Core's check runs with
 * no ceiling here: the ceiling (what is owed) is the server's.
 */
export const payoutPayload = (values: PayoutValues): Read<PayoutRequest> => {
  const amount = parseExactPounds(values.pounds)
  const check = checkPayout(Number.MAX_SAFE_INTEGER, amount ?? Number.NaN, values.reference)
  if (check._tag === "Valid")
    return { _tag: "Valid", payload: { amount: check.amount, reference: check.reference } }
  return {
    _tag: "Invalid",
    errors:
      amount === undefined && values.pounds.trim() !== ""
        ? { ...check.errors, amount: NOT_MONEY }
        : check.errors,
  }
}

export type LedgerKind = "Credit" | "Reversal" | "Payout"

/** The ledger's kinds in the operator's words. */
export const ledgerKindLabel: Record<LedgerKind, string> = {
  Credit: "Credit from an order",
  Reversal: "Reversed by a refund",
  Payout: "Paid to the club",
}

/**
 * Why a club may be missing from the storefront's club-perks list: no
 * current code (its voucher was deleted), or a current code that has ended
 * (staff gave the voucher an end date in Vouchers). Undefined when neither.
 */
export const perksListGap = (
  club: {
    readonly voucherCode: string | null
    readonly vouchers: readonly { readonly current: boolean; readonly validTo: string | null }[]
  },
  now: Date,
): "NoCode" | "Ended" | undefined => {
  if (club.voucherCode === null) return "NoCode"
  const current = club.vouchers.find((v) => v.current)
  return current?.validTo != null && new Date(current.validTo) <= now ? "Ended" : undefined
}
