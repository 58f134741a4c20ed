import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either, TestClock } from "effect"
import { AccountRecovery } from "./recovery.js"
import { Registration } from "./registration.js"
import { Sessions } from "./sessions.js"
import {
  accountServicesOver,
  emptyAccountStore,
  registrationRequest,
  tokenMailedTo,
} from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")

/** A registered customer's first session, at START on the test clock. */
const registered = Effect.gen(function* () {
  yield* TestClock.setTime(START)
  const outcome = yield* (yield* Registration).register(registrationRequest(), {})
  if (outcome._tag !== "Registered") throw new Error("not registered")
  return outcome.session
})

const run = <A, E>(
  test: (
    store: ReturnType<typeof emptyAccountStore>,
  ) => Effect.Effect<A, E, Sessions | Registration | AccountRecovery>,
) => {
  const store = emptyAccountStore()
  return Effect.provide(test(store), accountServicesOver(store))
}

describe("Sessions", () => {
  it.effect("logs in with the right password, whatever the email's case", () =>
    run(() =>
      Effect.gen(function* () {
        yield* registered
        const sessions = yield* Sessions
        const session = yield* sessions.authenticate(
          {
            email: "ANN@example.com",
            password: "Str0ng!pass",
          },
          {},
        )
        expect(session.user.emailAddress).toBe("ann@example.com")
        expect(session.user.customerId).not.toBeNull()
        const principal = yield* sessions.verifyAccessToken(session.accessToken)
        expect(principal).toMatchObject({
          role: "Customer",
          email: "ann@example.com",
          name: "Ann Smith",
        })
      }),
    ),
  )

  it.effect("refuses a wrong password and an unknown email with the same error", () =>
    run(() =>
      Effect.gen(function* () {
        yield* registered
        const sessions = yield* Sessions
        const wrong = yield* Effect.flip(
          sessions.authenticate({ email: "ann@example.com", password: "nope" }, {}),
        )
        const unknown = yield* Effect.flip(
          sessions.authenticate({ email: "bob@example.com", password: "Str0ng!pass" }, {}),
        )
        expect(wrong._tag).toBe("InvalidCredentials")
        expect(unknown._tag).toBe("InvalidCredentials")
      }),
    ),
  )

  it.effect("lets an access token expire after 15 minutes", () =>
    run(() =>
      Effect.gen(function* () {
        const session = yield* registered
        const sessions = yield* Sessions
        expect(session.accessTokenExpiresAt.getTime() - START).toBe(15 * 60_000)
        yield* TestClock.adjust(Duration.minutes(14))
        yield* sessions.verifyAccessToken(session.accessToken)
        yield* TestClock.adjust(Duration.minutes(1))
        const expired = yield* Effect.flip(sessions.verifyAccessToken(session.accessToken))
        expect(expired._tag).toBe("AccessTokenInvalid")
      }),
    ),
  )

  it.effect("a staff token stands only while its session does, with the same role", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(START)
        const sessions = yield* Sessions
        const staff = {
          id: "staff-1",
          emailAddress: "host@howzat.example",
          firstName: "Stream",
          lastName: "Host",
          role: "Staff" as const,
          customerId: null,
          emailVerified: true,
        }
        store.users.push({ ...staff, passwordHash: "unused" })
        const kept = yield* sessions.start(staff)
        const ended = yield* sessions.start(staff)
        expect((yield* sessions.verifyAccessToken(kept.accessToken)).role).toBe("Staff")

        // Signed out of one session: that token ends, the other stands.
        const family = yield* sessions.familyOf(ended.refreshToken)
        store.refreshTokens = store.refreshTokens.filter((t) => t.familyId !== family)
        const refused = yield* Effect.flip(sessions.verifyAccessToken(ended.accessToken))
        expect(refused).toMatchObject({ _tag: "AccessTokenInvalid", reason: "standing" })
        yield* sessions.verifyAccessToken(kept.accessToken)

        // Promoted or demoted: the token of the old role ends at once.
        store.users = store.users.map((u) => (u.id === staff.id ? { ...u, role: "Admin" } : u))
        const changed = yield* Effect.flip(sessions.verifyAccessToken(kept.accessToken))
        expect(changed._tag).toBe("AccessTokenInvalid")
      }),
    ),
  )

  it.effect("a customer's token is checked by its signature alone, as before", () =>
    run((store) =>
      Effect.gen(function* () {
        const session = yield* registered
        const sessions = yield* Sessions
        store.refreshTokens = []
        expect((yield* sessions.verifyAccessToken(session.accessToken)).role).toBe("Customer")
      }),
    ),
  )

  it.effect("rotates the refresh token on every refresh, sliding its 14 days", () =>
    run(() =>
      Effect.gen(function* () {
        const first = yield* registered
        const sessions = yield* Sessions
        yield* TestClock.adjust(Duration.days(13))
        const second = yield* sessions.refresh(first.refreshToken)
        expect(second.refreshToken).not.toBe(first.refreshToken)
        expect(second.accessToken).not.toBe(first.accessToken)
        expect(second.refreshTokenExpiresAt.getTime()).toBe(START + 27 * 86_400_000)
        yield* TestClock.adjust(Duration.days(13))
        const third = yield* sessions.refresh(second.refreshToken)
        expect(third.user.emailAddress).toBe("ann@example.com")
      }),
    ),
  )

  it.effect("refuses a refresh token 14 days after it was issued", () =>
    run(() =>
      Effect.gen(function* () {
        const first = yield* registered
        yield* TestClock.adjust(Duration.days(14))
        const error = yield* Effect.flip((yield* Sessions).refresh(first.refreshToken))
        expect(error).toMatchObject({ _tag: "RefreshTokenInvalid", reason: "expired" })
      }),
    ),
  )

  it.effect("revokes the whole family when a spent refresh token comes back", () =>
    run(() =>
      Effect.gen(function* () {
        const first = yield* registered
        const sessions = yield* Sessions
        const other = yield* sessions.authenticate(
          {
            email: "ann@example.com",
            password: "Str0ng!pass",
          },
          {},
        )
        const second = yield* sessions.refresh(first.refreshToken)
        // Someone replays the first token (copied before it was rotated).
        const replay = yield* Effect.flip(sessions.refresh(first.refreshToken))
        expect(replay).toMatchObject({ _tag: "RefreshTokenInvalid", reason: "reused" })
        // The legitimate holder's newer token went down with the family...
        const legit = yield* Effect.flip(sessions.refresh(second.refreshToken))
        expect(legit._tag).toBe("RefreshTokenInvalid")
        // ...but a session from another login is a different family and lives on.
        yield* sessions.refresh(other.refreshToken)
      }),
    ),
  )

  it.effect("logs out by deleting the family, and treats an unknown token as logged out", () =>
    run((store) =>
      Effect.gen(function* () {
        const first = yield* registered
        const sessions = yield* Sessions
        const second = yield* sessions.refresh(first.refreshToken)
        yield* sessions.revoke(second.refreshToken)
        expect(store.refreshTokens).toEqual([])
        const after = yield* Effect.flip(sessions.refresh(second.refreshToken))
        expect(after).toMatchObject({ reason: "unknown" })
        yield* sessions.revoke("never-issued")
        yield* sessions.revoke(undefined)
      }),
    ),
  )

  it.effect("says a missing refresh token is missing", () =>
    run(() =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* Sessions).refresh(undefined))
        expect(error).toMatchObject({ reason: "missing" })
      }),
    ),
  )

  it.effect("stores refresh and one-time tokens only as hashes", () =>
    run((store) =>
      Effect.gen(function* () {
        const session = yield* registered
        const verification = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        const stored = JSON.stringify([store.refreshTokens, store.oneTimeTokens, store.users])
        expect(stored).not.toContain(session.refreshToken)
        expect(stored).not.toContain(verification)
        expect(stored).not.toContain("Str0ng!pass")
        expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      }),
    ),
  )
})

describe("logging in by link", () => {
  it.effect("works once, within 15 minutes, and verifies the address", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* registered
        const sessions = yield* Sessions
        const recovery = yield* AccountRecovery
        yield* recovery.requestLoginToken(
          {
            email: "Ann@Example.com",
            loginLinkBase: "https://shop.example/Auth/Login",
          },
          {},
        )
        const token = tokenMailedTo(store, "ann@example.com", "LoginLink")
        const session = yield* sessions.authenticateByToken(token)
        expect(session.user.emailVerified).toBe(true)
        const again = yield* Effect.flip(sessions.authenticateByToken(token))
        expect(again._tag).toBe("OneTimeTokenInvalid")

        yield* recovery.requestLoginToken(
          {
            email: "ann@example.com",
            loginLinkBase: "https://shop.example/Auth/Login",
          },
          {},
        )
        const late = tokenMailedTo(store, "ann@example.com", "LoginLink")
        yield* TestClock.adjust(Duration.minutes(15))
        expect((yield* Effect.either(sessions.authenticateByToken(late)))._tag).toBe("Left")
      }),
    ),
  )

  it.effect("sends nothing, and says nothing different, for an unknown address", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* registered
        const before = store.outbox.length
        const result = yield* Effect.either(
          (yield* AccountRecovery).requestLoginToken(
            {
              email: "nobody@example.com",
              loginLinkBase: "https://shop.example/Auth/Login",
            },
            {},
          ),
        )
        expect(Either.isRight(result)).toBe(true)
        expect(store.outbox.length).toBe(before)
      }),
    ),
  )
})

describe("logging in while strangers have the account throttled (decision 0013)", () => {
  const PASSWORD = "Str0ng!pass"
  const STRANGER = { address: "203.0.113.9" }

  /** Ann registered; then ten wrong passwords from a stranger use up her account's budget. */
  const lockedOut = Effect.gen(function* () {
    const ann = yield* registered
    const sessions = yield* Sessions
    for (let i = 0; i < 10; i++)
      yield* Effect.flip(
        sessions.authenticate({ email: "ann@example.com", password: "x" }, STRANGER),
      )
    return ann
  })

  const logIn = (caller: { address?: string; refreshToken?: string }, email = "ann@example.com") =>
    Effect.flatMap(Sessions, (sessions) =>
      Effect.either(sessions.authenticate({ email, password: PASSWORD }, caller)),
    )

  const refusedAsThrottled = (result: Either.Either<unknown, { readonly _tag: string }>) =>
    Either.isLeft(result) && result.left._tag === "RateLimited"

  it.effect("lets in the browser that holds her live session, and no fresh one", () =>
    run(() =>
      Effect.gen(function* () {
        const ann = yield* lockedOut
        expect(refusedAsThrottled(yield* logIn({ address: "198.51.100.1" }))).toBe(true)
        const own = yield* logIn({ address: "198.51.100.1", refreshToken: ann.refreshToken })
        expect(Either.isRight(own) && own.right.user.emailAddress).toBe("ann@example.com")
      }),
    ),
  )

  it.effect("trusts only a live token of that very account", () =>
    run(() =>
      Effect.gen(function* () {
        const ann = yield* lockedOut
        const sessions = yield* Sessions
        const bob = yield* (yield* Registration).register(
          registrationRequest({ emailAddress: "bob@example.com" }),
          {},
        )
        if (bob._tag !== "Registered") throw new Error("not registered")
        // Another account's session vouches for nothing here.
        expect(refusedAsThrottled(yield* logIn({ refreshToken: bob.session.refreshToken }))).toBe(
          true,
        )
        expect(refusedAsThrottled(yield* logIn({ refreshToken: "made-up" }))).toBe(true)
        // A spent token is a copy, not the holder.
        const rotated = yield* sessions.refresh(ann.refreshToken)
        expect(refusedAsThrottled(yield* logIn({ refreshToken: ann.refreshToken }))).toBe(true)
        // A logged-out session is gone.
        yield* sessions.revoke(rotated.refreshToken)
        expect(refusedAsThrottled(yield* logIn({ refreshToken: rotated.refreshToken }))).toBe(true)
      }),
    ),
  )

  it.effect("trusts no expired token", () =>
    run(() =>
      Effect.gen(function* () {
        const ann = yield* registered
        // Fifteen days on, the session has lapsed; the lock-out happens in a new window.
        yield* TestClock.adjust(Duration.days(15))
        const sessions = yield* Sessions
        for (let i = 0; i < 10; i++)
          yield* Effect.flip(
            sessions.authenticate({ email: "ann@example.com", password: "x" }, STRANGER),
          )
        expect(refusedAsThrottled(yield* logIn({ refreshToken: ann.refreshToken }))).toBe(true)
      }),
    ),
  )

  it.effect("gives that browser a budget of its own, no bigger than an account's", () =>
    run(() =>
      Effect.gen(function* () {
        const ann = yield* lockedOut
        const sessions = yield* Sessions
        const device = { refreshToken: ann.refreshToken }
        // Whoever holds the cookie still can't guess her password any faster.
        for (let i = 0; i < 10; i++)
          expect(
            (yield* Effect.flip(
              sessions.authenticate({ email: "ann@example.com", password: "x" }, device),
            ))._tag,
          ).toBe("InvalidCredentials")
        expect(refusedAsThrottled(yield* logIn(device))).toBe(true)
      }),
    ),
  )

  it.effect("leaves the login link from her mailbox working", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* lockedOut
        yield* (yield* AccountRecovery).requestLoginToken(
          {
            email: "ann@example.com",
            loginLinkBase: "https://shop.example/Auth/Login",
          },
          {},
        )
        const token = tokenMailedTo(store, "ann@example.com", "LoginLink")
        const session = yield* (yield* Sessions).authenticateByToken(token)
        expect(session.user.emailAddress).toBe("ann@example.com")
      }),
    ),
  )
})
