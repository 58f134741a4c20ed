import { Context, Data, Effect } from "effect"
import { Throttle } from "../accounts/throttle.js"
import { Brand } from "../brand.js"
import { now } from "../ports/clock.js"
import { type Complaint, ComplaintStore } from "../ports/complaints.js"
import { Mailer } from "../ports/mailer.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import {
  type ComplaintComplainant,
  type ComplaintErrors,
  type ComplaintForm,
  type ComplaintSource,
  cleanComplaintForm,
  complaintReference,
  orderNumberError,
  REFERENCE_RANDOM_LENGTH,
  readComplaintForm,
} from "../rules/complaints.js"
import { zonedParts } from "../rules/dates.js"
import { complaintAcknowledgementEmail, complaintReceivedEmail } from "./emails.js"

/** Where complaints go: the brand's customer-care mailbox (also shown for complaints by email). */
export interface ComplaintSettingsShape {
  readonly careAddress: string
}
export class ComplaintSettings extends Context.Tag("@howzat/core/ComplaintSettings")<
  ComplaintSettings,
  ComplaintSettingsShape
>() {}

export class ComplaintInvalid extends Data.TaggedError("ComplaintInvalid")<{
  readonly errors: ComplaintErrors
}> {}

/** Three clashes in a row among a billion references a year means something else is wrong. */
export class ComplaintReferenceExhausted extends Data.TaggedError("ComplaintReferenceExhausted") {}

export interface ComplaintRequest extends ComplaintForm {
  /** The field people never see and bots fill in. */
  readonly honeyPot: string
}

export interface ComplaintCaller {
  readonly address?: string | undefined
  /** The signed-in customer, attached to the complaint. */
  readonly customerId?: string | null | undefined
}

/** A bot's honey-pot is answered with a reference too, one that was never stored. */
export type ComplaintOutcome =
  | { readonly _tag: "Received"; readonly complaint: Complaint }
  | { readonly _tag: "Ignored"; readonly reference: string }

interface ComplaintOrigin {
  readonly source: ComplaintSource
  readonly customerId: string | null
  readonly loggedBy: string | null
}

/** Whose orders the complaint may name: an emailed complaint is logged by staff, who see them all. */
const complainantOf = (origin: ComplaintOrigin, email: string): ComplaintComplainant =>
  origin.source === "Email"
    ? { _tag: "Staff" }
    : origin.customerId !== null
      ? { _tag: "Customer", customerId: origin.customerId }
      : { _tag: "Visitor", email }

/**
 * Receiving a complaint, from the form or logged by staff from an email:
 * an order number, when given, must name an order the complainant may name
 * (mayNameOrder), then it is stored with a fresh reference and, in the same
 * transaction, the acknowledgement (reference and timelines) and the care
 * team's copy handed to the outbox, so either all of it happens or none.
 */
export const receiveComplaint = Effect.gen(function* () {
  const store = yield* ComplaintStore
  const mailer = yield* Mailer
  const transactions = yield* Transactions
  const random = yield* SecureRandom
  const settings = yield* ComplaintSettings
  const brand = yield* Brand

  const drawReference = (at: Date) =>
    Effect.map(random.bytes(REFERENCE_RANDOM_LENGTH), (bytes) =>
      complaintReference(zonedParts(at).year, bytes),
    )

  /**
   * The order number's own message, looked up only when it has the shape of
   * one and, for a visitor, there is a valid email to match it against; the
   * form's other errors come back with it, so the customer fixes all at once.
   */
  const orderNumberChecked = (typed: ComplaintForm, origin: ComplaintOrigin) =>
    Effect.gen(function* () {
      const read = readComplaintForm(typed)
      const errors: ComplaintErrors = read._tag === "Invalid" ? read.errors : {}
      const form = cleanComplaintForm(typed)
      const by = complainantOf(origin, form.email)
      const judgeable =
        form.orderNumber !== "" &&
        errors.orderNumber === undefined &&
        !(by._tag === "Visitor" && errors.email !== undefined)
      const orderError = judgeable
        ? orderNumberError(yield* store.orderOwner(form.orderNumber), by)
        : undefined
      if (orderError !== undefined)
        return yield* new ComplaintInvalid({ errors: { ...errors, orderNumber: orderError } })
      if (read._tag === "Invalid") return yield* new ComplaintInvalid({ errors })
      return read.form
    })

  return (typed: ComplaintForm, origin: ComplaintOrigin) =>
    Effect.gen(function* () {
      const form = yield* orderNumberChecked(typed, origin)
      const at = yield* now
      return yield* transactions.within(
        Effect.gen(function* () {
          for (let attempt = 0; attempt < 3; attempt++) {
            const stored = yield* store.insert({
              form,
              reference: yield* drawReference(at),
              at,
              ...origin,
            })
            if (stored === null) continue
            // Staff who logged an emailed complaint already have it: only the customer is told.
            if (origin.source === "Form")
              yield* mailer.send(complaintReceivedEmail(brand, stored, settings.careAddress))
            yield* mailer.send(complaintAcknowledgementEmail(brand, stored, settings.careAddress))
            return stored
          }
          return yield* new ComplaintReferenceExhausted()
        }),
      )
    })
})

/** The public complaints form (POST /api/Complaints). */
export class Complaints extends Effect.Service<Complaints>()("@howzat/core/Complaints", {
  effect: Effect.gen(function* () {
    const throttle = yield* Throttle
    const receive = yield* receiveComplaint
    const random = yield* SecureRandom

    const submit = (request: ComplaintRequest, caller: ComplaintCaller) =>
      Effect.gen(function* () {
        // Counted first, as the contact form does: the honey-pot answers nothing the limit doesn't.
        yield* throttle.check("complaints", { account: request.email, address: caller.address })
        if (request.honeyPot.trim() !== "") {
          yield* Effect.logInfo("complaint with the honey-pot filled was ignored")
          const at = yield* now
          const bytes = yield* random.bytes(REFERENCE_RANDOM_LENGTH)
          return {
            _tag: "Ignored",
            reference: complaintReference(zonedParts(at).year, bytes),
          } as ComplaintOutcome
        }
        const complaint = yield* receive(request, {
          source: "Form",
          customerId: caller.customerId ?? null,
          loggedBy: null,
        })
        return { _tag: "Received", complaint } as ComplaintOutcome
      })

    return { submit }
  }),
}) {}
