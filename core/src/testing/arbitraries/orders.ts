import fc from "fast-check"
import { type OrderStatus, orderStatuses } from "../../rules/order-status.js"
import type { ReferralOrder } from "../../rules/referrals.js"
import type { SpendLimit, SpendLimitSetting } from "../../rules/spend-limits.js"
import { COOLING_OFF_MS, UNANSWERED } from "../../rules/spend-limits.js"
import { arbitraryPence } from "./money.js"

export const arbitraryOrderStatus = (): fc.Arbitrary<OrderStatus> =>
  fc.constantFrom(...orderStatuses)

/** An order's money as the referral and spend rules read it, in any status. */
export const arbitraryOrderMoney = (): fc.Arbitrary<ReferralOrder> =>
  fc.record({
    status: arbitraryOrderStatus(),
    ticketSpend: arbitraryPence({ max: 5_000 }),
    paidByCard: arbitraryPence({ max: 5_000 }),
    donation: arbitraryPence({ max: 100 }),
  })

/** A customer's spend limit: an amount up to £1,000 (zero included) or none. */
export const arbitrarySpendLimit = (): fc.Arbitrary<SpendLimit> =>
  fc.oneof(
    arbitraryPence({ max: 100_000 }).map((amount): SpendLimit => ({ kind: "Amount", amount })),
    fc.constant<SpendLimit>({ kind: "NoLimit" }),
  )

/**
 * A stored spend-limit setting as seen at `now`: never answered, settled, or
 * with a raise pending that applies up to a cooling-off period either side
 * of `now` (so some have already come due and some have not).
 */
export const arbitrarySpendLimitSetting = (now: Date): fc.Arbitrary<SpendLimitSetting> =>
  fc.oneof(
    fc.constant(UNANSWERED),
    arbitrarySpendLimit().map((current) => ({ current, pending: null })),
    fc
      .tuple(
        arbitrarySpendLimit(),
        arbitrarySpendLimit(),
        fc.integer({ min: -COOLING_OFF_MS, max: COOLING_OFF_MS }),
      )
      .map(([current, limit, offset]) => ({
        current,
        pending: { limit, appliesAt: new Date(now.getTime() + offset) },
      })),
  )
