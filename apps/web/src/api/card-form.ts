import { api } from "./client"

/**
 * How this shop takes payments: its card form (the sandbox's, or a real
 * provider's script and key) and, where offered, pay by bank's hosted page.
 */
export const getPaymentOptions = async (signal?: AbortSignal) => {
  const answer = await api.paymentProviders.cardForm({ signal })
  return { cardForm: answer.cardForm, payByBank: answer.payByBank ?? null }
}
