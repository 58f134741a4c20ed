import { type Pence, pence } from "./money.js"
import { OrderStatus } from "./order-status.js"

/**
 * Refer a friend (SPEC §1, §9; issue 11 §4; decision 0039): a friend who
 * joins through a customer's link and whose completed orders reach £5 earns
 * both of them £5 of site credit, once per friend. Pure rules: the use cases
 * in core/src/referrals gather the facts and apply the decision.
 */
export const REFERRAL_REWARD: Pence = pence(500)
export const REFERRAL_QUALIFYING_SPEND: Pence = pence(500)

// --- Codes

/**
 * No 0/O, 1/I/L, 5/S or 2/Z: a code read aloud or copied from paper is
 * typed right. 27 symbols, 8 of them: about 38 bits, far beyond guessing a
 * live code by trying (and an unknown code only means no referral).
 */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRTUVWXY346789"
export const REFERRAL_CODE_LENGTH = 8

/**
 * A code from CSPRNG bytes, by rejection sampling so each symbol is equally
 * likely: answers undefined when the bytes ran out, and the caller draws more.
 */
export const referralCodeFromBytes = (bytes: Uint8Array): string | undefined => {
  const size = REFERRAL_CODE_ALPHABET.length
  const limit = 256 - (256 % size)
  let code = ""
  for (const byte of bytes) {
    if (byte >= limit) continue
    code += REFERRAL_CODE_ALPHABET[byte % size]
    if (code.length === REFERRAL_CODE_LENGTH) return code
  }
  return undefined
}

/** As typed or pasted from a link: case and spaces do not matter; anything else is no code. */
export const normaliseReferralCode = (text: string): string | undefined => {
  const code = text.replace(/[\s-]/g, "").toUpperCase()
  if (code.length !== REFERRAL_CODE_LENGTH) return undefined
  for (const symbol of code) if (!REFERRAL_CODE_ALPHABET.includes(symbol)) return undefined
  return code
}

/** The storefront's registration page, carrying the code. */
export const referralLink = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, "")}/Auth/Register?ref=${encodeURIComponent(code)}`

// --- Who is the same person

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

/** What tells one person from another: their mailbox, homes and cards. */
export interface ReferralParty {
  readonly email: string
  /** Billing and shipping addresses, whichever they gave. */
  readonly addresses: readonly (PostalAddress | null)[]
  /** The provider's fingerprints of the cards they paid with (never a card number). */
  readonly cardFingerprints: readonly string[]
}

export type SelfReferralMatch = "Email" | "Address" | "Card"

const overlaps = (a: readonly string[], b: readonly string[]) => {
  const seen = new Set(a)
  return b.some((value) => seen.has(value))
}

const identities = (addresses: readonly (PostalAddress | null)[]) =>
  addresses.map(addressIdentity).filter((key): key is string => key !== undefined)

/** Why the friend is the referrer under another name, if they are; undefined if not. */
export const selfReferral = (
  friend: ReferralParty,
  referrer: ReferralParty,
): SelfReferralMatch | undefined => {
  if (mailboxIdentity(friend.email) === mailboxIdentity(referrer.email)) return "Email"
  if (overlaps(identities(friend.addresses), identities(referrer.addresses))) return "Address"
  const cards = (party: ReferralParty) => party.cardFingerprints.filter((print) => print !== "")
  if (overlaps(cards(friend), cards(referrer))) return "Card"
  return undefined
}

// --- Spend

/** One of the friend's orders, as much of it as the rule needs. */
export interface ReferralOrder {
  readonly status: OrderStatus
  /** The tickets' price after every discount: no donation, no site credit bought. */
  readonly ticketSpend: Pence
  /** What the order took by card (its total to pay, after site credit). */
  readonly paidByCard: Pence
  /** The charity round-up in the order, paid before tickets from the card's money. */
  readonly donation: Pence
}

/**
 * What one order counts towards the £5: only a Completed order (never a
 * cancelled, expired or refunded one), and only the tickets the friend paid
 * for with their own money. Spend paid with site credit does not count:
 * credit can be won with a free postal entry, and counting it would turn
 * free entries into £10 of credit (decision 0039).
 */
export const qualifyingSpendOf = (order: ReferralOrder): Pence => {
  if (order.status !== OrderStatus.Completed) return pence(0)
  const cardForTickets = Math.max(0, order.paidByCard - Math.max(0, order.donation))
  return pence(Math.max(0, Math.min(order.ticketSpend, cardForTickets)))
}

export const qualifyingSpend = (orders: readonly ReferralOrder[]): Pence =>
  pence(orders.reduce((sum, order) => sum + qualifyingSpendOf(order), 0))

// --- The decision

export type ReferralDecision =
  | { readonly _tag: "Reward"; readonly friendAmount: Pence; readonly referrerAmount: Pence }
  | {
      readonly _tag: "NoReward"
      readonly reason: "AlreadyRewarded" | "SelfReferral" | "NotEnoughSpend"
      readonly match?: SelfReferralMatch
    }

/**
 * Whether this friend's referral pays out now. Once rewarded it never pays
 * again; a friend who is the referrer by mailbox, home or card never earns
 * anything; otherwise the friend's qualifying spend must reach £5.
 */
export const referralRewardDecision = (
  referral: { readonly rewarded: boolean },
  friend: ReferralParty,
  referrer: ReferralParty,
  friendOrders: readonly ReferralOrder[],
): ReferralDecision => {
  if (referral.rewarded) return { _tag: "NoReward", reason: "AlreadyRewarded" }
  const match = selfReferral(friend, referrer)
  if (match !== undefined) return { _tag: "NoReward", reason: "SelfReferral", match }
  if (qualifyingSpend(friendOrders) < REFERRAL_QUALIFYING_SPEND)
    return { _tag: "NoReward", reason: "NotEnoughSpend" }
  return { _tag: "Reward", friendAmount: REFERRAL_REWARD, referrerAmount: REFERRAL_REWARD }
}

// --- Invitations

export const MAX_INVITATIONS_PER_REQUEST = 10
/** An address is invited at most once in this long, by anyone. */
export const INVITATION_REPEAT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
