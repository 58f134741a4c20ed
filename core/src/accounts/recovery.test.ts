import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, TestClock } from "effect"
import { accountMessages } from "../rules/auth.js"
import { messages } from "../rules/validation.js"
import { AccountChanges } from "./account-changes.js"
import type { Session } from "./model.js"
import { AccountRecovery } from "./recovery.js"
import { Registration } from "./registration.js"
import { principalOf, Sessions } from "./sessions.js"
import {
  accountServicesOver,
  emptyAccountStore,
  registrationRequest,
  tokenMailedTo,
} from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")
const RESET_BASE = "https://shop.example/Auth/ForgotPassword"
const NEW_PASSWORD = "N3w!password"

type Services = Registration | AccountRecovery | AccountChanges | Sessions

const run = <A, E>(
  test: (
    store: ReturnType<typeof emptyAccountStore>,
    ann: Session,
  ) => Effect.Effect<A, E, Services>,
) => {
  const store = emptyAccountStore()
  return Effect.provide(
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const outcome = yield* (yield* Registration).register(registrationRequest(), {})
      if (outcome._tag !== "Registered") throw new Error("not registered")
      return yield* test(store, outcome.session)
    }),
    accountServicesOver(store),
  )
}

const logIn = (password: string, email = "ann@example.com") =>
  Effect.flatMap(Sessions, (sessions) =>
    Effect.either(sessions.authenticate({ email, password }, {})),
  )

describe("forgotten passwords", () => {
  it.effect("mail a reset link only to an existing account, and answer the same either way", () =>
    run((store) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        const before = store.outbox.length
        yield* recovery.forgotPassword(
          { email: "nobody@example.com", resetLinkBase: RESET_BASE },
          {},
        )
        expect(store.outbox.length).toBe(before)
        yield* recovery.forgotPassword({ email: "ANN@example.com", resetLinkBase: RESET_BASE }, {})
        expect(store.outbox.at(-1)).toMatchObject({ kind: "ResetPassword", to: "ann@example.com" })
        expect(store.outbox.at(-1)?.text).toContain(`${RESET_BASE}?token=`)
      }),
    ),
  )

  it.effect("mail no mailbox more than five links an hour, answering the sixth like the rest", () =>
    run((store) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        const ask = recovery.forgotPassword(
          { email: "ann@example.com", resetLinkBase: RESET_BASE },
          {},
        )
        for (let i = 0; i < 6; i++) yield* ask
        expect(store.outbox.filter((m) => m.kind === "ResetPassword")).toHaveLength(5)
      }),
    ),
  )

  it.effect("reset the password once, end every session and spend older links", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        yield* recovery.forgotPassword({ email: "ann@example.com", resetLinkBase: RESET_BASE }, {})
        const older = tokenMailedTo(store, "ann@example.com", "ResetPassword")
        yield* recovery.forgotPassword({ email: "ann@example.com", resetLinkBase: RESET_BASE }, {})
        const token = tokenMailedTo(store, "ann@example.com", "ResetPassword")
        yield* recovery.resetPassword({
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })

        expect((yield* logIn("Str0ng!pass"))._tag).toBe("Left")
        expect((yield* logIn(NEW_PASSWORD))._tag).toBe("Right")
        const oldSession = yield* Effect.flip((yield* Sessions).refresh(ann.refreshToken))
        expect(oldSession._tag).toBe("RefreshTokenInvalid")
        for (const used of [token, older]) {
          const again = yield* Effect.flip(
            recovery.resetPassword({
              token: used,
              password: NEW_PASSWORD,
              confirmPassword: NEW_PASSWORD,
            }),
          )
          expect(again._tag).toBe("OneTimeTokenInvalid")
        }
        expect(store.outbox.at(-1)?.kind).toBe("PasswordChanged")
      }),
    ),
  )

  it.effect("let a reset link lapse after an hour", () =>
    run((store) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        yield* recovery.forgotPassword({ email: "ann@example.com", resetLinkBase: RESET_BASE }, {})
        const token = tokenMailedTo(store, "ann@example.com", "ResetPassword")
        yield* TestClock.adjust(Duration.hours(1))
        const error = yield* Effect.flip(
          recovery.resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
        )
        expect(error._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )

  it.effect("check the new password before spending the link", () =>
    run((store) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        yield* recovery.forgotPassword({ email: "ann@example.com", resetLinkBase: RESET_BASE }, {})
        const token = tokenMailedTo(store, "ann@example.com", "ResetPassword")
        const error = yield* Effect.flip(
          recovery.resetPassword({ token, password: "weak", confirmPassword: "weak" }),
        )
        expect(error).toMatchObject({ errors: { password: messages.newPasswordWeak } })
        yield* recovery.resetPassword({
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
      }),
    ),
  )

  it.effect("refuse a link meant for something else", () =>
    run((store) =>
      Effect.gen(function* () {
        const verification = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        const error = yield* Effect.flip(
          (yield* AccountRecovery).resetPassword({
            token: verification,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        )
        expect(error._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )
})

describe("changing the password", () => {
  const change = (ann: Session, currentPassword: string, keepFamilyOf?: string) =>
    Effect.gen(function* () {
      const sessions = yield* Sessions
      const keep = yield* sessions.familyOf(keepFamilyOf)
      return yield* (yield* AccountChanges).changePassword(
        principalOf(ann.user),
        {
          email: "ann@example.com",
          currentPassword,
          newPassword: NEW_PASSWORD,
          confirmNewPassword: NEW_PASSWORD,
        },
        keep,
      )
    })

  it.effect("needs the current password", () =>
    run((_, ann) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(change(ann, "Wr0ng!pass"))
        expect(error).toMatchObject({
          errors: { currentPassword: accountMessages.currentPasswordIncorrect },
        })
        expect((yield* logIn("Str0ng!pass"))._tag).toBe("Right")
      }),
    ),
  )

  it.effect("needs the email of the signed-in account", () =>
    run((_, ann) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          (yield* AccountChanges).changePassword(
            principalOf(ann.user),
            {
              email: "bob@example.com",
              currentPassword: "Str0ng!pass",
              newPassword: NEW_PASSWORD,
              confirmNewPassword: NEW_PASSWORD,
            },
            undefined,
          ),
        )
        expect(error).toMatchObject({ errors: { email: accountMessages.notYourEmailAddress } })
      }),
    ),
  )

  it.effect("keeps this session, ends the others and tells the customer", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const elsewhere = yield* sessions.authenticate(
          {
            email: "ann@example.com",
            password: "Str0ng!pass",
          },
          {},
        )
        yield* change(ann, "Str0ng!pass", ann.refreshToken)
        yield* sessions.refresh(ann.refreshToken)
        expect((yield* Effect.flip(sessions.refresh(elsewhere.refreshToken)))._tag).toBe(
          "RefreshTokenInvalid",
        )
        expect((yield* logIn(NEW_PASSWORD))._tag).toBe("Right")
        expect(store.outbox.at(-1)).toMatchObject({
          kind: "PasswordChanged",
          to: "ann@example.com",
        })
      }),
    ),
  )
})

describe("changing the email address", () => {
  const changeTo = (ann: Session, newEmail: string, password = "Str0ng!pass") =>
    Effect.flatMap(AccountChanges, (changes) =>
      changes.changeEmailAddress(
        principalOf(ann.user),
        {
          currentEmail: "ann@example.com",
          newEmail,
          password,
          verificationLinkBase: "https://shop.example/",
        },
        {},
      ),
    )

  it.effect("moves the login to the new address, unverified, and mails both addresses", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        const oldVerification = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        yield* changeTo(ann, "ann.smith@example.com")
        expect(store.users[0]).toMatchObject({
          emailAddress: "ann.smith@example.com",
          emailVerified: false,
        })
        expect((yield* logIn("Str0ng!pass", "ann.smith@example.com"))._tag).toBe("Right")
        expect((yield* logIn("Str0ng!pass", "ann@example.com"))._tag).toBe("Left")
        expect(store.outbox.find((m) => m.kind === "EmailChanged")?.to).toBe("ann@example.com")

        // The old address's link verifies nothing now; the new address's does.
        const recovery = yield* AccountRecovery
        expect((yield* Effect.flip(recovery.verifyEmail(oldVerification)))._tag).toBe(
          "OneTimeTokenInvalid",
        )
        yield* recovery.verifyEmail(tokenMailedTo(store, "ann.smith@example.com", "VerifyEmail"))
        expect(store.users[0]?.emailVerified).toBe(true)
      }),
    ),
  )

  it.effect("spends the login and reset links mailed to the old address", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        yield* recovery.requestLoginToken(
          { email: "ann@example.com", loginLinkBase: "https://shop.example/login" },
          {},
        )
        yield* recovery.forgotPassword(
          { email: "ann@example.com", resetLinkBase: "https://shop.example/reset" },
          {},
        )
        const loginLink = tokenMailedTo(store, "ann@example.com", "LoginLink")
        const resetLink = tokenMailedTo(store, "ann@example.com", "ResetPassword")
        // Moving away from a mailbox (perhaps one someone else can read) closes what it holds.
        yield* changeTo(ann, "ann.smith@example.com")
        const sessions = yield* Sessions
        expect((yield* Effect.flip(sessions.authenticateByToken(loginLink)))._tag).toBe(
          "OneTimeTokenInvalid",
        )
        const reset = recovery.resetPassword({
          token: resetLink,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
        expect((yield* Effect.flip(reset))._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )

  it.effect("answers a taken address as a free one, changing nothing and telling its owner", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        yield* (yield* Registration).register(
          registrationRequest({ emailAddress: "bob@example.com", firstName: "Bob" }),
          {},
        )
        const before = structuredClone(store.users)
        const mailed = store.outbox.length
        yield* changeTo(ann, "BOB@example.com")
        expect(store.users).toEqual(before)
        const sent = store.outbox.slice(mailed)
        expect(sent.map((m) => [m.kind, m.to])).toEqual([["EmailInUse", "bob@example.com"]])
        expect(sent[0]?.text).toContain("Hello Bob,")
        expect(sent[0]?.text).not.toContain("ann@example.com")
        expect((yield* logIn("Str0ng!pass", "ann@example.com"))._tag).toBe("Right")
      }),
    ),
  )

  it.effect("counts every attempt against the account, right password or not", () =>
    run((_, ann) =>
      Effect.gen(function* () {
        for (let i = 0; i < 5; i++) yield* Effect.flip(changeTo(ann, "x@example.com", "Wr0ng!"))
        const refused = yield* Effect.flip(changeTo(ann, "new@example.com"))
        expect(refused._tag).toBe("RateLimited")
      }),
    ),
  )

  it.effect("checks the new address and the password", () =>
    run((_, ann) =>
      Effect.gen(function* () {
        const invalid = yield* Effect.flip(changeTo(ann, "nope", ""))
        expect(invalid).toMatchObject({
          errors: {
            newEmail: messages.newEmailInvalid,
            password: messages.currentPasswordForEmailRequired,
          },
        })
        const wrong = yield* Effect.flip(changeTo(ann, "new@example.com", "Wr0ng!pass"))
        expect(wrong).toMatchObject({
          errors: { password: accountMessages.currentPasswordIncorrect },
        })
      }),
    ),
  )
})

describe("resending the verification email", () => {
  const resend = (ann: Session) =>
    Effect.flatMap(AccountChanges, (changes) =>
      changes.resendVerificationEmail(
        principalOf(ann.user),
        { verificationLinkBase: "https://shop.example/" },
        {},
      ),
    )

  it.effect("mails a fresh link to the account's address, and either link verifies", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        const first = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        expect(yield* resend(ann)).toEqual({ sentTo: "ann@example.com", alreadyVerified: false })
        const second = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        expect(second).not.toBe(first)
        expect(store.outbox.filter((m) => m.kind === "VerifyEmail")).toHaveLength(2)
        yield* (yield* AccountRecovery).verifyEmail(first)
        expect(store.users[0]?.emailVerified).toBe(true)
      }),
    ),
  )

  it.effect("mails nothing to an address verified already, and says so", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        yield* (yield* AccountRecovery).verifyEmail(
          tokenMailedTo(store, "ann@example.com", "VerifyEmail"),
        )
        const mailed = store.outbox.length
        expect(yield* resend(ann)).toEqual({ sentTo: "ann@example.com", alreadyVerified: true })
        expect(store.outbox.length).toBe(mailed)
      }),
    ),
  )

  it.effect("sends three an hour, then refuses saying when to try again", () =>
    run((store, ann) =>
      Effect.gen(function* () {
        for (let i = 0; i < 3; i++) yield* resend(ann)
        const refused = yield* Effect.flip(resend(ann))
        expect(refused).toMatchObject({ _tag: "RateLimited", limit: "account" })
        expect(store.outbox.filter((m) => m.kind === "VerifyEmail")).toHaveLength(4)
        yield* TestClock.adjust(Duration.hours(1))
        yield* resend(ann)
      }),
    ),
  )
})
