import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"
import type { PayByBankJson } from "@howzat/contracts/payments"

/**
 * Pay by bank on the payment page (docs/decisions/0069, 0072): the customer
 * leaves for the provider's hosted page, chooses their bank and approves
 * there, and comes back to one fixed return address, which the provider
 * registered for the shop; that page asks the shop how it went.
 */

/** The provider whose page sends customers back to the return address. */
export const BANK_PROVIDER: PayByBankJson["provider"] = "truelayer"

/** Where the bank's page sends the customer back: the same for every order. */
export const PAY_BY_BANK_RETURN_PATH = "/Checkout/PayByBank"

/** What the shop's bank payment token holds: the provider's payment and its token. */
interface BankToken {
  readonly payment_id: string
  readonly resource_token: string
}

const bankTokenOf = (token: string): BankToken | null => {
  try {
    const parsed: unknown = JSON.parse(token)
    if (typeof parsed !== "object" || parsed === null) return null
    const { payment_id, resource_token } = parsed as Record<string, unknown>
    return typeof payment_id === "string" &&
      payment_id !== "" &&
      typeof resource_token === "string" &&
      resource_token !== ""
      ? { payment_id, resource_token }
      : null
  } catch {
    return null
  }
}

/** The order's open bank payment at the offered provider, with its token; undefined when none. */
export const pendingBankPayment = (
  order: Pick<OrderJson, "payments">,
  payByBank: Pick<PayByBankJson, "provider">,
): (PaymentJson & { readonly token: string }) | undefined =>
  order.payments.findLast(
    (p): p is PaymentJson & { token: string } =>
      p.status === "Pending" &&
      p.provider === payByBank.provider &&
      typeof p.token === "string" &&
      bankTokenOf(p.token) !== null,
  )

/**
 * The hosted page's address for one payment: its id, its token and where to
 * come back to, as query parameters. Null for a token that is not a bank
 * payment's, so the page never sends anyone to a half-made address.
 */
export const bankPageLink = (
  payByBank: Pick<PayByBankJson, "hostedPageUrl">,
  token: string,
  shopOrigin: string,
): string | null => {
  const opened = bankTokenOf(token)
  if (opened === null) return null
  const link = new URL(payByBank.hostedPageUrl)
  link.searchParams.set("payment_id", opened.payment_id)
  link.searchParams.set("resource_token", opened.resource_token)
  link.searchParams.set("return_uri", new URL(PAY_BY_BANK_RETURN_PATH, shopOrigin).href)
  return link.href
}

/**
 * Which method the page offers first. Where a credit card may not pay this
 * order (an instant-win competition, site credit, the month's limit; the
 * shop's notice says which), pay by bank goes first: it is never a credit
 * card, and the customer need not find that out at the card form.
 */
export const bankFirst = (creditCardNotice: string | null): boolean => creditCardNotice !== null
