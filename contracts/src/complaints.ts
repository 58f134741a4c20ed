import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { COMPLAINT_CATEGORIES, COMPLAINT_SOURCES, COMPLAINT_STATUSES } from "@howzat/core/rules"
import { Schema } from "effect"
import { Text } from "./auth.js"
import { HONEY_POT_FIELD } from "./customers.js"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "./problems.js"
import { Authentication, OptionalAuthentication, StaffPermission } from "./security.js"
import { boundedMultilineString } from "./text.js"

/**
 * The complaint form (decision 0044). Fields default to "" so a
 * missing one is answered with core's own message, not a schema's "is
 * missing"; the bounds are above the rules' so a long text gets their words.
 */
export const ComplaintRequest = Schema.Struct({
  name: Text,
  email: Text,
  orderNumber: Text,
  category: Text,
  description: Schema.optionalWith(boundedMultilineString(20_000), { default: () => "" }),
})
export type ComplaintRequestJson = typeof ComplaintRequest.Encoded

export const PublicComplaintRequest = Schema.Struct({
  ...ComplaintRequest.fields,
  /** The honey-pot: people never see it, bots fill it in. */
  [HONEY_POT_FIELD]: Schema.optionalWith(boundedMultilineString(1000), { default: () => "" }),
})
export type PublicComplaintRequestJson = typeof PublicComplaintRequest.Encoded

/** What the page shows: the reference, and the sentence saying it was emailed. */
export const ComplaintReceipt = Schema.Struct({ reference: Schema.String, message: Schema.String })
export type ComplaintReceiptJson = typeof ComplaintReceipt.Encoded

/** Public: anyone may complain; a signed-in customer's id is attached. 201: a complaint now exists. */
export class ComplaintsApi extends HttpApiGroup.make("complaints").add(
  HttpApiEndpoint.post("submit", "/api/Complaints")
    .setPayload(PublicComplaintRequest)
    .addSuccess(ComplaintReceipt, { status: 201 })
    .addError(TooManyRequests)
    .addError(Conflict)
    .middleware(OptionalAuthentication),
) {}

export const ComplaintStatus = Schema.Literal(...COMPLAINT_STATUSES)

export const ComplaintStep = Schema.Struct({
  at: Schema.Date,
  status: ComplaintStatus,
  note: Schema.NullOr(Schema.String),
  /** The staff user; null for the customer's own submission. */
  by: Schema.NullOr(Schema.String),
})

export const Complaint = Schema.Struct({
  id: Schema.String,
  reference: Schema.String,
  source: Schema.Literal(...COMPLAINT_SOURCES),
  customerId: Schema.NullOr(Schema.String),
  name: Schema.String,
  email: Schema.String,
  orderNumber: Schema.String,
  category: Schema.Literal(...COMPLAINT_CATEGORIES),
  description: Schema.String,
  status: ComplaintStatus,
  receivedAt: Schema.Date,
  updatedAt: Schema.Date,
  /** Oldest first; empty in the list. */
  history: Schema.Array(ComplaintStep),
})
export type ComplaintJson = typeof Complaint.Encoded

/** Status=All (the default) lists every complaint. */
export const ComplaintListParams = Schema.Struct({
  Status: Schema.optionalWith(Schema.Literal("All", ...COMPLAINT_STATUSES), {
    default: () => "All" as const,
  }),
  ...PagingParams,
})
export type ComplaintListParamsJson = typeof ComplaintListParams.Encoded
export const ComplaintList = Schema.Struct({ complaints: Schema.Array(Complaint), ...PageInfo })
export type ComplaintListJson = typeof ComplaintList.Encoded

export const ComplaintResponse = Schema.Struct({ complaint: Complaint })
export type ComplaintResponseJson = typeof ComplaintResponse.Encoded

/** The same status again adds only the note. */
export const ComplaintStatusRequest = Schema.Struct({
  status: ComplaintStatus,
  note: Schema.optionalWith(boundedMultilineString(10_000), { default: () => "" }),
})
export type ComplaintStatusRequestJson = typeof ComplaintStatusRequest.Encoded

const ComplaintPath = Schema.Struct({ complaintId: Schema.UUID })

/** Complaints for staff (HandleComplaints): an extension for the back office. */
export class StaffComplaintsApi extends HttpApiGroup.make("staffComplaints")
  .add(
    HttpApiEndpoint.get("list", "/api/Complaints")
      .setUrlParams(ComplaintListParams)
      .addSuccess(ComplaintList),
  )
  .add(
    // A complaint that arrived by email: it gets a reference and the customer an acknowledgement.
    HttpApiEndpoint.post("log", "/api/Complaints/logged")
      .setPayload(ComplaintRequest)
      .addSuccess(ComplaintResponse, { status: 201 })
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Complaints/:complaintId")
      .setPath(ComplaintPath)
      .addSuccess(ComplaintResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("setStatus", "/api/Complaints/:complaintId/status")
      .setPath(ComplaintPath)
      .setPayload(ComplaintStatusRequest)
      .addSuccess(ComplaintResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "HandleComplaints") {}
