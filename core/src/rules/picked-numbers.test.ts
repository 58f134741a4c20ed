import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  countedTowardsMaximum,
  distinctNumbers,
  holdExpiresAt,
  holdIsLive,
  holdsEndAt,
  MAX_PICKS_PER_REQUEST,
  mayPickNumbers,
  newPicks,
  PICK_HOLD_MINUTES,
  type PickFacts,
  pickMessages,
  pickRefusal,
  pickShapeRefusal,
  pickYourNumbersSwitchRefusal,
  quantityBelowPicks,
} from "./picked-numbers.js"

const AT = new Date("2026-11-29T12:00:00Z")
const open = { pickYourNumbers: true, instantWinNumbers: 0, totalTickets: 100 }

const facts = (overrides: Partial<PickFacts> = {}): PickFacts => ({
  unavailable: [],
  alreadyPicked: [],
  maxPerCustomer: 10,
  ticketsHeld: 0,
  heldInOtherBaskets: 0,
  basketQuantity: 0,
  ...overrides,
})

describe("the hold's length", () => {
  it("is ten minutes", () => {
    expect(PICK_HOLD_MINUTES).toBe(10)
    expect(holdExpiresAt(AT).toISOString()).toBe("2026-11-29T12:10:00.000Z")
  })

  it("stands until its expiry and not at it", () => {
    const ends = holdExpiresAt(AT)
    expect(holdIsLive(ends, new Date(ends.getTime() - 1))).toBe(true)
    expect(holdIsLive(ends, ends)).toBe(false)
    expect(holdIsLive(ends, new Date(ends.getTime() + 1))).toBe(false)
  })

  it("never outlives its expiry, wherever the clock is (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer(), (taken, offset) => {
        const ends = holdExpiresAt(new Date(taken))
        const at = new Date(taken + offset)
        expect(holdIsLive(ends, at)).toBe(offset < PICK_HOLD_MINUTES * 60_000)
      }),
    )
  })

  it("shows the first live expiry, none once all ran out", () => {
    const a = new Date(AT.getTime() + 60_000)
    const b = new Date(AT.getTime() + 120_000)
    expect(holdsEndAt([b, a, new Date(AT.getTime() - 1)], AT)).toEqual(a)
    expect(holdsEndAt([AT], AT)).toBeNull()
  })
})

describe("who may pick", () => {
  it("only where staff switched it on and there are no instant wins", () => {
    expect(mayPickNumbers({ pickYourNumbers: true, instantWinNumbers: 0 })).toBe(true)
    expect(mayPickNumbers({ pickYourNumbers: false, instantWinNumbers: 0 })).toBe(false)
    expect(mayPickNumbers({ pickYourNumbers: true, instantWinNumbers: 3 })).toBe(false)
  })

  it("refuses the switch on a competition with instant wins, and only there", () => {
    expect(pickYourNumbersSwitchRefusal(true, 5)).toBe(pickMessages.switchRefusedInstantWins)
    expect(pickYourNumbersSwitchRefusal(true, 0)).toBeNull()
    expect(pickYourNumbersSwitchRefusal(false, 5)).toBeNull()
  })
})

describe("pickShapeRefusal", () => {
  it("refuses instant-win competitions before anything else", () => {
    expect(pickShapeRefusal({ ...open, instantWinNumbers: 1 }, [0])?.kind).toBe("InstantWins")
  })

  it("refuses a competition without picks", () => {
    expect(pickShapeRefusal({ ...open, pickYourNumbers: false }, [1])?.kind).toBe(
      "NotPickYourNumbers",
    )
  })

  it("names the numbers out of range", () => {
    const refusal = pickShapeRefusal(open, [0, 5, 101, 5])
    expect(refusal).toMatchObject({ kind: "OutOfRange", numbers: [0, 101] })
    expect(refusal?.message).toBe(
      "Numbers 0 and 101 are not ticket numbers of this competition (1 to 100).",
    )
  })

  it("refuses no numbers and too many", () => {
    expect(pickShapeRefusal(open, [])?.kind).toBe("NoNumbers")
    const many = Array.from({ length: MAX_PICKS_PER_REQUEST + 1 }, (_, i) => i + 1)
    expect(pickShapeRefusal({ ...open, totalTickets: 1000 }, many)?.kind).toBe("TooMany")
  })

  it("accepts any set of numbers in range (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 100 }),
        (numbers) => {
          expect(pickShapeRefusal(open, numbers)).toBeNull()
        },
      ),
    )
  })
})

describe("pickRefusal", () => {
  it("refuses a taken number, naming it", () => {
    const refusal = pickRefusal([3, 4], facts({ unavailable: [4, 9] }))
    expect(refusal).toMatchObject({ kind: "Taken", numbers: [4] })
    expect(refusal?.message).toBe(
      "Number 4 has just been taken by someone else. Please pick another.",
    )
  })

  it("counts held numbers in other baskets and the basket towards the maximum", () => {
    const refusal = pickRefusal(
      [1, 2],
      facts({ maxPerCustomer: 10, ticketsHeld: 5, heldInOtherBaskets: 2, basketQuantity: 2 }),
    )
    expect(refusal).toMatchObject({ kind: "OverMaximum", counted: 11, maxPerCustomer: 10 })
    expect(
      pickRefusal(
        [1],
        facts({ maxPerCustomer: 10, ticketsHeld: 5, heldInOtherBaskets: 2, basketQuantity: 2 }),
      ),
    ).toBeNull()
  })

  it("adds nothing for numbers the basket picked already", () => {
    expect(newPicks([1, 2, 2, 3], [2])).toEqual([1, 3])
    expect(
      pickRefusal([1, 2], facts({ maxPerCustomer: 2, basketQuantity: 2, alreadyPicked: [1, 2] })),
    ).toBeNull()
  })

  it("never lets the counted tickets pass the maximum (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 10 }),
        fc.record({
          maxPerCustomer: fc.integer({ min: 1, max: 40 }),
          ticketsHeld: fc.integer({ min: 0, max: 40 }),
          heldInOtherBaskets: fc.integer({ min: 0, max: 40 }),
          basketQuantity: fc.integer({ min: 0, max: 40 }),
        }),
        (numbers, alreadyPicked, counts) => {
          const f = facts({ ...counts, alreadyPicked: distinctNumbers(alreadyPicked) })
          const refusal = pickRefusal(numbers, f)
          const after = countedTowardsMaximum({
            ...counts,
            basketQuantityAfter: counts.basketQuantity + newPicks(numbers, f.alreadyPicked).length,
          })
          if (refusal === null) expect(after).toBeLessThanOrEqual(counts.maxPerCustomer)
          else expect(refusal.kind).toBe("OverMaximum")
        },
      ),
    )
  })

  it("never accepts a number that is unavailable (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 20 }),
        (numbers, unavailable) => {
          const refusal = pickRefusal(numbers, facts({ unavailable, maxPerCustomer: 1000 }))
          const clash = numbers.filter((n) => unavailable.includes(n))
          if (clash.length === 0) expect(refusal).toBeNull()
          else expect(refusal).toMatchObject({ kind: "Taken", numbers: distinctNumbers(clash) })
        },
      ),
    )
  })
})

describe("quantityBelowPicks", () => {
  it("refuses a quantity under the picks, but not removing the item", () => {
    expect(quantityBelowPicks(1, 2)).toBe(true)
    expect(quantityBelowPicks(2, 2)).toBe(false)
    expect(quantityBelowPicks(0, 2)).toBe(false)
  })
})
