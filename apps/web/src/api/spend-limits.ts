import type { SpendLimitRequestJson } from "@howzat/contracts/spend-limits"
import { api } from "./client"

/** The customer's monthly spend limit (decision 0041). */
export const getSpendLimit = (customerId: string, signal?: AbortSignal) =>
  api.spendLimits.get({ path: { customerId }, signal })

export const setSpendLimit = (customerId: string, payload: SpendLimitRequestJson) =>
  api.spendLimits.set({ path: { customerId }, payload })
