import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { CurrentUser } from "@howzat/contracts/security"
import { StaffOrders } from "@howzat/core/orders"
import { Effect } from "effect"
import { presentOrder } from "./order-presenter"
import { orderProblem } from "./order-problems"
import { paymentToWire } from "./order-wire"

/** POST /api/Orders/{orderId}/refund: core authorizes ManageOrders, refunds once and audits it. */
export const StaffOrderHandlersLive = HttpApiBuilder.group(HowzatApi, "staffOrders", (handlers) =>
  Effect.gen(function* () {
    const staffOrders = yield* StaffOrders
    return handlers.handle("refund", ({ path }) =>
      Effect.gen(function* () {
        const principal = yield* CurrentUser
        const { order, payments, siteCreditReturned } = yield* staffOrders.refund(
          principal,
          path.orderId,
        )
        return {
          order: yield* presentOrder(
            order,
            principal,
            {},
            payments.map(paymentToWire),
            siteCreditReturned,
          ),
        }
      }).pipe(Effect.catchAll(orderProblem)),
    )
  }),
)
