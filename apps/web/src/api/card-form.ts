import { api } from "./client"

/** Which card form takes payments in this shop: the sandbox's, or a real provider's script and key. */
export const getCardForm = async (signal?: AbortSignal) =>
  (await api.paymentProviders.cardForm({ signal })).cardForm
