import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, TestClock } from "effect"
import fc from "fast-check"
import { Mailer } from "../ports/mailer.js"
import { ShopLinks } from "../ports/shop-links.js"
import { messages } from "../rules/validation.js"
import { AccountRecovery } from "./recovery.js"
import { Registration } from "./registration.js"
import { principalOf, Sessions } from "./sessions.js"
import {
  type NewStaffMember,
  STAFF_INVITATION_LIFETIME_HOURS,
  StaffAccounts,
} from "./staff-accounts.js"
import {
  type AccountStore,
  accountServicesOver,
  emptyAccountStore,
  makeAccountDoubles,
  registrationRequest,
  storageFailure,
  tokenMailedTo,
} from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")
const NEW_PASSWORD = "N3w!password"

type Services = StaffAccounts | Sessions | AccountRecovery | Registration

const run = <A, E>(test: (store: AccountStore) => Effect.Effect<A, E, Services>) => {
  const store = emptyAccountStore()
  return Effect.provide(
    Effect.zipRight(TestClock.setTime(START), test(store)),
    accountServicesOver(store),
  ).pipe(Effect.provideService(ShopLinks, { origin: "https://shop.example" }))
}

const ada = (overrides: Partial<NewStaffMember> = {}): NewStaffMember => ({
  emailAddress: "ada@howzat.example",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "Admin",
  handover: "OneTimePassword",
  ...overrides,
})

const logIn = (email: string, password: string) =>
  Effect.flatMap(Sessions, (sessions) =>
    Effect.either(sessions.authenticate({ email, password }, {})),
  )

describe("adding staff with a one-time password", () => {
  it.effect("makes a verified Admin with no customer record, who signs in with the password", () =>
    run((store) =>
      Effect.gen(function* () {
        const added = yield* (yield* StaffAccounts).add(ada())
        if (added._tag !== "WithOneTimePassword") throw new Error(added._tag)
        expect(added.user).toMatchObject({
          emailAddress: "ada@howzat.example",
          firstName: "Ada",
          lastName: "Lovelace",
          role: "Admin",
          customerId: null,
          emailVerified: true,
        })
        expect(store.users).toHaveLength(1)
        expect(store.users[0]).toMatchObject({ role: "Admin", emailVerified: true })
        expect(store.users[0]?.passwordHash).not.toContain(added.password)
        // What the caller gets back (and a command may print) holds no password hash.
        expect(Object.keys(added.user)).not.toContain("passwordHash")
        expect(store.customers).toHaveLength(0)
        // The password is for the person who adds them to pass on, never mailed.
        expect(store.outbox).toHaveLength(0)

        // The password is right, so an Admin is asked for a second factor (decision 0032).
        const signIn = yield* logIn("ADA@howzat.example", added.password)
        if (signIn._tag === "Right") throw new Error("an Admin signed in on a password alone")
        expect(signIn.left).toMatchObject({ _tag: "SecondFactorRequired", enrolled: false })
      }),
    ),
  )

  it.effect("makes Staff who sign in with the password alone", () =>
    run(() =>
      Effect.gen(function* () {
        const added = yield* (yield* StaffAccounts).add(ada({ role: "Staff" }))
        if (added._tag !== "WithOneTimePassword") throw new Error(added._tag)
        const session = yield* logIn("ada@howzat.example", added.password)
        if (session._tag === "Left") throw new Error(session.left._tag)
        expect(principalOf(session.right.user)).toMatchObject({
          role: "Staff",
          customerId: null,
          name: "Ada Lovelace",
        })
      }),
    ),
  )

  it.effect("gives each staff member their own password", () =>
    run(() =>
      Effect.gen(function* () {
        const staff = yield* StaffAccounts
        const first = yield* staff.add(ada())
        const second = yield* staff.add(
          ada({ emailAddress: "grace@howzat.example", role: "Staff" }),
        )
        if (first._tag !== "WithOneTimePassword" || second._tag !== "WithOneTimePassword")
          throw new Error("no password")
        expect(first.password).not.toBe(second.password)
        expect(second.user.role).toBe("Staff")
        expect((yield* logIn("grace@howzat.example", first.password))._tag).toBe("Left")
      }),
    ),
  )

  it.effect("cleans the email and names as registration does", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* (yield* StaffAccounts).add(
          ada({
            emailAddress: " ada@howzat .example ",
            firstName: " Ada ",
            lastName: " Lovelace ",
          }),
        )
        expect(store.users[0]).toMatchObject({
          emailAddress: "ada@howzat.example",
          firstName: "Ada",
          lastName: "Lovelace",
        })
      }),
    ),
  )

  it.effect("refuses a bad email or name as docs/product/validation.md says, adding nobody", () =>
    run((store) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          (yield* StaffAccounts).add(ada({ emailAddress: "not-an-email", lastName: " " })),
        )
        expect(error._tag).toBe("AccountValidationFailed")
        if (error._tag !== "AccountValidationFailed") return
        expect(error.errors).toEqual({
          emailAddress: messages.emailInvalid,
          firstName: undefined,
          lastName: messages.lastNameRequired,
        })
        expect(store.users).toHaveLength(0)
      }),
    ),
  )

  it.effect("refuses an address any account has, however capitalised, and changes nothing", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* (yield* Registration).register(
          registrationRequest({ emailAddress: "ann@example.com" }),
          {},
        )
        const staff = yield* StaffAccounts
        yield* staff.add(ada())
        const usersBefore = structuredClone(store.users)
        const mailBefore = store.outbox.length
        for (const emailAddress of ["ANN@example.com", "Ada@Howzat.example"]) {
          const error = yield* Effect.flip(
            staff.add(ada({ emailAddress, handover: "SetPasswordLink" })),
          )
          expect(error._tag).toBe("EmailAlreadyRegistered")
        }
        expect(store.users).toEqual(usersBefore)
        expect(store.outbox).toHaveLength(mailBefore)
      }),
    ),
  )
})

describe("adding staff with a set-password link", () => {
  it.effect("mails a link to the reset page; nobody can sign in until it is used", () =>
    run((store) =>
      Effect.gen(function* () {
        const added = yield* (yield* StaffAccounts).add(
          ada({ role: "Staff", handover: "SetPasswordLink" }),
        )
        expect(added).toMatchObject({
          _tag: "SetPasswordLinkSent",
          user: { role: "Staff", customerId: null, emailVerified: true },
          linkLifetimeHours: STAFF_INVITATION_LIFETIME_HOURS,
        })
        expect(store.outbox).toHaveLength(1)
        expect(store.outbox[0]).toMatchObject({ kind: "StaffInvitation", to: "ada@howzat.example" })
        expect(store.outbox[0]?.text).toContain("https://shop.example/Auth/ForgotPassword?token=")
        expect(store.outbox[0]?.text).toContain(`within ${STAFF_INVITATION_LIFETIME_HOURS} hours`)

        const token = tokenMailedTo(store, "ada@howzat.example", "StaffInvitation")
        const recovery = yield* AccountRecovery
        yield* recovery.resetPassword({
          token,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        })
        const session = yield* logIn("ada@howzat.example", NEW_PASSWORD)
        expect(session._tag === "Right" && session.right.user.role).toBe("Staff")
        // The link works once.
        const again = yield* Effect.flip(
          recovery.resetPassword({ token, password: "An0ther!pw", confirmPassword: "An0ther!pw" }),
        )
        expect(again._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )

  it.effect("stores no password anyone could type", () =>
    run(() =>
      Effect.gen(function* () {
        yield* (yield* StaffAccounts).add(ada({ handover: "SetPasswordLink" }))
        const guesses = ["password", "ada@howzat.example", "Howzat!2026", " "].concat(
          fc.sample(fc.string({ minLength: 1, maxLength: 40 }), 20),
        )
        for (const guess of guesses)
          expect((yield* logIn("ada@howzat.example", guess))._tag).toBe("Left")
      }),
    ),
  )

  it.effect("lets the link lapse after its lifetime", () =>
    run((store) =>
      Effect.gen(function* () {
        yield* (yield* StaffAccounts).add(ada({ handover: "SetPasswordLink" }))
        const token = tokenMailedTo(store, "ada@howzat.example", "StaffInvitation")
        yield* TestClock.adjust(Duration.hours(STAFF_INVITATION_LIFETIME_HOURS))
        const lapsed = yield* Effect.flip(
          (yield* AccountRecovery).resetPassword({
            token,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        )
        expect(lapsed._tag).toBe("OneTimeTokenInvalid")
      }),
    ),
  )

  it.effect("adds nobody when the invitation can't be queued", () => {
    const store = emptyAccountStore()
    const failingMailer = Layer.succeed(Mailer, {
      send: () => Effect.fail(storageFailure("outbox.send")),
    })
    return Effect.gen(function* () {
      const error = yield* Effect.flip(
        (yield* StaffAccounts).add(ada({ handover: "SetPasswordLink" })),
      )
      expect(error._tag).toBe("RepositoryError")
      expect(store.users).toHaveLength(0)
      expect(store.oneTimeTokens).toHaveLength(0)
    }).pipe(
      Effect.provide(
        StaffAccounts.Default.pipe(
          Layer.provide(failingMailer),
          Layer.provide(makeAccountDoubles(store)),
        ),
      ),
    )
  })
})
