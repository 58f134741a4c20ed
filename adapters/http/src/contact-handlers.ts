import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { notFound, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { Contact, type ContactInvalid, StaffContactMessages } from "@howzat/core/contact"
import type { ContactMessage } from "@howzat/core/ports"
import { Effect } from "effect"
import { accountProblems } from "./account-problems"
import { repositoryProblem } from "./repository-problem"
import { clientAddress } from "./request-context"
import { notStaff } from "./staff-problems"

const toWire = (message: ContactMessage) => ({
  id: message.id,
  firstName: message.firstName,
  lastName: message.lastName,
  email: message.email,
  telephoneNumber: message.telephoneNumber,
  message: message.message,
  createdAt: message.createdAt,
  handledAt: message.handledAt,
  handledBy: message.handledBy,
})

const invalid = (error: ContactInvalid) =>
  Effect.fail(
    validationProblem(
      Object.fromEntries(
        Object.entries(error.errors).flatMap(([field, text]) =>
          text === undefined ? [] : [[field, [text]]],
        ),
      ),
    ),
  )

/** The contact form: core's Contact decides; this maps its answers to HTTP. */
export const ContactHandlersLive = HttpApiBuilder.group(HowzatApi, "contact", (handlers) =>
  Effect.gen(function* () {
    const contact = yield* Contact
    // What the page shows on success (core's words, with the brand's name). A bot's honey-pot gets the same.
    const thanks = { message: contact.thanks }
    return handlers.handle("send", ({ payload }) =>
      Effect.gen(function* () {
        yield* contact.sendContactMessage(
          { ...payload, honeyPot: payload.website },
          { address: yield* clientAddress },
        )
        return thanks
      }).pipe(
        Effect.catchTags({
          ContactInvalid: invalid,
          RateLimited: accountProblems.RateLimited,
          RepositoryError: repositoryProblem,
        }),
      ),
    )
  }),
)

/** Staff's Messages screen. */
export const ContactMessageHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "contactMessages",
  (handlers) =>
    Effect.gen(function* () {
      const messages = yield* StaffContactMessages
      return handlers
        .handle("list", ({ urlParams }) =>
          Effect.flatMap(CurrentUser, (principal) =>
            messages
              .list(principal, {
                unhandledOnly: urlParams.Status === "Unhandled",
                page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
              })
              .pipe(
                Effect.map((page) => ({
                  contactMessages: page.items.map(toWire),
                  ...pageInfo(page),
                })),
                Effect.catchTag("NotStaff", () => notStaff(principal)),
              ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
        .handle("setHandled", ({ path, payload }) =>
          Effect.flatMap(CurrentUser, (principal) =>
            messages.markHandled(principal, path.messageId, payload.handled).pipe(
              Effect.map((message) => ({ contactMessage: toWire(message) })),
              Effect.catchTags({
                NotStaff: () => notStaff(principal),
                ContactMessageNotFound: () =>
                  Effect.fail(notFound("Not Found", "no such contact message")),
              }),
            ),
          ).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
        )
    }),
)
