import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryPaymentStatus, arbitrarySettledStatus } from "../testing/arbitraries/index.js"
import {
  isFinalPaymentStatus,
  PaymentStatus,
  paymentStatuses,
  paymentTransitions,
  refundMoves,
  type SettledStatus,
  settleMoves,
  statusAfterSettle,
  statusAfterSettles,
  statusesARefundMoves,
  statusesASettleMoves,
} from "./payment-status.js"

const words = fc.array(arbitrarySettledStatus(), { maxLength: 8 })

/** Every order the same words could arrive in. */
const orders = <A>(items: readonly A[]): A[][] =>
  items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) =>
        orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      )

describe("the payment status machine", () => {
  it("moves Pending to either word, a failure only to a success, and nothing else", () => {
    expect(paymentTransitions).toEqual({
      Pending: ["Succeeded", "Failed"],
      Failed: ["Succeeded"],
      Succeeded: ["Refunded"],
      Refunded: [],
    })
    expect(statusesASettleMoves("Succeeded")).toEqual(["Pending", "Failed"])
    expect(statusesASettleMoves("Failed")).toEqual(["Pending"])
    expect(statusesARefundMoves).toEqual(["Succeeded"])
    expect(paymentStatuses.filter(isFinalPaymentStatus)).toEqual(["Refunded"])
  })

  it("lists for a store's query exactly the statuses the rule moves", () => {
    for (const word of ["Succeeded", "Failed"] as const)
      for (const status of paymentStatuses)
        expect(statusesASettleMoves(word).includes(status)).toBe(settleMoves(status, word))
    for (const status of paymentStatuses)
      expect(statusesARefundMoves.includes(status)).toBe(refundMoves(status))
  })

  it("makes only the moves its table lists, and a move is a change of status (property)", () => {
    fc.assert(
      fc.property(arbitraryPaymentStatus(), arbitrarySettledStatus(), (from, word) => {
        const to = statusAfterSettle(from, word)
        if (settleMoves(from, word)) {
          expect(to).toBe(word)
          expect(to).not.toBe(from)
          expect(paymentTransitions[from]).toContain(to)
        } else expect(to).toBe(from)
      }),
    )
  })

  it("settling twice with the same word is settling once (property)", () => {
    fc.assert(
      fc.property(arbitraryPaymentStatus(), arbitrarySettledStatus(), (from, word) => {
        const once = statusAfterSettle(from, word)
        expect(statusAfterSettle(once, word)).toBe(once)
        expect(settleMoves(once, word)).toBe(false)
      }),
    )
  })

  it("never undoes a success with a later word, nor brings a refunded payment back (property)", () => {
    fc.assert(
      fc.property(words, words, (before, after) => {
        const settled = statusAfterSettles([...before, "Succeeded", ...after])
        expect(settled).toBe(PaymentStatus.Succeeded)
        expect(statusAfterSettles(after, PaymentStatus.Refunded)).toBe(PaymentStatus.Refunded)
      }),
    )
  })

  it("ends in the same status whatever order the words arrive in (property)", () => {
    fc.assert(
      fc.property(
        arbitraryPaymentStatus(),
        fc.array(arbitrarySettledStatus(), { maxLength: 5 }),
        (from, arrived) => {
          const ends = new Set(orders(arrived).map((order) => statusAfterSettles(order, from)))
          expect(ends.size).toBe(1)
        },
      ),
    )
  })

  it("ends a new payment Succeeded on any success, else Failed on any failure, else Pending (property)", () => {
    fc.assert(
      fc.property(words, (arrived) => {
        const expected: PaymentStatus = arrived.includes("Succeeded")
          ? "Succeeded"
          : arrived.includes("Failed")
            ? "Failed"
            : "Pending"
        expect(statusAfterSettles(arrived)).toBe(expected)
      }),
    )
  })

  it("changes a new payment at most twice: its first word, and a success after a failure (property)", () => {
    fc.assert(
      fc.property(words, (arrived) => {
        let status: PaymentStatus = "Pending"
        const changes: SettledStatus[] = []
        for (const word of arrived) {
          if (settleMoves(status, word)) changes.push(word)
          status = statusAfterSettle(status, word)
        }
        expect([[], ["Succeeded"], ["Failed"], ["Failed", "Succeeded"]]).toContainEqual(changes)
        expect(changes[0]).toBe(arrived[0])
      }),
    )
  })
})
