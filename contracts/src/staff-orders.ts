import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { OrderResponse } from "./orders.js"
import { Conflict, Forbidden, NotFound, ServiceUnavailable } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"

/**
 * The back office's refund of a paid order (an extension of docs/product/api.md;
 * docs/decisions/0029). Cancelling is docs/product/api.md's own cancel-order call, which
 * staff may make for any unpaid order. The answer is the order, Refunded,
 * with its payments; a second refund answers the same and changes nothing.
 */
export class StaffOrdersApi extends HttpApiGroup.make("staffOrders")
  .add(
    HttpApiEndpoint.post("refund", "/api/Orders/:orderId/refund")
      .setPath(Schema.Struct({ orderId: Schema.UUID }))
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .addError(Forbidden)
  .addError(ServiceUnavailable)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageOrders") {}
