/**
 * What another team writes: properties against Howzat's rules using only the
 * package's public entries, `@howzat/core` and `@howzat/core/testing` (no
 * relative import reaches into core). If an arbitrary or a double stops being
 * exported, or stops fitting the public types, this file fails to compile.
 */
import { BasketRepo, basketTotals, competitionPhase } from "@howzat/core"
import {
  arbitraryBasket,
  arbitraryCompetitionSchedule,
  arbitraryInstantMs,
  emptyOrderStore,
  orderDoublesOver,
} from "@howzat/core/testing"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"

describe("@howzat/core/testing, used from outside", () => {
  it("prices any basket at no less than nothing, and takes no more credit than the balance", () => {
    fc.assert(
      fc.property(arbitraryBasket(), (basket) => {
        const totals = basketTotals(basket)
        expect(totals.basketTotal).toBeGreaterThanOrEqual(0)
        expect(totals.siteCreditDebit).toBeLessThanOrEqual(basket.siteCreditBalance)
      }),
    )
  })

  it("never sees a competition's phase move backwards", () => {
    fc.assert(
      fc.property(
        arbitraryCompetitionSchedule(),
        arbitraryInstantMs(),
        fc.nat(1_000_000_000),
        (schedule, now, later) => {
          const before = competitionPhase(schedule, new Date(now))
          expect(competitionPhase(schedule, new Date(now + later))).toBeGreaterThanOrEqual(before)
        },
      ),
    )
  })

  it("keeps one basket item per competition in the in-memory basket store, whatever is set", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.integer({ min: 1, max: 50 })), {
          maxLength: 12,
        }),
        async (changes) => {
          const basket = await Effect.runPromise(
            Effect.gen(function* () {
              const baskets = yield* BasketRepo
              const { id } = yield* baskets.create(null)
              for (const [competitionId, quantity] of changes)
                yield* baskets.setItem({ basketId: id, owner: null }, competitionId, quantity)
              return yield* baskets.byId(id)
            }).pipe(Effect.provide(orderDoublesOver(emptyOrderStore()))),
          )
          const last = new Map<string, number>(changes)
          expect(basket.items).toHaveLength(last.size)
          for (const item of basket.items) expect(item.quantity).toBe(last.get(item.competitionId))
        },
      ),
    )
  })
})
