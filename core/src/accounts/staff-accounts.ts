import { Effect } from "effect"
import { Brand } from "../brand.js"
import { OneTimeTokenRepo, UserRepo } from "../ports/accounts.js"
import { PasswordHasher } from "../ports/credentials.js"
import { Mailer } from "../ports/mailer.js"
import { SecureRandom } from "../ports/secure-random.js"
import { ShopLinks, setPasswordPageLink } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import { hasErrors, linkWithToken, STAFF_INVITATION_LIFETIME_HOURS } from "../rules/auth.js"
import {
  stripInvalidEmailCharacters,
  trimText,
  validateEmail,
  validateFirstName,
  validateLastName,
} from "../rules/validation.js"
import { staffInvitationEmail } from "./emails.js"
import { AccountValidationFailed, EmailAlreadyRegistered } from "./errors.js"
import type { Role, User } from "./model.js"
import { makeOneTimeTokens } from "./one-time-tokens.js"
import { newOneTimePassword, newSecretToken } from "./secrets.js"

export type StaffRole = Exclude<Role, "Customer">

/** How a new staff member learns their password (decision 0019). */
export type PasswordHandover =
  /** Generated here and shown once to whoever adds them, who passes it on. */
  | "OneTimePassword"
  /** Chosen by them through a link mailed to their address; nobody else ever knows it. */
  | "SetPasswordLink"

export interface NewStaffMember {
  readonly emailAddress: string
  readonly firstName: string
  readonly lastName: string
  readonly role: StaffRole
  readonly handover: PasswordHandover
}

export type StaffMemberAdded =
  | { readonly _tag: "WithOneTimePassword"; readonly user: User; readonly password: string }
  | {
      readonly _tag: "SetPasswordLinkSent"
      readonly user: User
      readonly linkLifetimeHours: number
    }

export { STAFF_INVITATION_LIFETIME_HOURS }

/**
 * Adds the people who run the shop: users with the Staff or Admin role and
 * no customer record, so they can never be mistaken for a customer session
 * (docs/product/states.md). Whoever adds them vouches for their address, so it starts
 * verified. The email is checked and cleaned as registration does, and an
 * address any account already has (customer or staff) changes nothing.
 */
export class StaffAccounts extends Effect.Service<StaffAccounts>()("@howzat/core/StaffAccounts", {
  effect: Effect.gen(function* () {
    const users = yield* UserRepo
    const hasher = yield* PasswordHasher
    const mailer = yield* Mailer
    const brand = yield* Brand
    const random = yield* SecureRandom
    const transactions = yield* Transactions
    const oneTimeTokens = makeOneTimeTokens(yield* OneTimeTokenRepo, random)

    const withRandom = <A, E>(effect: Effect.Effect<A, E, SecureRandom>) =>
      Effect.provideService(effect, SecureRandom, random)

    const add = (member: NewStaffMember) =>
      Effect.gen(function* () {
        const emailAddress = stripInvalidEmailCharacters(member.emailAddress)
        const firstName = trimText(member.firstName)
        const lastName = trimText(member.lastName)
        const errors = {
          emailAddress: validateEmail(emailAddress),
          firstName: validateFirstName(firstName),
          lastName: validateLastName(lastName),
        }
        if (hasErrors(errors)) return yield* new AccountValidationFailed({ errors })
        // Checked first to spare an argon2 hash; the unique index still decides a race.
        if ((yield* users.byEmail(emailAddress)) !== undefined)
          return yield* new EmailAlreadyRegistered()

        // With a link, the stored hash is of a secret nobody is ever told: no password works.
        const password = yield* withRandom(
          member.handover === "OneTimePassword" ? newOneTimePassword : newSecretToken,
        )
        const passwordHash = yield* hasher.hash(password)
        const { origin } = yield* ShopLinks

        return yield* transactions.within(
          Effect.gen(function* () {
            const created = yield* users.createStaff({
              emailAddress,
              passwordHash,
              firstName,
              lastName,
              role: member.role,
            })
            yield* users.markEmailVerified(created.id, created.emailAddress)
            const user: User = {
              id: created.id,
              emailAddress: created.emailAddress,
              firstName: created.firstName,
              lastName: created.lastName,
              role: created.role,
              customerId: null,
              emailVerified: true,
            }
            if (member.handover === "OneTimePassword")
              return { _tag: "WithOneTimePassword", user, password } as StaffMemberAdded
            // The reset flow's token: the reset page sets the password, ends any
            // session and verifies the address, as it does for a forgotten password.
            const token = yield* oneTimeTokens.issue(
              user.id,
              "ResetPassword",
              user.emailAddress,
              STAFF_INVITATION_LIFETIME_HOURS * 3_600_000,
            )
            yield* mailer.send(
              staffInvitationEmail(
                brand,
                user.emailAddress,
                user.firstName,
                member.role,
                linkWithToken(setPasswordPageLink(origin), token),
                STAFF_INVITATION_LIFETIME_HOURS,
              ),
            )
            return {
              _tag: "SetPasswordLinkSent",
              user,
              linkLifetimeHours: STAFF_INVITATION_LIFETIME_HOURS,
            } as StaffMemberAdded
          }),
        )
      })

    return { add }
  }),
}) {}
