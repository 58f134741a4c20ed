import { PaymentStillProcessing } from "@howzat/core/orders"
import { PaymentGatewayUnavailable } from "@howzat/core/ports"
import { Effect, Logger } from "effect"
import { describe, expect, it } from "vitest"
import { CANNOT_CANCEL_YET, CANNOT_START_PAYMENT_YET, orderProblem } from "./order-problems"

const problemOf = (error: PaymentStillProcessing | PaymentGatewayUnavailable) =>
  Effect.runSync(
    Effect.flip(orderProblem(error)).pipe(
      Effect.provide(Logger.replace(Logger.defaultLogger, Logger.none)),
    ),
  )

describe("payment problems at the edge", () => {
  it("a payment still processing is a 409 conflict in the customer's words, never a 503", () => {
    expect(
      problemOf(new PaymentStillProcessing({ orderId: "order-1", attempted: "cancel" })),
    ).toMatchObject({
      status: 409,
      type: "https://howzat.example/problems/payment-still-processing",
      detail: CANNOT_CANCEL_YET,
    })
    expect(
      problemOf(new PaymentStillProcessing({ orderId: "order-1", attempted: "newPayment" })),
    ).toMatchObject({ status: 409, detail: CANNOT_START_PAYMENT_YET })
  })

  it("a provider that cannot be reached stays a 503: the customer may retry", () => {
    expect(
      problemOf(new PaymentGatewayUnavailable({ provider: "stripe", reason: "timed out" })),
    ).toMatchObject({ status: 503 })
  })
})
