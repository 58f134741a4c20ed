/**
 * Complaints (decision 0044, "Complaints"): the form's rules, the
 * reference, the status machine and the timelines we promise, shared by the
 * storefront's page, the back office and the server. Pure: no Effect.
 */
import {
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  messages,
  stripInvalidEmailCharacters,
  trimText,
} from "./validation.js"

export const COMPLAINT_CATEGORIES = [
  "Order or payment",
  "Draw or winner",
  "Instant win",
  "Account",
  "Responsible play",
  "Other",
] as const
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number]

export const COMPLAINT_SOURCES = ["Form", "Email"] as const
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number]

export const COMPLAINT_STATUSES = ["Received", "InProgress", "Resolved", "Escalated"] as const
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number]

export const complaintStatusLabels: Readonly<Record<ComplaintStatus, string>> = {
  Received: "Received",
  InProgress: "In progress",
  Resolved: "Resolved",
  Escalated: "Escalated",
}

/**
 * The status machine as data: staff move a complaint along these edges only.
 * Escalated means referred to the independent dispute-resolution body; it
 * can come after a final response (the customer was not satisfied) or
 * before it (eight weeks passed). A resolved complaint can be reopened.
 */
export const COMPLAINT_TRANSITIONS: Readonly<Record<ComplaintStatus, readonly ComplaintStatus[]>> =
  {
    Received: ["InProgress", "Resolved", "Escalated"],
    InProgress: ["Resolved", "Escalated"],
    Resolved: ["InProgress", "Escalated"],
    Escalated: ["Resolved"],
  }

export const canMoveComplaint = (from: ComplaintStatus, to: ComplaintStatus): boolean =>
  COMPLAINT_TRANSITIONS[from].includes(to)

/** What we promise, in working days and weeks (decision 0044); said on the page and in the email. */
export const COMPLAINT_TIMELINES = {
  acknowledgeWorkingDays: 2,
  aimToResolveWorkingDays: 10,
  finalResponseWeeks: 8,
} as const

export const complaintTimelineText = [
  "We email you an acknowledgement with your reference straight away.",
  `A member of our team will be in touch within ${COMPLAINT_TIMELINES.acknowledgeWorkingDays} working days.`,
  `We aim to resolve most complaints within ${COMPLAINT_TIMELINES.aimToResolveWorkingDays} working days, and you will have our final response within ${COMPLAINT_TIMELINES.finalResponseWeeks} weeks.`,
  `If you are not happy with our final response, or ${COMPLAINT_TIMELINES.finalResponseWeeks} weeks have passed without one, you can ask for your complaint to be referred to an independent dispute resolution service, free of charge.`,
] as const

export const MAX_COMPLAINT_NAME_LENGTH = 255
export const MAX_COMPLAINT_DESCRIPTION_LENGTH = 5000
export const MAX_COMPLAINT_NOTE_LENGTH = 2000
export const MAX_ORDER_NUMBER_LENGTH = 50

export const complaintMessages = {
  nameRequired: "Please tell us your name.",
  nameTooLong: `Please keep your name to ${MAX_COMPLAINT_NAME_LENGTH} characters or fewer.`,
  categoryRequired: "Please choose what your complaint is about.",
  descriptionRequired: "Please describe your complaint.",
  descriptionTooLong: `Please keep your complaint to ${MAX_COMPLAINT_DESCRIPTION_LENGTH.toLocaleString("en-GB")} characters or fewer.`,
  orderNumberInvalid: "An order number has only letters, digits and dashes.",
  /** The same words for a made-up number and a stranger's: the answer reveals neither. */
  orderNumberNotYours:
    "We can't find that order number for you. Check your order confirmation email, or leave it blank.",
  /** Staff see every order, so they may be told plainly that none has the number. */
  orderNumberUnknown: "There is no order with that number.",
  noteRequired: "Please add a note saying what was done.",
  noteTooLong: `Please keep the note to ${MAX_COMPLAINT_NOTE_LENGTH.toLocaleString("en-GB")} characters or fewer.`,
  sent: (reference: string) =>
    `Thank you. We have your complaint, reference ${reference}, and have emailed you an acknowledgement.`,
  failure:
    "Sorry, we weren't able to take your complaint just now. Please try again soon, or email us.",
} as const

/** The complaint form as typed. */
export interface ComplaintForm {
  readonly name: string
  readonly email: string
  /** The order reference it is about, if any; "" when none. */
  readonly orderNumber: string
  readonly category: string
  readonly description: string
}

export interface ValidComplaintForm extends ComplaintForm {
  readonly category: ComplaintCategory
}

export type ComplaintErrors = Partial<Record<keyof ComplaintForm, string>>

export const cleanComplaintForm = (form: ComplaintForm): ComplaintForm => ({
  name: trimText(form.name),
  email: stripInvalidEmailCharacters(form.email),
  orderNumber: trimText(form.orderNumber).toUpperCase(),
  category: trimText(form.category),
  description: trimText(form.description),
})

const isCategory = (value: string): value is ComplaintCategory =>
  (COMPLAINT_CATEGORIES as readonly string[]).includes(value)

export const validateComplaintForm = (form: ComplaintForm): ComplaintErrors => {
  const results: Record<keyof ComplaintForm, string | undefined> = {
    name:
      form.name.trim() === ""
        ? complaintMessages.nameRequired
        : form.name.length > MAX_COMPLAINT_NAME_LENGTH
          ? complaintMessages.nameTooLong
          : undefined,
    email:
      form.email.trim() === ""
        ? messages.emailRequired
        : !isEmailAddress(form.email) || form.email.length > MAX_EMAIL_LENGTH
          ? messages.emailInvalid
          : undefined,
    orderNumber:
      form.orderNumber !== "" &&
      (form.orderNumber.length > MAX_ORDER_NUMBER_LENGTH ||
        !/^[A-Za-z0-9-]+$/.test(form.orderNumber))
        ? complaintMessages.orderNumberInvalid
        : undefined,
    category: isCategory(form.category) ? undefined : complaintMessages.categoryRequired,
    description:
      form.description.trim() === ""
        ? complaintMessages.descriptionRequired
        : form.description.length > MAX_COMPLAINT_DESCRIPTION_LENGTH
          ? complaintMessages.descriptionTooLong
          : undefined,
  }
  return Object.fromEntries(
    Object.entries(results).filter(([, error]) => error !== undefined),
  ) as ComplaintErrors
}

export type ReadComplaintForm =
  | { readonly _tag: "Valid"; readonly form: ValidComplaintForm }
  | { readonly _tag: "Invalid"; readonly errors: ComplaintErrors }

/** Cleans, then judges: what is stored is always what the rules accept. */
export const readComplaintForm = (typed: ComplaintForm): ReadComplaintForm => {
  const form = cleanComplaintForm(typed)
  const errors = validateComplaintForm(form)
  return Object.keys(errors).length === 0
    ? { _tag: "Valid", form: form as ValidComplaintForm }
    : { _tag: "Invalid", errors }
}

/** Whose order a reference names: its customer, and that customer's sign-in email. */
export interface OrderOwner {
  readonly customerId: string
  readonly email: string
}

/**
 * Who is complaining, as far as naming an order goes: a signed-in customer
 * (known by their account), a visitor (known only by the email they typed),
 * or staff logging an emailed complaint (who see every order anyway).
 */
export type ComplaintComplainant =
  | { readonly _tag: "Customer"; readonly customerId: string }
  | { readonly _tag: "Visitor"; readonly email: string }
  | { readonly _tag: "Staff" }

/**
 * Whether the complainant may name the order: a customer only their own, a
 * visitor only one whose customer signs in with the email they typed
 * (compared as the sign-in does, ignoring case), staff any that exists.
 * A complaint is not the way to learn whether some reference is real or to
 * attach a stranger's order to one's own words.
 */
export const mayNameOrder = (owner: OrderOwner | null, by: ComplaintComplainant): boolean => {
  if (owner === null) return false
  switch (by._tag) {
    case "Customer":
      return owner.customerId === by.customerId
    case "Visitor":
      return owner.email.toLowerCase() === by.email.trim().toLowerCase()
    case "Staff":
      return true
  }
}

/** The order number's field message when it may not be named; undefined when it may. */
export const orderNumberError = (
  owner: OrderOwner | null,
  by: ComplaintComplainant,
): string | undefined =>
  mayNameOrder(owner, by)
    ? undefined
    : by._tag === "Staff"
      ? complaintMessages.orderNumberUnknown
      : complaintMessages.orderNumberNotYours

export const validateComplaintNote = (note: string): string | undefined =>
  note.trim() === ""
    ? complaintMessages.noteRequired
    : note.trim().length > MAX_COMPLAINT_NOTE_LENGTH
      ? complaintMessages.noteTooLong
      : undefined

/**
 * Reference characters: Crockford's base 32 without the letters people
 * misread (I, L, O, U), so a reference read out on the phone survives.
 */
export const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
export const REFERENCE_RANDOM_LENGTH = 6

/**
 * "HZC-2026-7KQ3MX": the year it was received on London's calendar and six
 * random characters (32^6, about a billion a year). Random rather than a
 * sequence so a reference says nothing about how many complaints the shop
 * gets and one customer's reference does not lead to another's.
 */
export const complaintReference = (year: number, randomBytes: Uint8Array): string => {
  const chars = Array.from(randomBytes.slice(0, REFERENCE_RANDOM_LENGTH), (b) =>
    REFERENCE_ALPHABET.charAt(b % REFERENCE_ALPHABET.length),
  ).join("")
  return `HZC-${year}-${chars}`
}

export const COMPLAINT_REFERENCE_PATTERN = /^HZC-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/
