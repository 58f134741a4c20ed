import { Effect } from "effect"
import { OneTimeTokenRepo, RefreshTokenRepo, UserRepo } from "../ports/accounts.js"
import { AccessTokens, PasswordHasher } from "../ports/credentials.js"
import { SecondFactorStore } from "../ports/second-factors.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import {
  ACCESS_TOKEN_LIFETIME_MS,
  fullName,
  hasErrors,
  REFRESH_TOKEN_LIFETIME_MS,
  sameEmail,
  validateLogin,
} from "../rules/auth.js"
import { CHALLENGE_LIFETIME_MS } from "../rules/second-factor.js"
import { stripInvalidEmailCharacters } from "../rules/validation.js"
import { needsCurrentStanding, needsSecondFactor, standsNow } from "../staff/permissions.js"
import {
  AccessTokenInvalid,
  AccountValidationFailed,
  InvalidCredentials,
  OneTimeTokenInvalid,
  RefreshTokenInvalid,
  SecondFactorRequired,
} from "./errors.js"
import type { Caller, Principal, Session, User } from "./model.js"
import { currentTime, makeOneTimeTokens } from "./one-time-tokens.js"
import { hashSecretToken, newSecretToken } from "./secrets.js"
import { Throttle } from "./throttle.js"

export const principalOf = (user: User): Principal => ({
  userId: user.id,
  role: user.role,
  customerId: user.customerId,
  email: user.emailAddress,
  name: fullName(user.firstName, user.lastName),
})

const publicUser = (user: User): User => ({
  id: user.id,
  emailAddress: user.emailAddress,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  customerId: user.customerId,
  emailVerified: user.emailVerified,
})

/**
 * Signing in and staying signed in. A session is a short-lived access token
 * (a JWT a customer's call checks without the database; a staff call reads
 * its standing too) plus a refresh token that
 * lives in an httpOnly cookie and is stored only as a hash. Each refresh
 * spends the presented token and issues the next of its family; presenting
 * a spent token again means it was copied, so the whole family is revoked
 * and both the thief and the customer must log in again. Logins are
 * throttled per account and per address; a browser still holding a live
 * session of the account has a budget of its own (decision 0013).
 */
export class Sessions extends Effect.Service<Sessions>()("@howzat/core/Sessions", {
  effect: Effect.gen(function* () {
    const users = yield* UserRepo
    const refreshTokens = yield* RefreshTokenRepo
    const hasher = yield* PasswordHasher
    const accessTokens = yield* AccessTokens
    const random = yield* SecureRandom
    const transactions = yield* Transactions
    const throttle = yield* Throttle
    const secondFactors = yield* SecondFactorStore
    const oneTimeTokens = makeOneTimeTokens(yield* OneTimeTokenRepo, random)

    const withRandom = <A, E>(effect: Effect.Effect<A, E, SecureRandom>) =>
      Effect.provideService(effect, SecureRandom, random)

    // Checking a password for an email nobody has still costs one hash
    // verification, so the answer's timing doesn't say whether the account exists.
    const decoyHash = yield* hasher.hash(yield* withRandom(newSecretToken))

    /** The next session of a family: a new family when none is given. */
    const issue = (user: User, familyId?: string) =>
      Effect.gen(function* () {
        const now = yield* currentTime
        const accessTokenExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS)
        const refreshTokenExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS)
        const family = familyId ?? (yield* withRandom(newSecretToken))
        const accessToken = yield* accessTokens.issue(principalOf(user), {
          issuedAt: now,
          expiresAt: accessTokenExpiresAt,
          sessionId: family,
        })
        const refreshToken = yield* withRandom(newSecretToken)
        yield* refreshTokens.create({
          tokenHash: yield* hashSecretToken(refreshToken),
          userId: user.id,
          familyId: family,
          createdAt: now,
          expiresAt: refreshTokenExpiresAt,
        })
        const session: Session = {
          user: publicUser(user),
          accessToken,
          accessTokenExpiresAt,
          refreshToken,
          refreshTokenExpiresAt,
        }
        return session
      })

    /**
     * What a right password (or login link) earns: a session, or for a role
     * that needs a second factor only a challenge to answer with a code
     * (decision 0032). The challenge is a fresh secret token kept as a hash,
     * like a refresh token; SecondFactor turns it into a session.
     */
    const signInOrChallenge = (user: User) =>
      Effect.gen(function* () {
        if (!needsSecondFactor(user.role))
          return { _tag: "Session" as const, session: yield* issue(user) }
        const now = yield* currentTime
        const challenge = yield* withRandom(newSecretToken)
        yield* secondFactors.createChallenge({
          tokenHash: yield* hashSecretToken(challenge),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
        })
        const enrolment = yield* secondFactors.enrolmentOf(user.id)
        return {
          _tag: "Challenge" as const,
          required: new SecondFactorRequired({
            challenge,
            enrolled: enrolment !== undefined && enrolment.secret !== null,
          }),
        }
      })

    const sessionOrFail = (
      outcome: Effect.Effect.Success<ReturnType<typeof signInOrChallenge>>,
    ): Effect.Effect<Session, SecondFactorRequired> =>
      outcome._tag === "Session" ? Effect.succeed(outcome.session) : Effect.fail(outcome.required)

    /**
     * The refresh family of a browser that already holds a live session of
     * the account whose email was typed: only then may it log in while that
     * account is throttled (decision 0013). A spent, expired, revoked or
     * unknown token, or one of another account, vouches for nothing.
     */
    const trustedDevice = (refreshToken: string | undefined, email: string) =>
      Effect.gen(function* () {
        if (refreshToken === undefined || refreshToken === "") return undefined
        const holder = yield* refreshTokens.holderOf(
          yield* hashSecretToken(refreshToken),
          yield* currentTime,
        )
        if (holder === undefined) return undefined
        const user = yield* users.byId(holder.userId)
        return user !== undefined && sameEmail(user.emailAddress, email)
          ? holder.familyId
          : undefined
      })

    const authenticate = (
      input: { readonly email: string; readonly password: string },
      caller: Caller,
    ) =>
      Effect.gen(function* () {
        const email = stripInvalidEmailCharacters(input.email)
        yield* throttle.check("login", {
          account: email,
          address: caller.address,
          trustedDevice: yield* trustedDevice(caller.refreshToken, email),
        })
        const errors = validateLogin({ email, password: input.password })
        if (hasErrors(errors)) return yield* new AccountValidationFailed({ errors })
        const user = yield* users.byEmail(email)
        const matches = yield* hasher.verify(user?.passwordHash ?? decoyHash, input.password)
        if (user === undefined || !matches) return yield* new InvalidCredentials()
        return yield* sessionOrFail(yield* signInOrChallenge(user))
      })

    /**
     * A login link proves the person reads that mailbox, so it also verifies
     * the address — if it is still the account's address.
     */
    const authenticateByToken = (token: string) =>
      transactions
        .within(
          Effect.gen(function* () {
            const { userId, email } = yield* oneTimeTokens.consume(token, "Login")
            const user = yield* users.byId(userId)
            if (user === undefined) return yield* new OneTimeTokenInvalid({ purpose: "Login" })
            const verified =
              sameEmail(user.emailAddress, email) && (yield* users.markEmailVerified(userId, email))
            // The link is spent and the challenge kept even when no session follows yet.
            return yield* signInOrChallenge(verified ? { ...user, emailVerified: true } : user)
          }),
        )
        .pipe(Effect.flatMap(sessionOrFail))

    const refresh = (token: string | undefined) =>
      Effect.gen(function* () {
        if (token === undefined || token === "")
          return yield* new RefreshTokenInvalid({ reason: "missing" })
        const tokenHash = yield* hashSecretToken(token)
        const outcome = yield* transactions.within(
          Effect.gen(function* () {
            const spent = yield* refreshTokens.spend(tokenHash, yield* currentTime)
            if (spent._tag !== "Fresh") return spent
            const user = yield* users.byId(spent.userId)
            if (user === undefined) return { _tag: "UserGone" as const }
            return { _tag: "Rotated" as const, session: yield* issue(user, spent.familyId) }
          }),
        )
        switch (outcome._tag) {
          case "Rotated":
            return outcome.session
          case "AlreadySpent":
            // Outside the transaction above: the revocation must stand even though we fail.
            yield* refreshTokens.revokeFamily(outcome.familyId)
            yield* Effect.logWarning("a spent refresh token was presented again; family revoked")
            return yield* new RefreshTokenInvalid({ reason: "reused" })
          case "Expired":
            return yield* new RefreshTokenInvalid({ reason: "expired" })
          case "Unknown":
            return yield* new RefreshTokenInvalid({ reason: "unknown" })
          case "UserGone":
            return yield* new RefreshTokenInvalid({ reason: "user-gone" })
        }
      })

    /** Logging out ends the whole family; an unknown token is already logged out. */
    const revoke = (token: string | undefined) =>
      Effect.gen(function* () {
        if (token === undefined || token === "") return
        const familyId = yield* refreshTokens.familyOf(yield* hashSecretToken(token))
        if (familyId !== undefined) yield* refreshTokens.revokeFamily(familyId)
      })

    /**
     * A customer's token by its signature and expiry alone, no database read.
     * A staff token also by one indexed read (decision 0063): removed,
     * demoted, reset or signed out, their next call on any server process
     * finds the session gone or the role changed, and is refused. A failed
     * read is a fault (500), never a signed-out answer.
     */
    const verifyAccessToken = (token: string) =>
      Effect.gen(function* () {
        const { principal, sessionId } = yield* accessTokens.verify(token, yield* currentTime)
        if (!needsCurrentStanding(principal.role)) return principal
        const roleNow =
          sessionId === null
            ? null
            : yield* Effect.orDie(refreshTokens.roleInSession(principal.userId, sessionId))
        if (!standsNow(principal.role, roleNow)) {
          return yield* new AccessTokenInvalid({ reason: "standing" })
        }
        return principal
      })

    /** The family of the refresh token in a request, to keep that session when ending others. */
    const familyOf = (token: string | undefined) =>
      token === undefined || token === ""
        ? Effect.succeed(undefined)
        : Effect.flatMap(hashSecretToken(token), refreshTokens.familyOf)

    return {
      start: (user: User) => issue(user),
      authenticate,
      authenticateByToken,
      refresh,
      revoke,
      verifyAccessToken,
      familyOf,
    }
  }),
  dependencies: [Throttle.Default],
}) {}
