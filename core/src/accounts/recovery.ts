import { Effect } from "effect"
import { Brand } from "../brand.js"
import { OneTimeTokenRepo, RefreshTokenRepo, UserRepo } from "../ports/accounts.js"
import { PasswordHasher } from "../ports/credentials.js"
import { Mailer } from "../ports/mailer.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import {
  hasErrors,
  LOGIN_LINK_LIFETIME_MS,
  linkWithToken,
  PASSWORD_RESET_LIFETIME_MS,
  sameEmail,
  validateEmailOnly,
  validateResetPassword,
} from "../rules/auth.js"
import { stripInvalidEmailCharacters } from "../rules/validation.js"
import { loginLinkEmail, passwordChangedNotice, passwordResetEmail } from "./emails.js"
import { AccountValidationFailed, OneTimeTokenInvalid } from "./errors.js"
import type { Caller } from "./model.js"
import { makeOneTimeTokens } from "./one-time-tokens.js"
import { Throttle } from "./throttle.js"

const checked = <Errors extends Readonly<Record<string, string | undefined>>>(errors: Errors) =>
  hasErrors(errors) ? Effect.fail(new AccountValidationFailed({ errors })) : Effect.void

/**
 * Getting back into an account by email: verifying an address, resetting a
 * forgotten password and logging in by link. Asking for a reset or a login
 * link succeeds alike whether or not the account exists, so the answer can't
 * be used to find out who is a customer.
 */
export class AccountRecovery extends Effect.Service<AccountRecovery>()(
  "@howzat/core/AccountRecovery",
  {
    effect: Effect.gen(function* () {
      const users = yield* UserRepo
      const refreshTokens = yield* RefreshTokenRepo
      const hasher = yield* PasswordHasher
      const mailer = yield* Mailer
      const brand = yield* Brand
      const transactions = yield* Transactions
      const throttle = yield* Throttle
      const oneTimeTokens = makeOneTimeTokens(yield* OneTimeTokenRepo, yield* SecureRandom)

      const verifyEmail = (token: string) =>
        transactions.within(
          Effect.gen(function* () {
            const { userId, email } = yield* oneTimeTokens.consume(token, "VerifyEmail")
            // A link sent to an address the customer has since changed away from verifies nothing.
            if (!(yield* users.markEmailVerified(userId, email)))
              return yield* new OneTimeTokenInvalid({ purpose: "VerifyEmail" })
          }),
        )

      /**
       * Sends a link for `purpose` if the account exists; silent otherwise.
       * Limited per address (refused, so one machine can't flood many
       * mailboxes) and per account. A request over the account's limit is
       * answered like any other and mails nothing while the owner already
       * holds a usable link of that kind, which it does whenever strangers
       * used up the limit: so they can flood nobody's mailbox, and can't keep
       * the owner from a link either (decision 0013).
       */
      const mailLinkIfAccountExists = (
        rawEmail: string,
        purpose: "ResetPassword" | "Login",
        linkBase: string,
        caller: Caller,
      ) =>
        Effect.gen(function* () {
          const overAccountLimit = yield* throttle
            .check(purpose === "ResetPassword" ? "passwordReset" : "loginLink", {
              account: rawEmail,
              address: caller.address,
            })
            .pipe(
              Effect.as(false),
              Effect.catchTag("RateLimited", (refused) =>
                refused.limit === "account" ? Effect.succeed(true) : Effect.fail(refused),
              ),
            )
          const email = stripInvalidEmailCharacters(rawEmail)
          yield* checked(validateEmailOnly({ email }))
          const user = yield* users.byEmail(email)
          if (user === undefined) return
          // Links outlive the window they were asked for in (accountWindowCeilingMs), so
          // this finds none only once the owner has used them, and then mails one more.
          if (
            overAccountLimit &&
            (yield* oneTimeTokens.outstanding(user.id, purpose, user.emailAddress))
          )
            return
          yield* transactions.within(
            Effect.gen(function* () {
              const lifetime =
                purpose === "ResetPassword" ? PASSWORD_RESET_LIFETIME_MS : LOGIN_LINK_LIFETIME_MS
              const token = yield* oneTimeTokens.issue(
                user.id,
                purpose,
                user.emailAddress,
                lifetime,
              )
              const link = linkWithToken(linkBase, token)
              const compose = purpose === "ResetPassword" ? passwordResetEmail : loginLinkEmail
              yield* mailer.send(compose(brand, user.emailAddress, user.firstName, link))
            }),
          )
        })

      const forgotPassword = (
        input: { readonly email: string; readonly resetLinkBase: string },
        caller: Caller,
      ) => mailLinkIfAccountExists(input.email, "ResetPassword", input.resetLinkBase, caller)

      const requestLoginToken = (
        input: { readonly email: string; readonly loginLinkBase: string },
        caller: Caller,
      ) => mailLinkIfAccountExists(input.email, "Login", input.loginLinkBase, caller)

      /**
       * A reset ends every session (whoever knew the old password may be
       * signed in somewhere), spends the other reset links, and — since the
       * link was read from the mailbox — verifies the address.
       */
      const resetPassword = (input: {
        readonly token: string
        readonly password: string
        readonly confirmPassword: string
      }) =>
        Effect.gen(function* () {
          yield* checked(validateResetPassword(input))
          yield* transactions.within(
            Effect.gen(function* () {
              const { userId, email } = yield* oneTimeTokens.consume(input.token, "ResetPassword")
              const user = yield* users.byId(userId)
              if (user === undefined)
                return yield* new OneTimeTokenInvalid({ purpose: "ResetPassword" })
              // Hashed only once the token proved good, so made-up tokens cost us no argon2 work.
              yield* users.setPasswordHash(userId, yield* hasher.hash(input.password))
              yield* oneTimeTokens.discardAll(userId, "ResetPassword")
              yield* refreshTokens.revokeAllOfUser(userId)
              if (sameEmail(email, user.emailAddress)) yield* users.markEmailVerified(userId, email)
              yield* mailer.send(passwordChangedNotice(brand, user.emailAddress, user.firstName))
            }),
          )
        })

      return { verifyEmail, forgotPassword, requestLoginToken, resetPassword }
    }),
    dependencies: [Throttle.Default],
  },
) {}
