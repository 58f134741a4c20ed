import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Text } from "./auth.js"
import { Address, AddressRequest } from "./customers.js"
import { Conflict, Forbidden, NotFound } from "./problems.js"
import { Authentication } from "./security.js"

/**
 * A free postal entry as staff type it from a postcard (decision 0022): an
 * existing customer by id, or the person's name, email, date of birth and
 * address. Text left out is "", so a missing detail is answered with
 * docs/product/validation.md's own words by core's checks rather than a schema's "is missing".
 * `entryReference` is the postcard's own reference: sending it again (a
 * double click, a retry) answers the entry already recorded.
 */
export const FreePostalEntryRequest = Schema.Struct({
  customerId: Schema.optional(Schema.UUID),
  firstName: Text,
  lastName: Text,
  emailAddress: Text,
  /** "yyyy-mm-dd"; the entrant must be 18 or over. */
  dateOfBirth: Text,
  /** Optional; judged as a UK number when given. */
  telephoneNumber: Text,
  address: Schema.optional(Schema.NullOr(AddressRequest)),
  entryReference: Text,
})
export type FreePostalEntryRequestJson = typeof FreePostalEntryRequest.Encoded

export const PostalEntry = Schema.Struct({
  id: Schema.String,
  competition: Schema.Struct({ id: Schema.String, name: Schema.String }),
  /** The ticket the entry holds, drawn from the same pool as paid tickets. */
  ticketNumber: Schema.Int,
  /** Null for a person without an account. */
  customerId: Schema.NullOr(Schema.String),
  firstName: Schema.String,
  lastName: Schema.String,
  fullName: Schema.String,
  emailAddress: Schema.String,
  dateOfBirth: Schema.String,
  telephoneNumber: Schema.String,
  /** Null for a customer with no saved address. */
  address: Schema.NullOr(Address),
  entryReference: Schema.NullOr(Schema.String),
  /** The staff user who recorded it. */
  enteredBy: Schema.String,
  enteredAt: Schema.Date,
})

/** An instant prize the new entry's ticket won on the spot. */
export const PostalEntryInstantWin = Schema.Struct({
  instantWinId: Schema.String,
  instantWinGroupId: Schema.String,
  prizeName: Schema.String,
  ticketNumber: Schema.Int,
  /** Pence of site credit the prize pays; null for a prize staff hand over. */
  siteCredit: Schema.NullOr(Schema.Int),
})

/** 201: a new entry and its ticket, with anything the ticket won at once. */
export const PostalEntryRecorded = Schema.Struct({
  postalEntry: PostalEntry,
  alreadyRecorded: Schema.Literal(false),
  instantWins: Schema.Array(PostalEntryInstantWin),
})

/** 200: the reference was sent before for this person; nothing new was given. */
export const PostalEntryAlreadyRecorded = Schema.Struct({
  postalEntry: PostalEntry,
  alreadyRecorded: Schema.Literal(true),
})

export type PostalEntryResponseJson =
  | typeof PostalEntryRecorded.Encoded
  | typeof PostalEntryAlreadyRecorded.Encoded

/**
 * docs/product/api.md's POST .../free-postal-entry, for staff only: 401 to nobody, 403
 * to a customer. A closed, unopened or sold-out competition, a person at
 * the maximum and a reference used for someone else are 409s.
 */
export class PostalEntriesApi extends HttpApiGroup.make("postalEntries").add(
  HttpApiEndpoint.post("enter", "/api/Competitions/:competitionId/free-postal-entry")
    .setPath(Schema.Struct({ competitionId: Schema.UUID }))
    .setPayload(FreePostalEntryRequest)
    .addSuccess(PostalEntryRecorded, { status: 201 })
    .addSuccess(PostalEntryAlreadyRecorded)
    .addError(Forbidden)
    .addError(NotFound)
    .addError(Conflict)
    .middleware(Authentication),
) {}
