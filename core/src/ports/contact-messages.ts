import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type { ContactForm } from "../rules/contact.js"

/** A message sent through the contact form, as staff read it. */
export interface ContactMessage extends ContactForm {
  readonly id: string
  readonly createdAt: Date
  /** When a member of staff marked it handled, and who; null while it waits. */
  readonly handledAt: Date | null
  readonly handledBy: string | null
}

export interface ContactMessageQuery {
  /** Only those nobody has handled yet. */
  readonly unhandledOnly: boolean
  readonly page: PageRequest
}

/**
 * The contact form's messages. Writes join the caller's transaction;
 * `held` locks the row until it ends, so two members of staff marking one
 * message queue and each audit entry's "before" is what that write changed.
 */
export interface ContactMessageStoreShape {
  readonly insert: (form: ContactForm, at: Date) => Effect.Effect<ContactMessage, RepositoryError>
  /** Newest first. */
  readonly list: (
    query: ContactMessageQuery,
  ) => Effect.Effect<Page<ContactMessage>, RepositoryError>
  readonly held: (id: string) => Effect.Effect<ContactMessage | null, RepositoryError>
  readonly setHandled: (
    id: string,
    handled: { readonly at: Date; readonly by: string } | null,
  ) => Effect.Effect<ContactMessage, RepositoryError>
}
export class ContactMessageStore extends Context.Tag("@howzat/core/ContactMessageStore")<
  ContactMessageStore,
  ContactMessageStoreShape
>() {}
