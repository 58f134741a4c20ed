import { Effect } from "effect"
import { Brand } from "../brand.js"
import { OneTimeTokenRepo, RefreshTokenRepo, UserRepo } from "../ports/accounts.js"
import { PasswordHasher } from "../ports/credentials.js"
import { Mailer } from "../ports/mailer.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import {
  accountMessages,
  EMAIL_VERIFICATION_LIFETIME_MS,
  hasErrors,
  linkWithToken,
  sameEmail,
  validateChangeEmail,
  validateChangePassword,
} from "../rules/auth.js"
import { stripInvalidEmailCharacters } from "../rules/validation.js"
import {
  emailChangedNotice,
  emailInUseNotice,
  passwordChangedNotice,
  verificationEmail,
} from "./emails.js"
import { AccountValidationFailed, InvalidCredentials } from "./errors.js"
import type { Caller, Principal, UserWithPassword } from "./model.js"
import { makeOneTimeTokens } from "./one-time-tokens.js"
import { Throttle } from "./throttle.js"

const failWith = (errors: Readonly<Record<string, string | undefined>>) =>
  Effect.fail(new AccountValidationFailed({ errors }))

/**
 * Changing the email address or the password of the signed-in account. Both
 * ask for the current password again, so a session left open on a shared
 * computer can't be used to take the account over, and both tell the old
 * address by email. An email change is throttled and answers the same
 * whether or not the new address is taken (decision 0013), so it can't be
 * used to find out who has an account.
 */
export class AccountChanges extends Effect.Service<AccountChanges>()(
  "@howzat/core/AccountChanges",
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

      /**
       * The signed-in user, read afresh (the token's email may be minutes
       * old), checked against the email the form sent and the password typed.
       */
      const confirmIdentity = (
        principal: Principal,
        claimed: { readonly field: string; readonly email: string },
        password: { readonly field: string; readonly value: string },
      ) =>
        Effect.gen(function* () {
          const user: UserWithPassword | undefined = yield* users.byId(principal.userId)
          // The token outlived its user (deleted by staff): as good as not logged in.
          if (user === undefined) return yield* new InvalidCredentials()
          if (!sameEmail(claimed.email, user.emailAddress))
            return yield* failWith({ [claimed.field]: accountMessages.notYourEmailAddress })
          if (!(yield* hasher.verify(user.passwordHash, password.value)))
            return yield* failWith({ [password.field]: accountMessages.currentPasswordIncorrect })
          return user
        })

      /**
       * The owner of a taken address hears of the attempt; the caller is
       * answered as if it worked and nothing changes.
       */
      const tellOwnerOf = (email: string) =>
        Effect.gen(function* () {
          const owner = yield* users.byEmail(email)
          if (owner !== undefined)
            yield* mailer.send(emailInUseNotice(brand, owner.emailAddress, owner.firstName))
        })

      const moveTo = (user: UserWithPassword, newEmail: string, verificationLinkBase: string) =>
        transactions.within(
          Effect.gen(function* () {
            yield* users.changeEmail(user.id, newEmail)
            yield* oneTimeTokens.discardAll(user.id, "VerifyEmail")
            // Links still waiting in the old mailbox (which may be why it is left behind) die with it.
            yield* oneTimeTokens.discardAll(user.id, "Login")
            yield* oneTimeTokens.discardAll(user.id, "ResetPassword")
            const token = yield* oneTimeTokens.issue(
              user.id,
              "VerifyEmail",
              newEmail,
              EMAIL_VERIFICATION_LIFETIME_MS,
            )
            const link = linkWithToken(verificationLinkBase, token)
            yield* mailer.send(verificationEmail(brand, newEmail, user.firstName, link))
            yield* mailer.send(
              emailChangedNotice(brand, user.emailAddress, user.firstName, newEmail),
            )
          }),
        )

      const changeEmailAddress = (
        principal: Principal,
        input: {
          readonly currentEmail: string
          readonly newEmail: string
          readonly password: string
          readonly verificationLinkBase: string
        },
        caller: Caller,
      ) =>
        Effect.gen(function* () {
          // Keyed by user id: the account's email is what this call changes.
          yield* throttle.check("changeEmail", {
            account: principal.userId,
            address: caller.address,
          })
          const newEmail = stripInvalidEmailCharacters(input.newEmail)
          const errors = validateChangeEmail({ newEmail, password: input.password })
          if (hasErrors(errors)) return yield* failWith(errors)
          const user = yield* confirmIdentity(
            principal,
            { field: "currentEmail", email: input.currentEmail },
            { field: "password", value: input.password },
          )
          const holder = yield* users.byEmail(newEmail)
          if (holder !== undefined && holder.id !== user.id) return yield* tellOwnerOf(newEmail)
          // The unique index decides a race with a registration of the same address.
          yield* moveTo(user, newEmail, input.verificationLinkBase).pipe(
            Effect.catchTag("EmailAlreadyRegistered", () => tellOwnerOf(newEmail)),
          )
        })

      /** Other sessions end; the one making the change (its refresh family) stays signed in. */
      const changePassword = (
        principal: Principal,
        input: {
          readonly email: string
          readonly currentPassword: string
          readonly newPassword: string
          readonly confirmNewPassword: string
        },
        keepFamilyId: string | undefined,
      ) =>
        Effect.gen(function* () {
          const errors = validateChangePassword(input)
          if (hasErrors(errors)) return yield* failWith(errors)
          const user = yield* confirmIdentity(
            principal,
            { field: "email", email: input.email },
            { field: "currentPassword", value: input.currentPassword },
          )
          const passwordHash = yield* hasher.hash(input.newPassword)
          yield* transactions.within(
            Effect.gen(function* () {
              yield* users.setPasswordHash(user.id, passwordHash)
              yield* refreshTokens.revokeAllOfUser(user.id, { exceptFamilyId: keepFamilyId })
              yield* oneTimeTokens.discardAll(user.id, "ResetPassword")
              yield* mailer.send(passwordChangedNotice(brand, user.emailAddress, user.firstName))
            }),
          )
        })

      /**
       * Another verification email to the signed-in account's address, for
       * one that went astray. Throttled per account and address (each one
       * fills an inbox); earlier links stay good until they expire. An
       * address verified already gets nothing and is told so.
       */
      const resendVerificationEmail = (
        principal: Principal,
        input: { readonly verificationLinkBase: string },
        caller: Caller,
      ) =>
        Effect.gen(function* () {
          yield* throttle.check("verificationEmail", {
            account: principal.userId,
            address: caller.address,
          })
          const user = yield* users.byId(principal.userId)
          // The token outlived its user (deleted by staff): as good as not logged in.
          if (user === undefined) return yield* new InvalidCredentials()
          if (user.emailVerified)
            return { sentTo: user.emailAddress, alreadyVerified: true } as const
          yield* transactions.within(
            Effect.gen(function* () {
              const token = yield* oneTimeTokens.issue(
                user.id,
                "VerifyEmail",
                user.emailAddress,
                EMAIL_VERIFICATION_LIFETIME_MS,
              )
              const link = linkWithToken(input.verificationLinkBase, token)
              yield* mailer.send(verificationEmail(brand, user.emailAddress, user.firstName, link))
            }),
          )
          return { sentTo: user.emailAddress, alreadyVerified: false } as const
        })

      return { changeEmailAddress, changePassword, resendVerificationEmail }
    }),
    dependencies: [Throttle.Default],
  },
) {}
