/**
 * The in-memory PromotionUses: vouchers by code with their usage counts,
 * the uses orders hold, and the credit their clubs earned, kept as the
 * promotions, promotion_uses and club_credit_entries tables keep them. The
 * basket, checkout and payment doubles all count voucher uses through this
 * one, so none of them drifts on its own.
 */
import { Effect } from "effect"
import { RepositoryError } from "../competitions/errors.js"
import type { PromotionUsesShape } from "../ports/promotions.js"
import type { Pence } from "../rules/money.js"
import type { Promotion } from "./model.js"

/** A use of a voucher an order holds, counted for the order's customer. */
export interface PromotionUseRow {
  readonly orderId: string
  readonly customerId: string
  readonly code: string
}

/** Where the uses are kept; changed in place, so a double's rollback may put it back. */
export interface PromotionUseBook {
  /** The shop's vouchers by code; `usageCount` is what claim and release move. */
  readonly promotions: Map<string, Promotion>
  /** One row per use an order holds, in the order they were claimed. */
  readonly promotionUses: PromotionUseRow[]
  /** Club credit for paid orders, once per `${clubId}/${orderId}`. */
  readonly clubCredits: Map<string, Pence>
}

export const emptyPromotionUseBook = (): PromotionUseBook => ({
  promotions: new Map(),
  promotionUses: [],
  clubCredits: new Map(),
})

/**
 * PromotionUses over `book`. `customerOf` reads an order's customer, as the
 * adapter reads it from the order (so no caller can name another); an order
 * it does not know cannot claim. Nothing runs at once in memory, so the
 * hold of holdForCheckout is the database's business.
 */
export const memoryPromotionUses = (
  book: PromotionUseBook,
  customerOf: (orderId: string) => string | undefined,
): PromotionUsesShape => {
  const usesBy = (code: string, customerId: string) =>
    book.promotionUses.filter((use) => use.code === code && use.customerId === customerId).length
  const heldBy = (orderId: string) => book.promotionUses.filter((use) => use.orderId === orderId)
  return {
    holdForCheckout: (code, customerId) =>
      Effect.sync(() => {
        const promotion = book.promotions.get(code)
        return promotion === undefined
          ? null
          : { promotion, customerUses: usesBy(code, customerId) }
      }),
    customerUses: (code, customerId) => Effect.sync(() => usesBy(code, customerId)),
    claim: (orderId, codes) =>
      Effect.suspend(() => {
        const held = heldBy(orderId)
        // What the order holds already, as the adapter reads it back: by code.
        if (held.length > 0) return Effect.succeed(held.map((use) => use.code).sort())
        const customerId = customerOf(orderId)
        const refused = (cause: string) =>
          Effect.fail(new RepositoryError({ operation: "promotionUses.claim", cause }))
        if (customerId === undefined) return refused(`No order ${orderId}`)
        // The table's key is (order, promotion): a code named twice breaks it, and nothing is counted.
        if (new Set(codes).size !== codes.length)
          return refused(`A code twice: ${codes.join(", ")}`)
        const claimed = codes.filter((code) => {
          const promotion = book.promotions.get(code)
          if (promotion === undefined) return false
          if (promotion.usageLimit !== null && promotion.usageCount >= promotion.usageLimit)
            return false
          book.promotions.set(code, { ...promotion, usageCount: promotion.usageCount + 1 })
          book.promotionUses.push({ orderId, customerId, code })
          return true
        })
        return Effect.succeed(claimed)
      }),
    release: (orderId) =>
      Effect.sync(() => {
        const held = heldBy(orderId)
        for (const use of held) {
          const promotion = book.promotions.get(use.code)
          if (promotion !== undefined)
            book.promotions.set(use.code, { ...promotion, usageCount: promotion.usageCount - 1 })
        }
        const kept = book.promotionUses.filter((use) => use.orderId !== orderId)
        book.promotionUses.splice(0, book.promotionUses.length, ...kept)
        return held.length
      }),
    clubsOf: (orderId) =>
      Effect.sync(() =>
        heldBy(orderId).flatMap((use) => {
          const clubId = book.promotions.get(use.code)?.clubId ?? null
          return clubId === null ? [] : [clubId]
        }),
      ),
    creditClub: (clubId, orderId, amount) =>
      Effect.sync(() => {
        const key = `${clubId}/${orderId}`
        if (book.clubCredits.has(key)) return false
        book.clubCredits.set(key, amount)
        return true
      }),
  }
}
