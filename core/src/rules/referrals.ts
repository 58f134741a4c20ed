import { type Pence, pence } from "./money.js"
import { OrderStatus } from "./order-status.js"
import {
  type ReferralParty,
  type SelfDealingMatch,
  selfDealingMatches,
} from "./referral-self-dealing.js"

/**
 * Refer a friend (docs/product/overview.md, docs/product/constants.md; decision 0039): a friend who
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
  /** Nothing to do now: settled already, or not yet £5 of the friend's own money. */
  | {
      readonly _tag: "NoReward"
      readonly reason: "AlreadyRewarded" | "AlreadyRefused" | "NotEnoughSpend"
    }
  /** The friend would have earned it but is the referrer: refused for good, and staff told. */
  | { readonly _tag: "Refused"; readonly matches: readonly SelfDealingMatch[] }

/**
 * Whether this friend's referral pays out now. Once rewarded or refused it
 * is settled and never decided again. Until the friend's qualifying spend
 * reaches £5 there is nothing to decide. Then a friend who is the referrer
 * (referral-self-dealing.ts: card, date of birth and surname, telephone,
 * home or mailbox) is refused, and anyone else earns both of them £5. The
 * spend comes first so a refusal is recorded once, when a reward was due,
 * and not on each small order before it (decision 0065).
 */
export const referralRewardDecision = (
  referral: { readonly rewarded: boolean; readonly refused: boolean },
  friend: ReferralParty,
  referrer: ReferralParty,
  friendOrders: readonly ReferralOrder[],
): ReferralDecision => {
  if (referral.rewarded) return { _tag: "NoReward", reason: "AlreadyRewarded" }
  if (referral.refused) return { _tag: "NoReward", reason: "AlreadyRefused" }
  if (qualifyingSpend(friendOrders) < REFERRAL_QUALIFYING_SPEND)
    return { _tag: "NoReward", reason: "NotEnoughSpend" }
  const matches = selfDealingMatches(friend, referrer)
  if (matches.length > 0) return { _tag: "Refused", matches }
  return { _tag: "Reward", friendAmount: REFERRAL_REWARD, referrerAmount: REFERRAL_REWARD }
}

// --- Invitations

export const MAX_INVITATIONS_PER_REQUEST = 10
/** An address is invited at most once in this long, by anyone. */
export const INVITATION_REPEAT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** What the invitation rule reads about the customer who wants to invite. */
export interface Inviter {
  readonly emailVerified: boolean
  /** At least one order completed with money taken by card (not a free entry). */
  readonly hasPaidOrder: boolean
}

/**
 * Who may send invitations (decision 0065): a customer whose email address
 * is verified and who has paid for an order. Invitations are mail the shop
 * sends to strangers in its own name; a throwaway account made a minute
 * ago must not be able to make it send them. Sharing one's own link is
 * anyone's to do, and earns nothing until a friend pays.
 */
export const mayInviteFriends = (inviter: Inviter): boolean =>
  inviter.emailVerified && inviter.hasPaidOrder

/** What a customer who may not invite yet is told, on the page and in the refusal. */
export const INVITATIONS_NOT_YET_ALLOWED =
  "You can invite friends once you have verified your email address and completed a purchase."
