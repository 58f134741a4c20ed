import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"
import { describe, expect, it } from "vitest"
import { ApiError } from "../../api/client"
import { type SettlingShop, sandboxFailureOutcome, settleCardOutcome } from "./settle"

const order = { id: "o1", orderRef: "HZ123" }

const payment = (over: Partial<PaymentJson>): PaymentJson => ({
  id: "p1",
  amount: 500,
  status: "Pending",
  token: "tok_1",
  provider: "sandbox",
  failureDetail: null,
  createdDateUtc: "2026-11-23T00:00:00.000Z",
  ...over,
})

/** A shop whose complete-order answers `completion`, and whose order reads as `now` (or fails). */
const shop = (
  completion: unknown,
  now?: Pick<OrderJson, "status" | "payments">,
): SettlingShop & { completed: string[] } => {
  const completed: string[] = []
  return {
    completed,
    completeOrder: async (orderId) => {
      completed.push(orderId)
      if (completion !== "ok") throw completion
    },
    getOrder: async () => {
      if (now === undefined) throw new ApiError("network", 0, "Network error", "")
      return { order: now }
    },
  }
}

const notYet = new ApiError("http", 402, "Payment failed", "We have not received your payment yet.")
const closed = new ApiError("http", 409, "Order changed", "This order has expired.")

describe("settleCardOutcome", () => {
  it("an accepted card completes the order and is paid", async () => {
    const s = shop("ok")
    expect(await settleCardOutcome(order, { kind: "accepted" }, s)).toEqual({ kind: "paid" })
    expect(s.completed).toEqual(["o1"])
  })

  it("a retry asks nothing of the shop and says what the provider said", async () => {
    const s = shop("ok")
    expect(await settleCardOutcome(order, { kind: "retry", message: "Try again" }, s)).toEqual({
      kind: "retry",
      message: "Try again",
    })
    expect(s.completed).toEqual([])
  })

  it("a decline is put to the shop, which completes the order if a payment went through after all", async () => {
    const declined = { kind: "declined", detail: "Insufficient funds" } as const
    expect(await settleCardOutcome(order, declined, shop("ok"))).toEqual({ kind: "paid" })
    expect(await settleCardOutcome(order, declined, shop(notYet))).toEqual({
      kind: "failed",
      detail: "Insufficient funds",
    })
  })

  it("a card the shop refused as credit fails with the shop's words, the order still open", async () => {
    const refused = payment({ status: "Refunded", failureDetail: "Credit cards can't pay here." })
    expect(
      await settleCardOutcome(
        order,
        { kind: "accepted" },
        shop(notYet, { status: "AwaitingPayment", payments: [refused] }),
      ),
    ).toEqual({ kind: "failed", detail: "Credit cards can't pay here." })
  })

  it("taken but not yet confirmed: received, with no second payment", async () => {
    const settled = await settleCardOutcome(
      order,
      { kind: "accepted" },
      shop(notYet, { status: "AwaitingPayment", payments: [payment({})] }),
    )
    expect(settled.kind).toBe("received")
    if (settled.kind === "received") expect(settled.message.title).toBe("Payment received")
  })

  it("taken after the order closed: received, saying why it was cancelled and that it is refunded", async () => {
    const settled = await settleCardOutcome(
      order,
      { kind: "accepted" },
      shop(closed, { status: "SystemCancelled", payments: [] }),
    )
    expect(settled.kind).toBe("received")
    if (settled.kind === "received") {
      expect(settled.message.title).toBe("Order cancelled")
      expect(settled.message.text).toMatch(/time to pay ran out/)
    }
    const unread = await settleCardOutcome(order, { kind: "accepted" }, shop(closed))
    if (unread.kind === "received")
      expect(unread.message.text).toMatch(/cancelled before your payment arrived/)
  })
})

describe("sandboxFailureOutcome", () => {
  it("an unreachable sandbox may be retried; any other failure is a decline", () => {
    expect(sandboxFailureOutcome(new ApiError("network", 0, "Network error", "")).kind).toBe(
      "retry",
    )
    expect(sandboxFailureOutcome(new ApiError("http", 422, "Declined", "Card declined"))).toEqual({
      kind: "declined",
      detail: "Card declined",
    })
  })
})
