import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { PageRequest } from "../competitions/model.js"
import { now } from "../ports/clock.js"
import { type ContactMessage, ContactMessageStore } from "../ports/contact-messages.js"
import { Transactions } from "../ports/transactions.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"

export class ContactMessageNotFound extends Data.TaggedError("ContactMessageNotFound")<{
  readonly messageId: string
}> {}

/** The audit log's view of a message's state: who wrote in, and whether it was handled. */
const audited = (message: ContactMessage) => ({
  from: message.email,
  handledAt: message.handledAt,
  handledBy: message.handledBy,
})

/**
 * The contact form's messages for staff (HandleContactMessages): newest
 * first, optionally only those waiting, and marked handled (or back to
 * waiting) with an audit entry.
 */
export class StaffContactMessages extends Effect.Service<StaffContactMessages>()(
  "@howzat/core/StaffContactMessages",
  {
    effect: Effect.gen(function* () {
      const store = yield* ContactMessageStore
      const transactions = yield* Transactions
      const audit = yield* auditor

      const list = (
        by: Principal,
        query: { readonly unhandledOnly: boolean; readonly page: PageRequest },
      ) => Effect.zipRight(authorize(by, "HandleContactMessages"), store.list(query))

      /** Idempotent: marking a handled message handled again changes nothing and logs nothing. */
      const markHandled = (by: Principal, id: string, handled: boolean) =>
        Effect.gen(function* () {
          yield* authorize(by, "HandleContactMessages")
          return yield* transactions.within(
            Effect.gen(function* () {
              const before = yield* store.held(id)
              if (before === null) return yield* new ContactMessageNotFound({ messageId: id })
              if ((before.handledAt !== null) === handled) return before
              const at = yield* now
              const after = yield* store.setHandled(id, handled ? { at, by: by.userId } : null)
              yield* audit(by, {
                action: handled ? "ContactMessage.MarkHandled" : "ContactMessage.MarkUnhandled",
                subject: { type: "ContactMessage", id },
                before: audited(before),
                after: audited(after),
                at,
              })
              return after
            }),
          )
        })

      return { list, markHandled }
    }),
  },
) {}
