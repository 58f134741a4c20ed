import type { OrderJson } from "@howzat/contracts/orders"

const NOT_PAID = "Your payment did not go through."

/**
 * What a return page does with the order as the shop now sees it, after
 * asking the provider: paid, failed (with the provider's words, from the
 * latest attempt, the one the customer comes back from), still waiting for
 * the bank or card issuer to say, or closed meanwhile.
 */
export type ProviderReturn =
  | { readonly kind: "paid" }
  | { readonly kind: "failed"; readonly detail: string }
  | { readonly kind: "waiting" }
  | { readonly kind: "closed" }

export const returnOutcomeOf = (order: Pick<OrderJson, "status" | "payments">): ProviderReturn => {
  if (order.status === "Completed") return { kind: "paid" }
  if (order.status !== "AwaitingPayment" && order.status !== "Pending") return { kind: "closed" }
  const latest = order.payments.at(-1)
  if (latest?.status === "Pending") return { kind: "waiting" }
  // Failed, or taken and refused by the shop (a credit card it may not keep): the words say which.
  return { kind: "failed", detail: latest?.failureDetail ?? NOT_PAID }
}
