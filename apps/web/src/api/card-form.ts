import type { CardFormResponseJson } from "@howzat/contracts/payments"
import { apiGet } from "./client"

/** Which card form takes payments in this shop: the sandbox's, or a real provider's script and key. */
export const getCardForm = async (signal?: AbortSignal) =>
  (await apiGet<CardFormResponseJson>("/PaymentProviders/card-form", { signal })).cardForm
