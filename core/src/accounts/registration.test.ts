import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, TestClock } from "effect"
import { RepositoryError } from "../competitions/errors.js"
import { Mailer } from "../ports/mailer.js"
import { messages } from "../rules/validation.js"
import { AccountRecovery } from "./recovery.js"
import { Registration } from "./registration.js"
import {
  accountServicesOver,
  emptyAccountStore,
  registrationRequest,
  tokenMailedTo,
} from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")

const run = <A, E>(
  test: (
    store: ReturnType<typeof emptyAccountStore>,
  ) => Effect.Effect<A, E, Registration | AccountRecovery>,
) => {
  const store = emptyAccountStore()
  return Effect.provide(
    Effect.zipRight(TestClock.setTime(START), test(store)),
    accountServicesOver(store),
  )
}

describe("Registration", () => {
  it.effect("creates the customer with every marketing flag as given and logs them in", () =>
    run((store) =>
      Effect.gen(function* () {
        const outcome = yield* (yield* Registration).register(
          registrationRequest({ allowMarketingByPost: false, telephoneNumber: " 07700 900123 " }),
          {},
        )
        expect(outcome._tag).toBe("Registered")
        expect(store.customers).toHaveLength(1)
        expect(store.customers[0]).toMatchObject({
          firstName: "Ann",
          telephoneNumber: "07700 900123",
          allowMarketingByEmail: true,
          allowMarketingByPost: false,
        })
        expect(store.refreshTokens).toHaveLength(1)
      }),
    ),
  )

  it.effect("answers every invalid field with its docs/product/validation.md message", () =>
    run((store) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          (yield* Registration).register(
            registrationRequest({
              firstName: "",
              emailAddress: "not-an-email",
              password: "weak",
              confirmPassword: "other",
              telephoneNumber: "123",
              acceptTerms: false,
            }),
            {},
          ),
        )
        expect(error._tag).toBe("AccountValidationFailed")
        if (error._tag !== "AccountValidationFailed") return
        expect(error.errors).toEqual({
          firstName: messages.firstNameRequired,
          emailAddress: messages.emailInvalid,
          password: messages.newPasswordWeak,
          confirmPassword: messages.confirmPasswordMismatch,
          telephoneNumber: messages.telephoneInvalid,
          acceptTerms: messages.acceptTermsRequired,
        })
        expect(store.users).toEqual([])
      }),
    ),
  )

  it.effect("counts the 18th birthday on London's calendar, not the server's", () =>
    run(() =>
      Effect.gen(function* () {
        // 23:30 UTC on 14 June is already 15 June in London (BST).
        yield* TestClock.setTime(Date.parse("2026-06-14T23:30:00Z"))
        const outcome = yield* (yield* Registration).register(
          registrationRequest({ dateOfBirth: "2008-06-15" }),
          {},
        )
        expect(outcome._tag).toBe("Registered")
        const tooYoung = yield* Effect.flip(
          (yield* Registration).register(
            registrationRequest({ emailAddress: "kid@example.com", dateOfBirth: "2008-06-16" }),
            {},
          ),
        )
        expect(tooYoung).toMatchObject({ errors: { dateOfBirth: messages.dateOfBirthTooYoung } })
      }),
    ),
  )

  it.effect("refuses an email already registered, whatever its case", () =>
    run(() =>
      Effect.gen(function* () {
        const registrations = yield* Registration
        yield* registrations.register(registrationRequest(), {})
        const error = yield* Effect.flip(
          registrations.register(registrationRequest({ emailAddress: "ANN@EXAMPLE.COM" }), {}),
        )
        expect(error._tag).toBe("EmailAlreadyRegistered")
      }),
    ),
  )

  it.effect("quietly creates nothing when the honey-pot is filled", () =>
    run((store) =>
      Effect.gen(function* () {
        const outcome = yield* (yield* Registration).register(
          registrationRequest({ honeyPot: "http://spam.example" }),
          {},
        )
        expect(outcome._tag).toBe("IgnoredBot")
        expect(store.users).toEqual([])
        expect(store.outbox).toEqual([])
      }),
    ),
  )

  it.effect("emails a verification link that works once, for 48 hours", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* (yield* Registration).register(registrationRequest(), {})
        const message = store.outbox[0]
        expect(message).toMatchObject({ kind: "VerifyEmail", to: "ann@example.com" })
        expect(message?.html).toContain('href="https://shop.example/?token=')
        const token = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        const recovery = yield* AccountRecovery
        yield* recovery.verifyEmail(token)
        expect(store.users[0]?.emailVerified).toBe(true)
        expect((yield* Effect.flip(recovery.verifyEmail(token)))._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )

  it.effect("lets the verification link lapse after 48 hours", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* (yield* Registration).register(registrationRequest(), {})
        const token = tokenMailedTo(store, "ann@example.com", "VerifyEmail")
        yield* TestClock.adjust(Duration.hours(48))
        const error = yield* Effect.flip((yield* AccountRecovery).verifyEmail(token))
        expect(error._tag).toBe("OneTimeTokenInvalid")
        expect(store.users[0]?.emailVerified).toBe(false)
      }),
    ),
  )

  it.effect("limits attempts per email, honey-pot included, for every caller of core", () =>
    run((store) =>
      Effect.gen(function* () {
        const registrations = yield* Registration
        const results = yield* Effect.forEach(Array.from({ length: 6 }), (_, i) =>
          Effect.either(
            registrations.register(registrationRequest(), { address: `203.0.113.${i}` }),
          ),
        )
        expect(results.map((r) => (r._tag === "Left" ? r.left._tag : "Registered"))).toEqual([
          "Registered",
          ...Array(4).fill("EmailAlreadyRegistered"),
          "RateLimited",
        ])
        // A filled honey-pot counts too: a bot gets no free attempts.
        const bot = registrationRequest({ emailAddress: "bot@example.com", honeyPot: "x" })
        for (let i = 0; i < 5; i++) yield* registrations.register(bot, {})
        expect((yield* Effect.flip(registrations.register(bot, {})))._tag).toBe("RateLimited")
        expect(store.users).toHaveLength(1)
      }),
    ),
  )

  it.effect("creates nothing if the verification email can't be queued", () => {
    const store = emptyAccountStore()
    const failingMailer = Layer.succeed(Mailer, {
      send: () => Effect.fail(new RepositoryError({ operation: "outbox", cause: "down" })),
    })
    return Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip((yield* Registration).register(registrationRequest(), {}))
      expect(error._tag).toBe("RepositoryError")
      expect(store.users).toEqual([])
      expect(store.customers).toEqual([])
      expect(store.oneTimeTokens).toEqual([])
    }).pipe(
      Effect.provide(
        // Fresh, or the memoised Registration inside the doubles' layer (good Mailer) is reused.
        Layer.fresh(Registration.DefaultWithoutDependencies).pipe(
          Layer.provide(failingMailer),
          Layer.provide(accountServicesOver(store)),
        ),
      ),
    )
  })
})
