import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { AuthResponse, ReturnUrl, Text } from "./auth.js"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, NotFound, TooManyRequests } from "./problems.js"
import { Authentication } from "./security.js"
import { boundedString } from "./text.js"

/** Money on the wire is integer pence (docs/decisions/0001). */
const Pence = Schema.Int

export const Address = Schema.Struct({
  line1: Schema.String,
  line2: Schema.String,
  city: Schema.String,
  county: Schema.String,
  postCode: Schema.String,
})

/**
 * An address as a request sends it (the account pages and checkout alike):
 * each line single-line and bounded, a line left out is empty; the rules of
 * docs/product/validation.md judge the rest, with their own words.
 */
export const AddressRequest = Schema.Struct({
  line1: Text,
  line2: Text,
  city: Text,
  county: Text,
  postCode: Text,
})

export const Customer = Schema.Struct({
  customerId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  fullName: Schema.String,
  /** "yyyy-mm-dd". */
  dateOfBirth: Schema.String,
  telephoneNumber: Schema.String,
  email: Schema.String,
  emailVerified: Schema.Boolean,
  /** Null until the customer gives one. */
  defaultBillingAddress: Schema.NullOr(Address),
  defaultShippingAddress: Schema.NullOr(Address),
  allowMarketingByEmail: Schema.Boolean,
  allowMarketingByPhone: Schema.Boolean,
  allowMarketingByText: Schema.Boolean,
  allowMarketingByPost: Schema.Boolean,
  siteCreditAccountBalance: Pence,
})
export type CustomerJson = typeof Customer.Encoded

export const CustomerResponse = Schema.Struct({ customer: Customer })
export type CustomerResponseJson = typeof CustomerResponse.Encoded

export const CustomerList = Schema.Struct({ customers: Schema.Array(Customer), ...PageInfo })
export type CustomerListJson = typeof CustomerList.Encoded

export const CustomerListParams = Schema.Struct({
  FirstName: Schema.optional(boundedString(255)),
  LastName: Schema.optional(boundedString(255)),
  Email: Schema.optional(boundedString(255)),
  ...PagingParams,
})

const Flag = (fallback: boolean) => Schema.optionalWith(Schema.Boolean, { default: () => fallback })

/** The honey-pot's name on the wire: people never see the field, bots fill it in. */
export const HONEY_POT_FIELD = "website"

/** docs/product/entities.md's registration model; every marketing flag defaults to true. */
export const RegistrationRequest = Schema.Struct({
  firstName: Text,
  lastName: Text,
  emailAddress: Text,
  password: Text,
  confirmPassword: Text,
  /** The site's origin; the verification link is `${origin}/?token=` (Home verifies it). */
  emailVerificationReturnUrl: ReturnUrl,
  telephoneNumber: Text,
  acceptTerms: Flag(false),
  /** "yyyy-mm-dd", as typed: a full timestamp would be shifted by the browser's time zone. */
  dateOfBirth: Text,
  allowMarketingByEmail: Flag(true),
  allowMarketingByPhone: Flag(true),
  allowMarketingByText: Flag(true),
  allowMarketingByPost: Flag(true),
  [HONEY_POT_FIELD]: Text,
  /** The code of the referral link the visitor came through (decision 0039); an unknown one is ignored. */
  referralCode: Schema.optional(boundedString(32)),
  /** The spend-limit question, optional at sign-up (decision 0041): absent means "decide later". */
  spendLimit: Schema.optional(
    Schema.Union(
      Schema.Struct({ amount: Schema.Int }),
      Schema.Struct({ noLimit: Schema.Literal(true) }),
    ),
  ),
})
export type RegistrationRequestJson = typeof RegistrationRequest.Encoded

/**
 * The whole customer model, as the account pages save it. The email is not
 * changed here (it has its own verified flow) and is ignored if sent. The
 * addresses (null for none) and the marketing flags must be sent: leaving
 * one out never wipes an address or opts anyone in.
 */
export const CustomerUpdateRequest = Schema.Struct({
  customerId: Schema.optional(boundedString(100)),
  firstName: Text,
  lastName: Text,
  dateOfBirth: Text,
  telephoneNumber: Text,
  defaultBillingAddress: Schema.NullOr(AddressRequest),
  defaultShippingAddress: Schema.NullOr(AddressRequest),
  allowMarketingByEmail: Schema.Boolean,
  allowMarketingByPhone: Schema.Boolean,
  allowMarketingByText: Schema.Boolean,
  allowMarketingByPost: Schema.Boolean,
})
export type CustomerUpdateRequestJson = typeof CustomerUpdateRequest.Encoded

/** Registration is public; reading and changing a record needs the customer (or staff). */
export class CustomersApi extends HttpApiGroup.make("customers")
  .add(
    HttpApiEndpoint.post("register", "/api/Customers")
      .setPayload(RegistrationRequest)
      .addSuccess(AuthResponse)
      .addError(Conflict)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("list", "/api/Customers")
      .setUrlParams(CustomerListParams)
      .addSuccess(CustomerList)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Customers/:customerId")
      .setPath(Schema.Struct({ customerId: Schema.UUID }))
      .addSuccess(CustomerResponse)
      .addError(NotFound)
      .middleware(Authentication),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Customers/:customerId")
      .setPath(Schema.Struct({ customerId: Schema.UUID }))
      .setPayload(CustomerUpdateRequest)
      .addSuccess(CustomerResponse)
      .addError(NotFound)
      // A staff edit of an erased customer.
      .addError(Conflict)
      .middleware(Authentication),
  ) {}
