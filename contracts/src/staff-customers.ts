import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Text } from "./auth.js"
import { CustomerResponse } from "./customers.js"
import { Conflict, Forbidden, NotFound } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"

const CustomerPath = Schema.Struct({ customerId: Schema.UUID })

/**
 * A staff adjustment of a customer's site credit (an extension of docs/product/api.md):
 * integer pence, positive to give, negative to take back, and why. The
 * reason left out is "", answered with core's own words.
 */
export const SiteCreditAdjustmentRequest = Schema.Struct({
  amount: Schema.Int,
  reason: Text,
})
export type SiteCreditAdjustmentRequestJson = typeof SiteCreditAdjustmentRequest.Encoded

export const SiteCreditAdjustmentResponse = Schema.Struct({
  siteCreditAccount: Schema.Struct({ balance: Schema.Int }),
})
export type SiteCreditAdjustmentResponseJson = typeof SiteCreditAdjustmentResponse.Encoded

export const VoucherUse = Schema.Struct({
  orderId: Schema.String,
  orderRef: Schema.String,
  code: Schema.String,
  description: Schema.String,
  usedDateUtc: Schema.Date,
})

/**
 * What the back office shows beside GET /api/Customers/{id} and the
 * customer's orders, tickets and ledger (their own calls): whether the
 * person was erased, and the vouchers their orders used, newest first.
 */
export const StaffCustomerDetails = Schema.Struct({
  customerId: Schema.String,
  erased: Schema.Boolean,
  vouchersUsed: Schema.Array(VoucherUse),
})
export type StaffCustomerDetailsJson = typeof StaffCustomerDetails.Encoded

/** The back office's customer calls (decision 0029); every one is staff's only. */
export class StaffCustomersApi extends HttpApiGroup.make("staffCustomers")
  .add(
    // UK GDPR erasure: the answer is the erased record (docs/product/api.md's DELETE answers the customer).
    HttpApiEndpoint.del("erase", "/api/Customers/:customerId")
      .setPath(CustomerPath)
      .addSuccess(CustomerResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("adjustSiteCredit", "/api/Customers/:customerId/site-credit-adjustments")
      .setPath(CustomerPath)
      .setPayload(SiteCreditAdjustmentRequest)
      .addSuccess(SiteCreditAdjustmentResponse, { status: 201 })
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.get("details", "/api/Customers/:customerId/back-office")
      .setPath(CustomerPath)
      .addSuccess(StaffCustomerDetails)
      .addError(NotFound),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageCustomers") {}
