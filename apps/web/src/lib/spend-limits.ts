import {
  SPEND_LIMIT_REACHED_PROBLEM,
  SPEND_LIMIT_UNANSWERED_PROBLEM,
} from "@howzat/contracts/problem-types"
import {
  COOLING_OFF_HOURS,
  formatMoney,
  hoursText,
  MAX_SPEND_LIMIT,
  parsePounds,
  pence,
  spendLimitMessages,
  spendLimitUnansweredMessage,
} from "@howzat/core/rules"
import { ApiError } from "../api/client"
import type { DialogContent } from "./error-text"

/** The storefront's words for spend limits (decision 0041); the refusal sentences are core's. */
export const spendLimitTexts = {
  page: "/Account/SpendLimit",
  responsiblePlay: "/ResponsiblePlay",
  setLink: "Set your monthly spend limit",
  changeLink: "See or change your monthly spend limit",
  responsiblePlayLink: "Help and advice on playing responsibly",
  reachedTitle: "Monthly spend limit reached",
  unansweredTitle: "Set a monthly spend limit",
  rules: `Lowering your limit takes effect straight away. Raising it, or removing it, takes effect ${hoursText(COOLING_OFF_HOURS)} after you ask, so you have time to think it over.`,
  prompt:
    "Would you like to set a monthly spend limit? You can choose any amount, including £0, or choose No limit. We'll ask again before your next purchase.",
  saved: "Your spend limit has been saved.",
  beforePaymentTitle: "Before you pay: your monthly spend limit",
  beforePayment:
    "When you registered you chose to decide later, so we're asking now, before your first payment. Set a monthly amount you're happy to spend (£0 is fine), or choose No limit. You can change it at any time in your account.",
  beforePaymentButton: "Save and continue to payment",
} as const

/** The payment could not start until the question is answered: the page asks it there. */
export const isSpendLimitUnanswered = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.type === SPEND_LIMIT_UNANSWERED_PROBLEM

/** A refusal at checkout as the dialog shows it, with where to go next; undefined for others. */
export const spendLimitFailure = (error: unknown): DialogContent | undefined => {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const help = { label: spendLimitTexts.responsiblePlayLink, href: spendLimitTexts.responsiblePlay }
  if (error.type === SPEND_LIMIT_REACHED_PROBLEM)
    return {
      title: spendLimitTexts.reachedTitle,
      lines: [{ kind: "text", text: error.detail }],
      links: [{ label: spendLimitTexts.changeLink, href: spendLimitTexts.page }, help],
    }
  if (error.type === SPEND_LIMIT_UNANSWERED_PROBLEM)
    return {
      title: spendLimitTexts.unansweredTitle,
      lines: [{ kind: "text", text: error.detail || spendLimitUnansweredMessage }],
      links: [{ label: spendLimitTexts.setLink, href: spendLimitTexts.page }, help],
    }
  return undefined
}

/**
 * The amount box: pounds with at most two decimals, £0 allowed. Returns
 * the pence or the message to show under the box.
 */
export const spendLimitFromText = (
  text: string,
): { readonly amount: number } | { readonly error: string } => {
  const trimmed = text.trim().replace(/^£/, "").replace(/,/g, "")
  if (trimmed === "") return { error: spendLimitMessages.choiceRequired }
  if (trimmed.startsWith("-")) return { error: spendLimitMessages.amountNegative }
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: spendLimitMessages.amountInvalid }
  const amount = parsePounds(trimmed)
  if (amount === undefined) return { error: spendLimitMessages.amountInvalid }
  if (amount > MAX_SPEND_LIMIT) return { error: spendLimitMessages.amountTooLarge }
  return { amount }
}

export const moneyText = (amount: number) => formatMoney(pence(amount))

/** The registration question's choice: skipped, an amount, or explicitly no limit. */
export type SpendLimitChoice = "later" | "amount" | "none"

/** The amount box's message, only when an amount was chosen. */
export const spendLimitAmountRule = (choice: SpendLimitChoice, text: string) => {
  if (choice !== "amount") return undefined
  const parsed = spendLimitFromText(text)
  return "error" in parsed ? parsed.error : undefined
}

/** What registration sends: nothing for "later", else the explicit answer. */
export const spendLimitAnswer = (
  choice: SpendLimitChoice,
  text: string,
): { spendLimit?: { amount: number } | { noLimit: true } } => {
  if (choice === "none") return { spendLimit: { noLimit: true } }
  if (choice !== "amount") return {}
  const parsed = spendLimitFromText(text)
  return "amount" in parsed ? { spendLimit: { amount: parsed.amount } } : {}
}
