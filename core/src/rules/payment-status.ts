/**
 * The payment status machine (docs/product/states.md § Payments; decisions
 * 0011 and 0042). A card payment is Pending until the provider says how it
 * ended, then Succeeded or Failed; a succeeded one becomes Refunded once its
 * money went back. The provider's word can arrive twice or out of order (its
 * notification, the customer's browser returning, the status sweep), so what
 * each word does to each status is decided here, once: every PaymentRepo
 * answers by it (the in-memory double calls these functions; the Postgres
 * adapter's conditional UPDATEs take their status lists from
 * `statusesASettleMoves` and `statusesARefundMoves`), and
 * test/contracts/payments.contract.ts holds every store to it.
 */
export const PaymentStatus = {
  Pending: "Pending",
  Succeeded: "Succeeded",
  Failed: "Failed",
  /** It succeeded, and the money went back (docs/decisions/0011). */
  Refunded: "Refunded",
} as const
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus]

export const paymentStatuses: readonly PaymentStatus[] = Object.values(PaymentStatus)

/** How the provider says an attempt ended: the word a settle carries. */
export type SettledStatus = typeof PaymentStatus.Succeeded | typeof PaymentStatus.Failed

export const settledStatuses: readonly SettledStatus[] = [
  PaymentStatus.Succeeded,
  PaymentStatus.Failed,
]

/**
 * Per status, the words a settle takes from it; any other word leaves the
 * payment as it stands and is not a change. Per status, so a new status
 * fails to compile until it is placed.
 *
 * - **Pending** takes either word: the first to arrive is the one kept.
 * - **Failed** takes only a success, which overrides the failure: a declined
 *   intent stays open at a real provider and a card can still pay it, so
 *   money has moved and the shop must know (decision 0011). A second failure
 *   changes nothing, so the first failure's words are the ones kept.
 * - **Succeeded** takes nothing: a success is never undone by a later word
 *   (a stale decline, a void that lost the race), and a second success keeps
 *   the first one's card.
 * - **Refunded** takes nothing: the money went back, for good.
 */
const wordsASettleTakes: Readonly<Record<PaymentStatus, readonly SettledStatus[]>> = {
  [PaymentStatus.Pending]: [PaymentStatus.Succeeded, PaymentStatus.Failed],
  [PaymentStatus.Failed]: [PaymentStatus.Succeeded],
  [PaymentStatus.Succeeded]: [],
  [PaymentStatus.Refunded]: [],
}

/**
 * Whether a settle with the provider's `word` moves a payment in status
 * `from`: what PaymentRepo.settle answers as `changed`. When it does, the
 * payment takes the word as its status (and the word's failure detail or
 * card); when it does not, nothing about the payment changes.
 */
export const settleMoves = (from: PaymentStatus, word: SettledStatus): boolean =>
  wordsASettleTakes[from].includes(word)

/** The status a payment in `from` has after a settle with `word`. */
export const statusAfterSettle = (from: PaymentStatus, word: SettledStatus): PaymentStatus =>
  settleMoves(from, word) ? word : from

/** The status after the provider's words, in the order they arrived. */
export const statusAfterSettles = (
  words: Iterable<SettledStatus>,
  from: PaymentStatus = PaymentStatus.Pending,
): PaymentStatus => {
  let status = from
  for (const word of words) status = statusAfterSettle(status, word)
  return status
}

/**
 * The statuses a settle with `word` moves, for a store that settles with a
 * conditional update in its own query language (the Postgres adapter's
 * `UPDATE … WHERE status IN (…)`, which makes racing settles meet on the row).
 */
export const statusesASettleMoves = (word: SettledStatus): readonly PaymentStatus[] =>
  paymentStatuses.filter((status) => settleMoves(status, word))

/**
 * Whether a refund the provider made moves the payment to Refunded: only a
 * succeeded payment's money can go back, and only once.
 */
export const refundMoves = (from: PaymentStatus): boolean => from === PaymentStatus.Succeeded

/** The statuses a refund made moves to Refunded, for a store's conditional update. */
export const statusesARefundMoves: readonly PaymentStatus[] = paymentStatuses.filter(refundMoves)

/** What a settle or a refund may make of a payment in `from`. */
const movesFrom = (from: PaymentStatus): readonly PaymentStatus[] => [
  ...wordsASettleTakes[from],
  ...(refundMoves(from) ? [PaymentStatus.Refunded] : []),
]

/**
 * The machine as a table of moves, from settles and refunds alike: what a
 * payment may become from each status. Read by the tests; the functions
 * above decide.
 */
export const paymentTransitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  [PaymentStatus.Pending]: movesFrom(PaymentStatus.Pending),
  [PaymentStatus.Succeeded]: movesFrom(PaymentStatus.Succeeded),
  [PaymentStatus.Failed]: movesFrom(PaymentStatus.Failed),
  [PaymentStatus.Refunded]: movesFrom(PaymentStatus.Refunded),
}

/** No word and no refund moves a payment in this status again. */
export const isFinalPaymentStatus = (status: PaymentStatus): boolean =>
  paymentTransitions[status].length === 0
