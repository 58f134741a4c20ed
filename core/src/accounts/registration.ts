import { Effect, Option } from "effect"
import { Brand } from "../brand.js"
import { CustomerRepo, OneTimeTokenRepo, UserRepo } from "../ports/accounts.js"
import { PasswordHasher } from "../ports/credentials.js"
import { Mailer } from "../ports/mailer.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import { ReferralSignUps } from "../referrals/referrals.js"
import { AgeChecks } from "../responsible-play/age-verification.js"
import { SpendLimitSignUps } from "../responsible-play/spend-limits.js"
import { cleanTelephone, EMAIL_VERIFICATION_LIFETIME_MS, linkWithToken } from "../rules/auth.js"
import { type SpendLimit, spendLimitAmountError } from "../rules/spend-limits.js"
import {
  type RegistrationInput,
  stripInvalidEmailCharacters,
  trimText,
  validateRegistration,
} from "../rules/validation.js"
import { verificationEmail } from "./emails.js"
import { AccountValidationFailed, EmailAlreadyRegistered } from "./errors.js"
import type { Caller, MarketingPreferences, Session } from "./model.js"
import { currentTime, makeOneTimeTokens } from "./one-time-tokens.js"
import { Sessions } from "./sessions.js"
import { Throttle } from "./throttle.js"

export interface RegistrationRequest extends RegistrationInput, MarketingPreferences {
  /** Where the verification link leads (the shop's home page), already checked to be ours. */
  readonly verificationLinkBase: string
  /** A field people never see: only a form-filling bot puts anything in it. */
  readonly honeyPot: string
  /** The code of the referral link the visitor came through, if any (decision 0039). */
  readonly referralCode?: string | undefined
  /** The spend-limit question's answer, if given (decision 0041); absent: "I'll decide later". */
  readonly spendLimit?: SpendLimit | undefined
}

export type RegistrationOutcome =
  | { readonly _tag: "Registered"; readonly session: Session }
  /** The honey-pot was filled: nothing was created, and the bot must not learn that. */
  | { readonly _tag: "IgnoredBot" }

/**
 * Opens a customer account and signs it in (docs/product/states.md: registration leads to
 * login). The user, the customer record, the verification token and the
 * verification email are written in one transaction. Attempts are limited
 * per email and, generously, per client address (decision 0014).
 */
export class Registration extends Effect.Service<Registration>()("@howzat/core/Registration", {
  effect: Effect.gen(function* () {
    const users = yield* UserRepo
    const customers = yield* CustomerRepo
    const hasher = yield* PasswordHasher
    const mailer = yield* Mailer
    const brand = yield* Brand
    const transactions = yield* Transactions
    const sessions = yield* Sessions
    const throttle = yield* Throttle
    const oneTimeTokens = makeOneTimeTokens(yield* OneTimeTokenRepo, yield* SecureRandom)
    // Absent where referrals are not wired (tests of accounts alone).
    const referralSignUps = yield* Effect.serviceOption(ReferralSignUps)
    // Absent where age checks are not wired (tests of accounts alone): the first purchase checks.
    const ageChecks = yield* Effect.serviceOption(AgeChecks)
    // Absent likewise where spend limits are not wired: the answer is then asked for later.
    const spendLimitSignUps = yield* Effect.serviceOption(SpendLimitSignUps)

    const register = (request: RegistrationRequest, caller: Caller) =>
      Effect.gen(function* () {
        // Counted first: a bot learns nothing from the honey-pot that the limit doesn't stop.
        yield* throttle.check("register", {
          account: request.emailAddress,
          address: caller.address,
        })
        if (request.honeyPot.trim() !== "") {
          yield* Effect.logInfo("registration with the honey-pot filled was ignored")
          return { _tag: "IgnoredBot" } as RegistrationOutcome
        }
        const input: RegistrationInput = {
          firstName: trimText(request.firstName),
          lastName: trimText(request.lastName),
          emailAddress: stripInvalidEmailCharacters(request.emailAddress),
          password: request.password,
          confirmPassword: request.confirmPassword,
          telephoneNumber: cleanTelephone(request.telephoneNumber),
          dateOfBirth: trimText(request.dateOfBirth),
          acceptTerms: request.acceptTerms,
        }
        const spendLimit = request.spendLimit
        const spendLimitError =
          spendLimit?.kind === "Amount" ? spendLimitAmountError(spendLimit.amount) : undefined
        const errors = {
          ...validateRegistration(input, yield* currentTime),
          ...(spendLimitError === undefined ? {} : { spendLimit: spendLimitError }),
        }
        if (Object.keys(errors).length > 0) return yield* new AccountValidationFailed({ errors })
        // Checked first to spare an argon2 hash; the unique index still decides a race.
        if ((yield* users.byEmail(input.emailAddress)) !== undefined)
          return yield* new EmailAlreadyRegistered()

        const passwordHash = yield* hasher.hash(input.password)
        const user = yield* transactions.within(
          Effect.gen(function* () {
            const created = yield* customers.register({
              emailAddress: input.emailAddress,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              dateOfBirth: input.dateOfBirth,
              telephoneNumber: input.telephoneNumber,
              allowMarketingByEmail: request.allowMarketingByEmail,
              allowMarketingByPhone: request.allowMarketingByPhone,
              allowMarketingByText: request.allowMarketingByText,
              allowMarketingByPost: request.allowMarketingByPost,
            })
            const token = yield* oneTimeTokens.issue(
              created.id,
              "VerifyEmail",
              created.emailAddress,
              EMAIL_VERIFICATION_LIFETIME_MS,
            )
            yield* mailer.send(
              verificationEmail(
                brand,
                created.emailAddress,
                created.firstName,
                linkWithToken(request.verificationLinkBase, token),
              ),
            )
            const code = request.referralCode
            if (code !== undefined && created.customerId !== null && Option.isSome(referralSignUps))
              yield* referralSignUps.value.joined(
                { customerId: created.customerId, emailAddress: created.emailAddress },
                code,
              )
            if (
              spendLimit !== undefined &&
              created.customerId !== null &&
              Option.isSome(spendLimitSignUps)
            )
              yield* spendLimitSignUps.value
                .answered(created.customerId, spendLimit, yield* currentTime)
                .pipe(
                  // Checked above already; kept as the form's error should the rules disagree.
                  Effect.catchTag(
                    "SpendLimitInvalid",
                    (invalid) =>
                      new AccountValidationFailed({ errors: { spendLimit: invalid.detail } }),
                  ),
                )
            return created
          }),
        )
        // The age check's outcome is kept from the start (decision 0043). It never fails the
        // registration: a check that could not run is simply run again at the first purchase.
        if (Option.isSome(ageChecks) && user.customerId !== null) {
          yield* ageChecks.value
            .verify({
              customerId: user.customerId,
              firstName: input.firstName,
              lastName: input.lastName,
              dateOfBirth: input.dateOfBirth,
              address: null,
            })
            .pipe(
              Effect.catchAll((error) =>
                Effect.logWarning("age check at registration did not run", error),
              ),
            )
        }
        return { _tag: "Registered", session: yield* sessions.start(user) } as RegistrationOutcome
      })

    return { register }
  }),
  dependencies: [Sessions.Default, Throttle.Default],
}) {}
