import type { PauseLength } from "@howzat/core/rules"
import { api } from "./client"

/** Taking a break and closing the account (decision 0043). */
export const getStanding = (customerId: string, signal?: AbortSignal) =>
  api.accountStanding.view({ path: { customerId }, signal })

export const takeABreak = (customerId: string, length: PauseLength) =>
  api.accountStanding.pause({ path: { customerId }, payload: { length } })

export const closeAccount = (customerId: string) =>
  api.accountStanding.close({ path: { customerId }, payload: { confirm: true } })
