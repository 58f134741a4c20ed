import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  OrderList,
  OrderListParams,
  OrderResponse,
  OrderTicketList,
  OwnTicketParams,
} from "./orders.js"
import { Conflict, NotFound, PaymentRequired } from "./problems.js"
import { Authentication } from "./security.js"

const OrderPath = Schema.Struct({ orderId: Schema.UUID })

/** A provider's own name for one payment (TrueLayer's payment id, say). */
const PaymentReferencePath = Schema.Struct({
  provider: Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9-]{0,39}$/)),
  reference: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
})

/** How the customer chose to pay; the shop's default method when absent (decision 0071). */
const StartPaymentParams = Schema.Struct({
  method: Schema.optional(Schema.Literal("Card", "BankTransfer")),
})

/**
 * docs/product/api.md's orders, for the customer who placed them (staff later). The
 * signed status notification is not here: its HMAC is over the raw body, so
 * the Hono edge verifies it before any parsing (adapters/http).
 */
export class OrdersApi extends HttpApiGroup.make("orders")
  .add(
    HttpApiEndpoint.get("list", "/api/Orders")
      .setUrlParams(OrderListParams)
      .addSuccess(OrderList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Orders/:orderId")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("cancel", "/api/Orders/:orderId/cancel-order")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post("complete", "/api/Orders/:orderId/complete-order")
      .setPath(OrderPath)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict)
      .addError(PaymentRequired),
  )
  .add(
    HttpApiEndpoint.post("startPayment", "/api/Orders/:orderId/payments")
      .setPath(OrderPath)
      .setUrlParams(StartPaymentParams)
      .addSuccess(OrderResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    // The customer back from a provider's page, which names only its own payment.
    HttpApiEndpoint.get("byPayment", "/api/Orders/by-payment/:provider/:reference")
      .setPath(PaymentReferencePath)
      .addSuccess(OrderResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("tickets", "/api/Orders/:orderId/tickets")
      .setPath(OrderPath)
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get(
      "competitionTickets",
      "/api/Orders/:orderId/competitions/:competitionId/tickets",
    )
      .setPath(Schema.Struct({ orderId: Schema.UUID, competitionId: Schema.UUID }))
      .setUrlParams(OwnTicketParams)
      .addSuccess(OrderTicketList)
      .addError(NotFound),
  )
  .middleware(Authentication) {}
