import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { MessageResponse, Text } from "./auth.js"
import { HONEY_POT_FIELD } from "./customers.js"
import { PageInfo, PagingParams } from "./paging.js"
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedMultilineString } from "./text.js"

/**
 * The contact form (docs/product/screens.md, docs/product/entities.md's Contact model; decision 0037). docs/product/api.md
 * names no call (the seed's form never made one), so the path is ours:
 * POST /api/Contact. Fields default to "" so a missing one is answered with
 * docs/product/validation.md's own message by core's rules, not a schema's "is missing".
 */
export const ContactRequest = Schema.Struct({
  firstName: Text,
  lastName: Text,
  email: Text,
  telephoneNumber: Text,
  /**
   * Line breaks allowed. The bound is above the rules' 5,000 characters so
   * that a long message is answered with their words, not this schema's.
   */
  message: Schema.optionalWith(boundedMultilineString(20_000), { default: () => "" }),
  /** The honey-pot: people never see it, bots fill it in. */
  [HONEY_POT_FIELD]: Schema.optionalWith(boundedMultilineString(1000), { default: () => "" }),
})
export type ContactRequestJson = typeof ContactRequest.Encoded

/** Public: anyone may write in, signed in or not. 202: the mail goes out after the answer. */
export class ContactApi extends HttpApiGroup.make("contact").add(
  HttpApiEndpoint.post("send", "/api/Contact")
    .setPayload(ContactRequest)
    .addSuccess(MessageResponse, { status: 202 })
    .addError(TooManyRequests),
) {}

export const ContactMessage = Schema.Struct({
  id: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String,
  telephoneNumber: Schema.String,
  message: Schema.String,
  createdAt: Schema.Date,
  handledAt: Schema.NullOr(Schema.Date),
  /** The staff user who marked it handled. */
  handledBy: Schema.NullOr(Schema.String),
})
export type ContactMessageJson = typeof ContactMessage.Encoded

/** Status=Unhandled (the default) lists those still waiting; All lists every message. */
export const ContactMessageListParams = Schema.Struct({
  Status: Schema.optionalWith(Schema.Literal("Unhandled", "All"), {
    default: () => "Unhandled" as const,
  }),
  ...PagingParams,
})
export const ContactMessageList = Schema.Struct({
  contactMessages: Schema.Array(ContactMessage),
  ...PageInfo,
})
export type ContactMessageListJson = typeof ContactMessageList.Encoded

export const ContactMessageHandledRequest = Schema.Struct({ handled: Schema.Boolean })
export const ContactMessageResponse = Schema.Struct({ contactMessage: ContactMessage })
export type ContactMessageResponseJson = typeof ContactMessageResponse.Encoded

/** The contact form's messages for staff (HandleContactMessages): an extension for the back office. */
export class ContactMessagesApi extends HttpApiGroup.make("contactMessages")
  .add(
    HttpApiEndpoint.get("list", "/api/ContactMessages")
      .setUrlParams(ContactMessageListParams)
      .addSuccess(ContactMessageList),
  )
  .add(
    HttpApiEndpoint.post("setHandled", "/api/ContactMessages/:messageId/handled")
      .setPath(Schema.Struct({ messageId: Schema.UUID }))
      .setPayload(ContactMessageHandledRequest)
      .addSuccess(ContactMessageResponse)
      .addError(NotFound),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "HandleContactMessages") {}
