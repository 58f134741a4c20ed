import type { MailMessage } from "@howzat/core/accounts"
import {
  memoryMailer,
  memoryRateLimiter,
  type RateCounters,
  transactionsRestoring,
} from "@howzat/core/testing"
import { Layer } from "effect"
import { mailAndLimitsContract } from "./mail-and-limits.contract"

mailAndLimitsContract("the outbox and the rate limits in memory", async () => {
  const state = { outbox: [] as MailMessage[], counters: new Map() as RateCounters }
  return {
    layer: Layer.mergeAll(
      memoryMailer(state),
      memoryRateLimiter(state),
      transactionsRestoring(() => [state.outbox]),
    ),
    seed: { outbox: async () => [...state.outbox] },
    close: async () => {},
  }
})
