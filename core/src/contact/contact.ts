import { Context, Data, Effect } from "effect"
import { Throttle } from "../accounts/throttle.js"
import { Brand } from "../brand.js"
import { now } from "../ports/clock.js"
import { ContactMessageStore } from "../ports/contact-messages.js"
import { Mailer } from "../ports/mailer.js"
import { Transactions } from "../ports/transactions.js"
import {
  type ContactErrors,
  type ContactForm,
  contactMessages,
  readContactForm,
} from "../rules/contact.js"
import { contactAcknowledgementEmail, contactMessageEmail } from "./emails.js"

/** Where the contact form's messages go: the brand's customer-care mailbox. */
export interface ContactSettingsShape {
  readonly careAddress: string
}
export class ContactSettings extends Context.Tag("@howzat/core/ContactSettings")<
  ContactSettings,
  ContactSettingsShape
>() {}

export class ContactInvalid extends Data.TaggedError("ContactInvalid")<{
  readonly errors: ContactErrors
}> {}

/** What the sender typed, plus the field people never see and bots fill in. */
export interface ContactRequest extends ContactForm {
  readonly honeyPot: string
}

export interface ContactCaller {
  /** The client's network address, for the rate limit. */
  readonly address?: string | undefined
}

/** "Sent" for a real message; "Ignored" is answered the same, so a bot learns nothing. */
export type ContactOutcome =
  | { readonly _tag: "Sent"; readonly messageId: string }
  | { readonly _tag: "Ignored" }

/**
 * The contact form that delivers (decision 0037): the message
 * is stored for staff and, in the same transaction, handed to the Mailer
 * for the care address with an acknowledgement to the sender. The outbox
 * sends both once that commits, so either all of it happens or none.
 */
export class Contact extends Effect.Service<Contact>()("@howzat/core/Contact", {
  effect: Effect.gen(function* () {
    const store = yield* ContactMessageStore
    const mailer = yield* Mailer
    const transactions = yield* Transactions
    const throttle = yield* Throttle
    const settings = yield* ContactSettings
    const brand = yield* Brand

    const sendContactMessage = (request: ContactRequest, caller: ContactCaller) =>
      Effect.gen(function* () {
        // Counted first, as registration does: the honey-pot answers nothing the limit doesn't.
        yield* throttle.check("contact", { account: request.email, address: caller.address })
        if (request.honeyPot.trim() !== "") {
          yield* Effect.logInfo("contact message with the honey-pot filled was ignored")
          return { _tag: "Ignored" } as ContactOutcome
        }
        const read = readContactForm(request)
        if (read._tag === "Invalid") return yield* new ContactInvalid({ errors: read.errors })
        const at = yield* now
        const stored = yield* transactions.within(
          Effect.gen(function* () {
            const message = yield* store.insert(read.form, at)
            yield* mailer.send(
              contactMessageEmail(brand, settings.careAddress, read.form, message.id),
            )
            yield* mailer.send(contactAcknowledgementEmail(brand, read.form))
            return message
          }),
        )
        return { _tag: "Sent", messageId: stored.id } as ContactOutcome
      })

    /**
     * What the page says once a message is sent, and to a bot whose message
     * was ignored: docs/product/errors.md's words, with the brand's name.
     */
    const thanks = `${contactMessages.thanks(brand.name)}. ${contactMessages.replySoon}`

    return { sendContactMessage, thanks }
  }),
}) {}
