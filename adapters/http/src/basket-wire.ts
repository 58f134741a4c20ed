import type { VoucherChangeJson } from "@howzat/contracts/baskets"
import type { BasketView } from "@howzat/core/orders/baskets"
import type { AllocationException } from "@howzat/core/orders/model"
import { type VoucherChange, voucherChangeMessage } from "@howzat/core/rules/vouchers"
import { competitionToWire } from "./wire"

/**
 * Core's priced basket to SPEC §3's wire shape. `exceptions` are the last
 * checkout's allocation exceptions: only the checkout call knows them, every
 * other call answers with none.
 */
export const basketToWire = (
  view: BasketView,
  siteCreditAvailable: number,
  now: Date,
  exceptions: readonly AllocationException[] = [],
) => ({
  id: view.basket.id,
  customerId: view.basket.customerId,
  items: view.lines.map((line) => ({
    id: line.item.id,
    competitionTicketDetails: {
      competition: competitionToWire(line.competition, now),
      quantity: line.item.quantity,
      price: line.competition.ticketPrice,
      customerBoughtToDateTicketQuantity: line.customerBoughtToDateTicketQuantity,
    },
    preDiscountTotal: line.totals.preDiscountTotal,
    lineTotal: line.totals.lineTotal,
    discounts: line.totals.discounts.map((d) => ({ description: d.description, value: d.value })),
  })),
  siteCreditItems: view.siteCreditItems.map((item) => ({
    description: item.description,
    creditAmount: item.lineTotal,
    lineTotal: item.lineTotal,
  })),
  itemTotal: view.totals.itemTotal,
  discounts: view.totals.discounts.map((d) => ({ description: d.description, value: d.value })),
  discountTotal: view.totals.discountTotal,
  basketTotal: view.totals.basketTotal,
  appliedPromotionCodes: view.appliedPromotionCodes.map((code) => ({ code })),
  charitableDonation: { autoRoundup: view.basket.autoRoundup, value: view.totals.donation },
  siteCreditDebitAmount: view.totals.siteCreditDebit,
  siteCreditAvailable,
  ticketAllocationExceptions: exceptions.map((e) => ({
    competitionName: e.competitionName,
    exceptionReason: e.exceptionReason,
  })),
})

/** What happened to the basket's one code (docs/decisions/0076), with core's sentence. */
export const voucherChangeToWire = (change: VoucherChange): VoucherChangeJson => ({
  kind: change.kind,
  code: change.kind === "Removed" ? null : change.code,
  replaced:
    change.kind === "Replaced"
      ? change.replaced
      : change.kind === "Removed"
        ? change.removed
        : null,
  message: voucherChangeMessage(change),
})
