import { Context, Effect } from "effect"
import { CustomerNotFound, RateLimited } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { currentTime } from "../accounts/one-time-tokens.js"
import { hashSecretToken } from "../accounts/secrets.js"
import { Brand } from "../brand.js"
import type { RepositoryError } from "../competitions/errors.js"
import { CustomerRepo, UserRepo } from "../ports/accounts.js"
import { Mailer } from "../ports/mailer.js"
import { RateLimiter } from "../ports/rate-limiter.js"
import { type Referral, ReferralRepo, type ReferralRepoShape } from "../ports/referrals.js"
import { SecureRandom } from "../ports/secure-random.js"
import { ShopLinks } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import { fixedWindow, type RateLimit, retryAfterSeconds } from "../rules/auth.js"
import { mailboxIdentity } from "../rules/referral-self-dealing.js"
import {
  INVITATION_REPEAT_WINDOW_MS,
  INVITATIONS_NOT_YET_ALLOWED,
  MAX_INVITATIONS_PER_REQUEST,
  mayInviteFriends,
  normaliseReferralCode,
  referralCodeFromBytes,
  referralLink,
  referralRewardDecision,
} from "../rules/referrals.js"
import { isEmailAddress } from "../rules/validation.js"
import { referralInvitationEmail } from "./emails.js"
import { ReferralInvitationInvalid, ReferralInvitationsNotAllowed } from "./errors.js"

/** How many addresses one customer may invite in a window (RATE_LIMIT_REFERRAL_INVITATIONS_*). */
export class ReferralInvitationLimit extends Context.Reference<ReferralInvitationLimit>()(
  "@howzat/core/ReferralInvitationLimit",
  {
    defaultValue: (): RateLimit & { readonly enabled: boolean } => ({
      enabled: true,
      max: 20,
      windowMs: 24 * 60 * 60 * 1000,
    }),
  },
) {}

/** The mailbox as the invitation log keeps it: hashed, so it holds no stranger's address. */
const mailboxKey = (email: string) =>
  hashSecretToken(`referral-invitation:${mailboxIdentity(email)}`)

const codeFor = (repo: ReferralRepoShape, random: SecureRandom["Type"], customerId: string) =>
  Effect.gen(function* () {
    const existing = yield* repo.codeOf(customerId)
    if (existing !== undefined) return existing
    // 27^8 codes: a clash is rare, five in a row means something is broken.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = referralCodeFromBytes(yield* random.bytes(32))
      if (code === undefined) continue
      const held = yield* repo.assignCode(customerId, code)
      if (held !== undefined) return held
    }
    return yield* Effect.dieMessage("no free referral code after five draws")
  })

/**
 * Refer a friend for the customer themselves (decision 0039): their code
 * and link (made on first need), the friends who joined, and invitations by
 * email, for a customer the rules let invite (decision 0065). Anyone else's
 * customer id is answered as not found.
 */
export class Referrals extends Effect.Service<Referrals>()("@howzat/core/Referrals", {
  effect: Effect.gen(function* () {
    const repo = yield* ReferralRepo
    const customers = yield* CustomerRepo
    const users = yield* UserRepo
    const mailer = yield* Mailer
    const random = yield* SecureRandom
    const limiter = yield* RateLimiter
    const transactions = yield* Transactions
    // Read once, from the composition: links point at the configured origin.
    const { origin } = yield* ShopLinks
    const brand = yield* Brand
    const limit = yield* ReferralInvitationLimit

    const own = (principal: Principal, customerId: string) =>
      principal.customerId === customerId
        ? Effect.void
        : Effect.fail(new CustomerNotFound({ customerId }))

    /** Whether the customer may send invitations now: the rule, with the store's facts. */
    const mayInvite = (customerId: string) =>
      Effect.gen(function* () {
        const customer = yield* customers.byId(customerId)
        const hasPaidOrder = yield* repo.hasPaidOrder(customerId)
        return {
          customer,
          allowed: mayInviteFriends({ emailVerified: customer.emailVerified, hasPaidOrder }),
        }
      })

    const summary = (principal: Principal, customerId: string) =>
      Effect.gen(function* () {
        yield* own(principal, customerId)
        const code = yield* codeFor(repo, random, customerId)
        return {
          code,
          link: referralLink(origin, code),
          friends: yield* repo.friendsOf(customerId),
          canInvite: (yield* mayInvite(customerId)).allowed,
        }
      })

    /** Counts each address against the customer's budget; refuses once it is spent. */
    const spendBudget = (customerId: string, addresses: number) =>
      Effect.gen(function* () {
        if (!limit.enabled) return
        const now = (yield* currentTime).getTime()
        const window = fixedWindow(now, limit.windowMs)
        let hits = 0
        for (let i = 0; i < addresses; i++)
          hits = yield* limiter.hit(`referralInvitation:customer:${customerId}`, {
            start: new Date(window.start),
            end: new Date(window.end),
          })
        if (hits > limit.max)
          return yield* new RateLimited({
            action: "referralInvitation",
            limit: "account",
            retryAfterSeconds: retryAfterSeconds(now, window.end),
          })
      })

    /**
     * Sends the invitations the rules allow and answers how many addresses
     * were taken. Only a customer with a verified email and a paid order may
     * invite at all; anyone else is refused before their list is read. An
     * address that already has an account, or was invited in the last week,
     * or is the customer's own, is skipped silently and still counted: the
     * answer must not tell who has an account.
     */
    const invite = (principal: Principal, customerId: string, emails: readonly string[]) =>
      Effect.gen(function* () {
        yield* own(principal, customerId)
        const { customer: inviter, allowed } = yield* mayInvite(customerId)
        if (!allowed)
          return yield* new ReferralInvitationsNotAllowed({
            customerId,
            detail: INVITATIONS_NOT_YET_ALLOWED,
          })
        const typed = emails.map((email) => email.trim()).filter((email) => email !== "")
        if (typed.length === 0)
          return yield* new ReferralInvitationInvalid({
            detail: "Please enter at least one email address.",
            invalid: [],
          })
        if (typed.length > MAX_INVITATIONS_PER_REQUEST)
          return yield* new ReferralInvitationInvalid({
            detail: `Please invite at most ${MAX_INVITATIONS_PER_REQUEST} friends at a time.`,
            invalid: [],
          })
        const invalid = typed.filter((email) => email.length > 255 || !isEmailAddress(email))
        if (invalid.length > 0)
          return yield* new ReferralInvitationInvalid({
            detail: "Please check the email addresses marked.",
            invalid,
          })
        // One per mailbox, as first typed.
        const distinct = typed.filter(
          (email, index) =>
            typed.findIndex((other) => mailboxIdentity(other) === mailboxIdentity(email)) === index,
        )
        yield* spendBudget(customerId, distinct.length)

        const code = yield* codeFor(repo, random, customerId)
        const link = referralLink(origin, code)
        const now = yield* currentTime
        const since = new Date(now.getTime() - INVITATION_REPEAT_WINDOW_MS)
        yield* transactions.within(
          Effect.forEach(
            distinct,
            (email) =>
              Effect.gen(function* () {
                if (mailboxIdentity(email) === mailboxIdentity(inviter.email)) return
                if ((yield* users.byEmail(email)) !== undefined) return
                const mailbox = yield* mailboxKey(email)
                if (yield* repo.invitedSince(mailbox, since)) return
                yield* repo.recordInvitation({ inviterCustomerId: customerId, mailbox, at: now })
                yield* mailer.send(referralInvitationEmail(brand, email, link))
              }),
            { discard: true },
          ),
        )
        return { sent: distinct.length }
      })

    return { summary, invite }
  }),
}) {}

/**
 * Registration's part: a new customer who came through a link becomes the
 * referrer's friend, in the registration's transaction. An unknown code, or
 * the customer's own mailbox behind it, is ignored: never a reason to refuse
 * an account.
 */
export class ReferralSignUps extends Context.Tag("@howzat/core/ReferralSignUps")<
  ReferralSignUps,
  {
    readonly joined: (
      friend: { readonly customerId: string; readonly emailAddress: string },
      code: string,
    ) => Effect.Effect<void, RepositoryError>
  }
>() {
  static readonly fromRepo = Effect.gen(function* () {
    const repo = yield* ReferralRepo
    const customers = yield* CustomerRepo
    return {
      joined: (
        friend: { readonly customerId: string; readonly emailAddress: string },
        typed: string,
      ) =>
        Effect.gen(function* () {
          const code = normaliseReferralCode(typed)
          if (code === undefined) return
          const referrerId = yield* repo.customerByCode(code)
          if (referrerId === undefined || referrerId === friend.customerId) return
          const referrer = yield* customers
            .byId(referrerId)
            .pipe(Effect.catchTag("CustomerNotFound", () => Effect.succeed(undefined)))
          if (referrer === undefined) return
          if (mailboxIdentity(referrer.email) === mailboxIdentity(friend.emailAddress)) return
          yield* repo.record({
            friendCustomerId: friend.customerId,
            referrerCustomerId: referrerId,
            at: yield* currentTime,
          })
        }),
    }
  })
}

export const rewardDescriptions = (friendFirstName: string) => ({
  friend: "Referral reward: welcome to the club",
  referrer: `Referral reward: ${friendFirstName} joined and played`,
})

/**
 * The completion path's part: when one of a referred friend's orders
 * completes, the referral is decided again with all their orders, under
 * the referral's row lock. It pays both once if the rule says so, or is
 * refused once if the friend is the referrer (decision 0065): a refusal is
 * kept on the referral, where staff's harm signals read it, and settles it
 * for good. Self-dealing is checked here, now that cards and addresses are
 * known. A shop without a referral store (a test of another part) skips it.
 */
export const referralRewardOnCompletion = Effect.gen(function* () {
  const found = yield* Effect.serviceOption(ReferralRepo)
  if (found._tag === "None") return (_customerId: string, _at: Date) => Effect.void
  const repo = found.value
  const decide = (referral: Referral, at: Date) =>
    Effect.gen(function* () {
      const friend = yield* repo.identityOf(referral.friendCustomerId)
      const referrer = yield* repo.identityOf(referral.referrerCustomerId)
      if (friend === undefined || referrer === undefined) return
      const orders = yield* repo.ordersOf(referral.friendCustomerId)
      const decision = referralRewardDecision(
        { rewarded: referral.rewardedAt !== null, refused: referral.refusedAt !== null },
        friend,
        referrer,
        orders,
      )
      if (decision._tag === "NoReward") return
      if (decision._tag === "Refused") {
        yield* repo.refuse(referral, decision.matches, at)
        yield* Effect.logInfo("referral refused: the friend matches the referrer", {
          referralId: referral.id,
          matches: decision.matches,
        })
        return
      }
      const words = rewardDescriptions(friend.firstName)
      yield* repo.reward(
        referral,
        {
          friend: { amount: decision.friendAmount, description: words.friend },
          referrer: { amount: decision.referrerAmount, description: words.referrer },
        },
        at,
      )
    })
  return (customerId: string, at: Date) =>
    Effect.gen(function* () {
      const referral = yield* repo.referralOfForUpdate(customerId)
      if (referral === undefined) return
      // Settled already (paid, or refused): nothing is decided twice.
      if (referral.rewardedAt !== null || referral.refusedAt !== null) return
      yield* decide(referral, at)
    })
})
