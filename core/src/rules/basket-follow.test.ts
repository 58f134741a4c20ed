import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Basket } from "../orders/model.js"
import { followedBasket, holdsSomething, mergedContents } from "./basket-follow.js"
import { pence, ZERO_PENCE } from "./money.js"

const basket = (
  id: string,
  items: readonly [string, number][] = [],
  extras: Partial<Basket> = {},
): Basket => ({
  id,
  customerId: "ann",
  items: items.map(([competitionId, quantity], i) => ({
    id: `${id}-${i}`,
    competitionId,
    quantity,
  })),
  promotionCodes: [],
  autoRoundup: false,
  siteCreditRequested: ZERO_PENCE,
  siteCreditPurchase: ZERO_PENCE,
  orderId: null,
  ...extras,
})

describe("followedBasket", () => {
  it("is the customer's newest basket with something in it, wherever it was filled", () => {
    const laptop = basket("laptop", [["car", 5]])
    const phone = basket("phone")
    const older = basket("older", [["watch", 1]])
    expect(followedBasket(phone, [phone, laptop, older])?.id).toBe("laptop")
  })

  it("is this browser's basket when none of theirs holds anything, else their newest", () => {
    const here = basket("here")
    expect(followedBasket(here, [basket("a"), here])?.id).toBe("here")
    expect(followedBasket(null, [basket("a"), basket("b")])?.id).toBe("a")
    expect(followedBasket(null, [])).toBeNull()
  })

  it("keeps a filled browser basket that is not among the newest looked at", () => {
    const here = basket("here", [["car", 1]])
    expect(followedBasket(here, [basket("a"), basket("b")])?.id).toBe("here")
  })

  it("counts credit to buy as something chosen", () => {
    expect(holdsSomething(basket("x", [], { siteCreditPurchase: pence(500) }))).toBe(true)
    expect(holdsSomething(basket("x"))).toBe(false)
  })
})

describe("mergedContents", () => {
  it("takes the larger quantity of a competition on both, never the sum", () => {
    const merged = mergedContents(
      basket("into", [
        ["car", 5],
        ["watch", 1],
      ]),
      basket("from", [
        ["watch", 3],
        ["boat", 2],
      ]),
    )
    expect(merged.items).toEqual([
      { competitionId: "car", quantity: 5 },
      { competitionId: "watch", quantity: 3 },
      { competitionId: "boat", quantity: 2 },
    ])
  })

  it("keeps the target's voucher, or brings the other's when it has none", () => {
    const withCode = (code: string) => basket(code, [], { promotionCodes: [code] })
    expect(mergedContents(withCode("A"), withCode("B")).promotionCodes).toEqual(["A"])
    expect(mergedContents(basket("x"), withCode("B")).promotionCodes).toEqual(["B"])
  })

  const lines = fc.uniqueArray(
    fc.tuple(fc.constantFrom("a", "b", "c", "d", "e"), fc.integer({ min: 1, max: 1000 })),
    { selector: ([competition]) => competition, maxLength: 5 },
  )
  const credit = fc.integer({ min: 0, max: 100_000 }).map(pence)

  it("loses no competition, adds no ticket nobody chose, and never costs more than either side asked (property)", () => {
    fc.assert(
      fc.property(lines, lines, credit, credit, (a, b, creditA, creditB) => {
        const into = basket("into", a, { siteCreditPurchase: creditA })
        const from = basket("from", b, { siteCreditPurchase: creditB })
        const merged = mergedContents(into, from)
        const quantity = new Map(merged.items.map((i) => [i.competitionId, i.quantity]))
        // One line a competition, and every competition of either basket.
        expect(quantity.size).toBe(merged.items.length)
        expect([...quantity.keys()].sort()).toEqual(
          [...new Set([...a, ...b].map(([competition]) => competition))].sort(),
        )
        for (const [competition, q] of quantity) {
          const asked = [...a, ...b].filter(([c]) => c === competition).map(([, n]) => n)
          expect(q).toBe(Math.max(...asked))
        }
        expect(merged.siteCreditPurchase).toBe(Math.max(creditA, creditB))
      }),
    )
  })

  it("changes nothing when merged with itself, or with an empty basket (property)", () => {
    fc.assert(
      fc.property(lines, (a) => {
        const into = basket("into", a)
        const same = mergedContents(into, into)
        const withEmpty = mergedContents(into, basket("empty"))
        for (const merged of [same, withEmpty])
          expect(merged.items).toEqual(
            a.map(([competitionId, quantity]) => ({ competitionId, quantity })),
          )
      }),
    )
  })
})
