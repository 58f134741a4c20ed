import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { PageInfo, PagingParams, pageSize } from "./paging.js"
import { Conflict, Forbidden, NotFound } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedString } from "./text.js"

const Id = Schema.UUID

/**
 * Clubs for staff (an extension to docs/product/api.md for the back office; decision
 * 0033): docs/product/states.md's Club (name, voucherCode) with what the club earned, what
 * refunds took back, what was paid to it and what it is still owed. Money
 * in integer pence.
 */
export const ClubRequest = Schema.Struct({
  name: boundedString(200),
  /** A new code becomes a 10% club voucher; an existing voucher no club has is adopted. */
  voucherCode: boundedString(64),
})
export type ClubRequestJson = typeof ClubRequest.Encoded

export const ClubVoucher = Schema.Struct({
  promotionId: Schema.String,
  code: Schema.String,
  usageCount: Schema.Int,
  validTo: Schema.NullOr(Schema.Date),
  /** The code the club-perks list shows. */
  current: Schema.Boolean,
})

export const Club = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  /** Null when its voucher was deleted: the club is then left off the club-perks list. */
  voucherCode: Schema.NullOr(Schema.String),
  vouchers: Schema.Array(ClubVoucher),
  creditEarned: Schema.Int,
  creditReversed: Schema.Int,
  paidOut: Schema.Int,
  /** earned − reversed − paid out; below zero when a refund came after a payout. */
  balanceOwed: Schema.Int,
  orderCount: Schema.Int,
  createdAt: Schema.Date,
})
export type ClubJson = typeof Club.Encoded

export const ClubListParams = Schema.Struct({
  Name: Schema.optional(boundedString(200)),
  ...PagingParams,
})
export const ClubList = Schema.Struct({ clubs: Schema.Array(Club), ...PageInfo })
export type ClubListJson = typeof ClubList.Encoded
export const ClubResponse = Schema.Struct({ club: Club })
export type ClubResponseJson = typeof ClubResponse.Encoded

export const ClubLedgerEntry = Schema.Struct({
  date: Schema.Date,
  kind: Schema.Literal("Credit", "Reversal", "Payout"),
  orderId: Schema.NullOr(Schema.String),
  /** Signed as it moves the balance: a reversal or a payout is negative. */
  amount: Schema.Int,
  reference: Schema.NullOr(Schema.String),
})

/** The club's ledger, newest first, paged (50 a page unless asked). */
export const ClubLedgerParams = Schema.Struct({
  PageNumber: PagingParams.PageNumber,
  PageSize: pageSize(50),
})
export const ClubDetail = Schema.Struct({
  club: Club,
  ledger: Schema.Array(ClubLedgerEntry),
  ...PageInfo,
})
export type ClubDetailJson = typeof ClubDetail.Encoded

/** Money the operator paid the club, e.g. by bank transfer: whole pence, at most what is owed. */
export const ClubPayoutRequest = Schema.Struct({
  amount: Schema.Number,
  reference: boundedString(500),
})
export type ClubPayoutRequestJson = typeof ClubPayoutRequest.Encoded

/** Clubs for staff (ManagePromotions). */
export class ClubsApi extends HttpApiGroup.make("clubs")
  .add(HttpApiEndpoint.get("list", "/api/Clubs").setUrlParams(ClubListParams).addSuccess(ClubList))
  .add(
    HttpApiEndpoint.post("create", "/api/Clubs")
      .setPayload(ClubRequest)
      .addSuccess(ClubResponse, { status: 201 })
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Clubs/:clubId")
      .setPath(Schema.Struct({ clubId: Id }))
      .setUrlParams(ClubLedgerParams)
      .addSuccess(ClubDetail)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Clubs/:clubId")
      .setPath(Schema.Struct({ clubId: Id }))
      .setPayload(ClubRequest)
      .addSuccess(ClubResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.del("remove", "/api/Clubs/:clubId")
      .setPath(Schema.Struct({ clubId: Id }))
      .addSuccess(Schema.Void, { status: 204 })
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post("recordPayout", "/api/Clubs/:clubId/payouts")
      .setPath(Schema.Struct({ clubId: Id }))
      .setPayload(ClubPayoutRequest)
      .addSuccess(ClubResponse, { status: 201 })
      .addError(NotFound),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManagePromotions") {}
