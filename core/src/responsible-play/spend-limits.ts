import { Context, Effect } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { Order } from "../orders/model.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { type CheckoutPosition, SpendLimitStore } from "../ports/spend-limits.js"
import { Transactions } from "../ports/transactions.js"
import { startOfLondonMonth } from "../rules/dates.js"
import { type Pence, pence } from "../rules/money.js"
import {
  changeSpendLimit,
  leftThisMonth,
  mustAnswerBeforePaying,
  mustAnswerFirst,
  type PendingSpendLimit,
  type SpendLimit,
  type SpendLimitChange,
  type SpendLimitSetting,
  settledAt,
  spendLimitAmountError,
  spendOf,
  spendVerdict,
} from "../rules/spend-limits.js"
import { SpendLimitInvalid, SpendLimitReached, SpendLimitUnanswered } from "./spend-limit-errors.js"

/** What the account page shows. `left` is null when nothing limits the month. */
export interface SpendLimitSummary {
  /** null: never answered. */
  readonly limit: SpendLimit | null
  readonly pending: PendingSpendLimit | null
  readonly spentThisMonth: Pence
  readonly leftThisMonth: Pence | null
}

const sumSpend = (orders: readonly Parameters<typeof spendOf>[0][]) =>
  pence(orders.reduce((total, order) => total + spendOf(order), 0))

const limitAsJson = (limit: SpendLimit | null) =>
  limit === null ? null : limit.kind === "NoLimit" ? "NoLimit" : limit.amount

/** The event's detail and the history say the same: from, to, requested, applies. */
const changeDetail = (change: SpendLimitChange) => ({
  from: limitAsJson(change.from),
  to: limitAsJson(change.to),
  requestedAt: change.requestedAt.toISOString(),
  appliesAt: change.appliesAt.toISOString(),
})

const validated = (to: SpendLimit) => {
  const error = to.kind === "Amount" ? spendLimitAmountError(to.amount) : undefined
  return error === undefined
    ? Effect.succeed(to)
    : Effect.fail(new SpendLimitInvalid({ detail: error }))
}

/**
 * Applies one change for the customer under their row's hold, records it in
 * the history and the responsible-play log, in the caller's transaction.
 */
const applyChange = (customerId: string, to: SpendLimit, at: Date) =>
  Effect.gen(function* () {
    const store = yield* SpendLimitStore
    const events = yield* ResponsiblePlayEvents
    const held = yield* store.settingForUpdate(customerId)
    const { setting, change } = changeSpendLimit(held, to, at)
    yield* store.save(customerId, setting, { ...change, changedBy: "Customer" })
    yield* events.record({
      customerId,
      kind: "SpendLimitChanged",
      at,
      detail: changeDetail(change),
    })
    return setting
  })

/**
 * Checkout's check, on the customer's position read under their hold
 * (SpendLimitStore.positionForCheckout, its month from the London month's
 * start and without this order): a second tab's checkout waits for the hold
 * and then sees this one's order. `thisOrder` is the order's spend (rules'
 * spendOf).
 */
export const enforceSpendLimit = (
  customerId: string,
  position: CheckoutPosition,
  thisOrder: Pence,
  at: Date,
  /** Site credit pays it all: the order completes now, with no payment to ask before. */
  completesAtOnce = false,
): Effect.Effect<void, SpendLimitUnanswered | SpendLimitReached> => {
  // Site credit bought alone (or a free entry) commits nothing: a deposit is not limited.
  if (thisOrder <= 0) return Effect.void
  const setting = settledAt(position.setting, at)
  if (setting.current === null) {
    return mustAnswerFirst(setting, position.completedOrders, completesAtOnce)
      ? Effect.fail(new SpendLimitUnanswered({ customerId, before: "Checkout" }))
      : Effect.void
  }
  if (setting.current.kind === "NoLimit") return Effect.void
  const spent = sumSpend(position.ordersSince)
  const verdict = spendVerdict(setting.current, spent, thisOrder)
  if (verdict.kind !== "Refused") return Effect.void
  const { limit, order, left } = verdict
  return Effect.fail(
    new SpendLimitReached({ customerId, limit, spent: verdict.spent, order, left }),
  )
}

/**
 * Asked before a payment starts (Payments.startPayment). A customer who
 * never answered the spend-limit question answers it first, as registration
 * promised ("we'll ask again before your next purchase"), so the first
 * purchase is not paid for before it. The answer then counts for this very
 * payment: an order placed while the question was open (or before a
 * lowering) is paid only within the limit now in force, the month's other
 * orders counted as checkout counts them. A plain read, no hold: starting a
 * payment adds no spend (the order is counted already), and checkout, which
 * does, decides under the customer's hold.
 */
export const ensureSpendLimitBeforePaying = (
  order: Pick<
    Order,
    "id" | "customerId" | "status" | "orderTotal" | "siteCreditDebit" | "creditItems"
  >,
  at: Date,
): Effect.Effect<
  void,
  SpendLimitUnanswered | SpendLimitReached | RepositoryError,
  SpendLimitStore
> =>
  Effect.gen(function* () {
    const store = yield* SpendLimitStore
    const setting = settledAt(yield* store.setting(order.customerId), at)
    const spend = spendOf({
      status: order.status,
      orderTotal: order.orderTotal,
      siteCreditDebit: order.siteCreditDebit,
      creditBought: pence(order.creditItems.reduce((sum, item) => sum + item.lineTotal, 0)),
    })
    if (mustAnswerBeforePaying(setting, spend))
      return yield* new SpendLimitUnanswered({ customerId: order.customerId, before: "Payment" })
    if (setting.current === null || setting.current.kind === "NoLimit" || spend <= 0) return
    const others = yield* store.ordersSince(order.customerId, startOfLondonMonth(at), order.id)
    const verdict = spendVerdict(setting.current, sumSpend(others), spend)
    if (verdict.kind === "Refused")
      return yield* new SpendLimitReached({
        customerId: order.customerId,
        limit: verdict.limit,
        spent: verdict.spent,
        order: verdict.order,
        left: verdict.left,
      })
  })

/** Where checkout's spend-limit month starts for an order made at `at`. */
export const spendLimitMonthStart = (at: Date): Date => startOfLondonMonth(at)

/**
 * Records a refused checkout in the responsible-play log. Called after the
 * checkout's transaction rolled back, or the record would go with it.
 */
export const recordSpendLimitReached = (refusal: SpendLimitReached, at: Date) =>
  Effect.flatMap(ResponsiblePlayEvents, (events) =>
    events.record({
      customerId: refusal.customerId,
      kind: "SpendLimitReached",
      at,
      detail: {
        limit: refusal.limit,
        spent: refusal.spent,
        order: refusal.order,
        left: refusal.left,
      },
    }),
  )

/**
 * The registration's optional answer (decision 0041: "prompted at registration"),
 * in the registration's transaction. Registration asks for it only where it
 * is wired, as it does for referrals.
 */
export class SpendLimitSignUps extends Context.Tag("@howzat/core/SpendLimitSignUps")<
  SpendLimitSignUps,
  {
    readonly answered: (
      customerId: string,
      to: SpendLimit,
      at: Date,
    ) => Effect.Effect<void, SpendLimitInvalid | RepositoryError>
  }
>() {
  static readonly fromStore = Effect.gen(function* () {
    const context = yield* Effect.context<SpendLimitStore | ResponsiblePlayEvents>()
    return {
      answered: (customerId: string, to: SpendLimit, at: Date) =>
        Effect.flatMap(validated(to), (limit) =>
          Effect.asVoid(applyChange(customerId, limit, at)),
        ).pipe(Effect.provide(context)),
    }
  })
}

/**
 * The customer's own monthly spend limit (decision 0041): read
 * and change it. Anyone else's customer id is answered as not found.
 */
export class SpendLimits extends Effect.Service<SpendLimits>()("@howzat/core/SpendLimits", {
  effect: Effect.gen(function* () {
    const store = yield* SpendLimitStore
    const transactions = yield* Transactions
    const context = yield* Effect.context<SpendLimitStore | ResponsiblePlayEvents>()

    const own = (principal: Principal, customerId: string) =>
      principal.customerId === customerId
        ? Effect.void
        : Effect.fail(new CustomerNotFound({ customerId }))

    const summaryOf = (customerId: string, setting: SpendLimitSetting, at: Date) =>
      Effect.gen(function* () {
        const settled = settledAt(setting, at)
        const spent = sumSpend(yield* store.ordersSince(customerId, startOfLondonMonth(at)))
        return {
          limit: settled.current,
          pending: settled.pending,
          spentThisMonth: spent,
          leftThisMonth:
            settled.current?.kind === "Amount"
              ? leftThisMonth(settled.current.amount, spent)
              : null,
        } satisfies SpendLimitSummary
      })

    const now = Effect.map(
      Effect.clockWith((clock) => clock.currentTimeMillis),
      (ms) => new Date(ms),
    )

    return {
      summary: (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          yield* own(principal, customerId)
          const at = yield* now
          return yield* summaryOf(customerId, yield* store.setting(customerId), at)
        }),

      change: (principal: Principal, customerId: string, to: SpendLimit) =>
        Effect.gen(function* () {
          yield* own(principal, customerId)
          const limit = yield* validated(to)
          const at = yield* now
          const setting = yield* transactions.within(
            applyChange(customerId, limit, at).pipe(Effect.provide(context)),
          )
          return yield* summaryOf(customerId, setting, at)
        }),
    }
  }),
}) {}
