/**
 * Who is the same person, for refer a friend (decisions 0039 and 0065): a
 * friend who is the referrer under a second mailbox and a second card
 * earns nobody anything. Pure rules: the use cases in core/src/referrals
 * gather the facts and apply the answer.
 */

// --- Mailboxes

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"])

/**
 * One mailbox, however it is written: case and surrounding spaces never
 * matter; a "+tag" reaches the same mailbox at nearly every provider; and
 * Gmail ignores dots and answers to googlemail.com too.
 */
export const mailboxIdentity = (email: string): string => {
  const trimmed = email.trim().toLowerCase()
  const at = trimmed.lastIndexOf("@")
  if (at < 0) return trimmed
  let local = trimmed.slice(0, at)
  let domain = trimmed.slice(at + 1)
  const plus = local.indexOf("+")
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, "")
    domain = "gmail.com"
  }
  return `${local}@${domain}`
}

// --- Homes

export interface PostalAddress {
  readonly line1: string
  readonly postCode: string
}

/**
 * A home, as two people living there would each type it: the postcode
 * without spaces and the first line reduced to its letters and digits
 * ("12 High St." and "12 high st" are one). Undefined without both.
 */
export const addressIdentity = (address: PostalAddress | null): string | undefined => {
  if (address === null) return undefined
  const postCode = address.postCode.replace(/\s/g, "").toUpperCase()
  const line1 = address.line1.toLowerCase().replace(/[^a-z0-9]/g, "")
  if (postCode === "" || line1 === "") return undefined
  return `${postCode}|${line1}`
}

// --- Telephones

/** Shorter than any real number: "0" or "123" is not anybody's line. */
const MIN_TELEPHONE_DIGITS = 7

/**
 * One telephone line, however it is written: digits only, and the UK's
 * international form (+44, 0044, "+44 (0)") read as the national one with
 * its leading 0, so "+44 7700 900123" and "07700 900123" are one line.
 * Another country's number keeps its code ("+33..."). Undefined when too
 * little is left to name a line (an erased customer has "").
 */
export const telephoneIdentity = (telephone: string): string | undefined => {
  const written = telephone.trim()
  const digits = written.replace(/\D/g, "")
  let international: string | undefined
  if (written.startsWith("+") || written.startsWith("(+")) international = digits
  else if (digits.startsWith("00")) international = digits.slice(2)
  // A UK national number starts with 0: digits starting 44 are the international form.
  else if (digits.startsWith("44")) international = digits
  const national =
    international === undefined
      ? digits.replace(/^0+/, "")
      : international.startsWith("44")
        ? international.slice(2).replace(/^0+/, "")
        : undefined
  if (national === undefined) {
    return international !== undefined && international.length >= MIN_TELEPHONE_DIGITS
      ? `+${international}`
      : undefined
  }
  return national.length >= MIN_TELEPHONE_DIGITS - 1 ? `0${national}` : undefined
}

// --- Date of birth and surname

/**
 * A person by birthday and family name: the date as stored ("yyyy-mm-dd")
 * and the surname trimmed, its inner spaces collapsed and its case folded
 * (" brunt " and "Brunt" are one). Undefined without both.
 */
export const birthAndSurnameIdentity = (dateOfBirth: string, surname: string) => {
  const date = dateOfBirth.trim()
  const name = surname.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase()
  if (date === "" || name === "") return undefined
  return `${date}|${name}`
}

// --- The match

/** What tells one person from another, as the store holds it for one customer. */
export interface ReferralParty {
  readonly email: string
  /** Billing and shipping addresses, whichever they gave. */
  readonly addresses: readonly (PostalAddress | null)[]
  /** The provider's fingerprints of the cards they paid with (never a card number). */
  readonly cardFingerprints: readonly string[]
  /** The family name as registered. */
  readonly lastName: string
  /** "yyyy-mm-dd". */
  readonly dateOfBirth: string
  readonly telephoneNumber: string
}

/** Each way a friend can be the referrer; the order staff read them in. */
export const SELF_DEALING_MATCHES = [
  "Card",
  "DateOfBirthAndSurname",
  "Telephone",
  "Address",
  "Email",
] as const
export type SelfDealingMatch = (typeof SELF_DEALING_MATCHES)[number]

/** The words staff read for each match: "Referral refused: matches referrer (telephone)". */
export const selfDealingMatchWords: Readonly<Record<SelfDealingMatch, string>> = {
  Card: "card",
  DateOfBirthAndSurname: "date of birth and surname",
  Telephone: "telephone",
  Address: "address",
  Email: "email address",
}

const overlaps = (a: readonly string[], b: readonly string[]) => {
  const seen = new Set(a)
  return b.some((value) => seen.has(value))
}

const defined = <A>(values: readonly (A | undefined)[]): A[] =>
  values.filter((value): value is A => value !== undefined)

const keysOf = (party: ReferralParty): Readonly<Record<SelfDealingMatch, readonly string[]>> => ({
  Card: party.cardFingerprints.filter((print) => print !== ""),
  DateOfBirthAndSurname: defined([birthAndSurnameIdentity(party.dateOfBirth, party.lastName)]),
  Telephone: defined([telephoneIdentity(party.telephoneNumber)]),
  Address: defined(party.addresses.map(addressIdentity)),
  Email: [mailboxIdentity(party.email)],
})

/**
 * Every way the friend is the referrer under another mailbox or card, in
 * SELF_DEALING_MATCHES order; empty when they look like two people. Any
 * one match is enough to refuse: a shared card, a shared date of birth
 * with the same surname, one telephone line, one home, or one mailbox.
 * Symmetric: which of the two referred the other never matters.
 */
export const selfDealingMatches = (
  friend: ReferralParty,
  referrer: ReferralParty,
): readonly SelfDealingMatch[] => {
  const mine = keysOf(friend)
  const theirs = keysOf(referrer)
  return SELF_DEALING_MATCHES.filter((match) => overlaps(mine[match], theirs[match]))
}

/**
 * "card, telephone": the matches as staff read them. Commas, not "and":
 * "date of birth and surname" is one match.
 */
export const describeSelfDealingMatches = (matches: readonly SelfDealingMatch[]): string =>
  matches.map((match) => selfDealingMatchWords[match]).join(", ")

export const isSelfDealingMatch = (value: unknown): value is SelfDealingMatch =>
  SELF_DEALING_MATCHES.includes(value as SelfDealingMatch)
