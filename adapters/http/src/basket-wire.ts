import type { VoucherChangeJson } from "@howzat/contracts/baskets"
import type { AllocationException, BasketView } from "@howzat/core/orders"
import { type VoucherChange, voucherChangeMessage } from "@howzat/core/rules"
import { competitionToWire } from "./wire"

/**
 * Core's priced basket to its wire shape (contracts/src/baskets.ts). `exceptions` are the last
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
  items: [
    ...view.lines.map((line) => ({
      itemType: "CompetitionTickets" as const,
      id: line.item.id,
      competitionTicketDetails: {
        competition: competitionToWire(line.competition, now),
        quantity: line.item.quantity,
        price: line.competition.ticketPrice,
        customerBoughtToDateTicketQuantity: line.customerBoughtToDateTicketQuantity,
      },
      siteCreditDetails: null,
      preDiscountTotal: line.totals.preDiscountTotal,
      lineTotal: line.totals.lineTotal,
      discounts: line.totals.discounts.map((d) => ({ description: d.description, value: d.value })),
    })),
    // Credit is priced whole: no voucher touches it (docs/decisions/0038).
    ...view.siteCreditItems.map((item) => ({
      itemType: "SiteCredit" as const,
      id: "sitecredit" as const,
      competitionTicketDetails: null,
      siteCreditDetails: { description: item.description, creditAmount: item.lineTotal },
      preDiscountTotal: item.lineTotal,
      lineTotal: item.lineTotal,
      discounts: [],
    })),
  ],
  itemTemplates: view.itemTemplates.map((template) => ({ ...template })),
  // Deprecated: the same credit lines in their first shape, for older clients.
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
  charitableDonation: {
    autoRoundup: view.basket.autoRoundup,
    charity:
      view.charity === null
        ? null
        : {
            name: view.charity.name,
            url: view.charity.url,
            registeredNumber: view.charity.registeredNumber ?? null,
          },
    value: view.totals.donation,
  },
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
