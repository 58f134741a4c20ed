import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, TestClock, TestContext } from "effect"
import fc from "fast-check"
import type { AuditEntry } from "../ports/audit-log.js"
import {
  CHALLENGE_LIFETIME_MS,
  CODE_CHECKS_PER_USER,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_AFTER,
  TOTP_PERIOD_SECONDS,
  totpCode,
  totpStep,
} from "../rules/second-factor.js"
import { SecondFactorReset } from "../staff/second-factor-reset.js"
import { staffUserDoublesOver } from "../staff/staff-user-doubles.js"
import type { Principal } from "./model.js"
import { AccountRecovery } from "./recovery.js"
import { SecondFactor } from "./second-factor.js"
import { principalOf, Sessions } from "./sessions.js"
import { StaffAccounts, type StaffRole } from "./staff-accounts.js"
import { type AccountStore, accountServicesOver, emptyAccountStore } from "./test-doubles.js"

const START = Date.parse("2026-11-24T12:00:00Z")
const STEP_MS = TOTP_PERIOD_SECONDS * 1000

const servicesOver = (store: AccountStore, audit: AuditEntry[]) =>
  Layer.mergeAll(SecondFactor.Default, SecondFactorReset.Default).pipe(
    Layer.provideMerge(Layer.merge(accountServicesOver(store), staffUserDoublesOver(store, audit))),
  )

type Services = SecondFactor | SecondFactorReset | Sessions | StaffAccounts | AccountRecovery

const run = <A, E>(
  test: (store: AccountStore, audit: AuditEntry[]) => Effect.Effect<A, E, Services>,
) => {
  const store = emptyAccountStore()
  const audit: AuditEntry[] = []
  return Effect.provide(
    Effect.zipRight(TestClock.setTime(START), test(store, audit)),
    servicesOver(store, audit),
  )
}

let people = 0

/** A staff member added with a one-time password: their email and password. */
const added = (role: StaffRole = "Admin") =>
  Effect.gen(function* () {
    const result = yield* (yield* StaffAccounts).add({
      emailAddress: `person${++people}@howzat.example`,
      firstName: "Ada",
      lastName: "Lovelace",
      role,
      handover: "OneTimePassword",
    })
    if (result._tag !== "WithOneTimePassword") throw new Error(result._tag)
    return { email: result.user.emailAddress, password: result.password, id: result.user.id }
  })

/** The password step: the challenge, or the session a role without a second factor gets. */
const withPassword = (who: { email: string; password: string }) =>
  Effect.flatMap(Sessions, (sessions) =>
    Effect.either(sessions.authenticate({ email: who.email, password: who.password }, {})),
  )

const challengeFor = (who: { email: string; password: string }) =>
  Effect.gen(function* () {
    const outcome = yield* withPassword(who)
    if (Either.isRight(outcome) || outcome.left._tag !== "SecondFactorRequired")
      throw new Error("expected a second-factor challenge")
    return outcome.left
  })

const codeNow = (secret: string, stepsAhead = 0) =>
  Effect.map(TestClock.currentTimeMillis, (now) => totpCode(secret, totpStep(now) + stepsAhead))

/** An Admin who has set up their authenticator: their secret and recovery codes. */
const enrolledAdmin = Effect.gen(function* () {
  const who = yield* added("Admin")
  const { challenge } = yield* challengeFor(who)
  const secondFactor = yield* SecondFactor
  const { secret } = yield* secondFactor.startEnrolment({ challenge })
  const confirmed = yield* secondFactor.confirmEnrolment({
    challenge,
    code: yield* codeNow(secret),
  })
  return { ...who, secret, recoveryCodes: confirmed.recoveryCodes, session: confirmed.session }
})

const tagOf = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E, Services>) =>
  Effect.map(Effect.either(effect), (e) => (Either.isLeft(e) ? e.left._tag : "Right"))

const principal = (user: { id: string; email: string }): Principal => ({
  userId: user.id,
  role: "Admin",
  customerId: null,
  email: user.email,
  name: "Ada Lovelace",
})

describe("an Admin's sign-in", () => {
  it.effect("asks for a second factor after a right password, not before", () =>
    run((store) =>
      Effect.gen(function* () {
        const who = yield* added("Admin")
        const wrong = yield* withPassword({ ...who, password: "not-it" })
        expect(Either.isLeft(wrong) && wrong.left._tag).toBe("InvalidCredentials")
        const { challenge, enrolled } = yield* challengeFor(who)
        expect(enrolled).toBe(false)
        expect(challenge.length).toBeGreaterThanOrEqual(40)
        // No session of any kind yet, and the challenge is kept only as a hash.
        expect(store.refreshTokens).toHaveLength(0)
        expect(JSON.stringify(store.challenges)).not.toContain(challenge)
      }),
    ),
  )

  it.effect("lets Staff and customers in on their password alone", () =>
    run(() =>
      Effect.gen(function* () {
        const staff = yield* withPassword(yield* added("Staff"))
        expect(Either.isRight(staff) && staff.right.user.role).toBe("Staff")
      }),
    ),
  )

  it.effect("enrols: a secret for the app, then its code signs in with ten recovery codes", () =>
    run((store) =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        expect(principalOf(admin.session.user)).toMatchObject({ role: "Admin" })
        expect(admin.secret).toMatch(/^[A-Z2-7]{32}$/)
        expect(admin.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT)
        expect(new Set(admin.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT)
        for (const code of admin.recoveryCodes) expect(JSON.stringify(store)).not.toContain(code)
        expect(store.refreshTokens).toHaveLength(1)
        // The next sign-in knows they are enrolled.
        expect((yield* challengeFor(admin)).enrolled).toBe(true)
      }),
    ),
  )

  it.effect("takes the current code once: the same code again is a replay", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        const secondFactor = yield* SecondFactor
        // The enrolment used this step's code already.
        const first = yield* challengeFor(admin)
        const replay = secondFactor.verify({
          challenge: first.challenge,
          code: yield* codeNow(admin.secret),
        })
        expect(yield* tagOf(replay)).toBe("InvalidSecondFactor")
        yield* TestClock.adjust(STEP_MS)
        const code = yield* codeNow(admin.secret)
        const session = yield* secondFactor.verify({ challenge: first.challenge, code })
        expect(session.user.emailAddress).toBe(admin.email)
        // A new sign-in with that code again: refused, and one step back is older still.
        const second = yield* challengeFor(admin)
        expect(yield* tagOf(secondFactor.verify({ challenge: second.challenge, code }))).toBe(
          "InvalidSecondFactor",
        )
        const previous = yield* codeNow(admin.secret, -1)
        expect(
          yield* tagOf(secondFactor.verify({ challenge: second.challenge, code: previous })),
        ).toBe("InvalidSecondFactor")
        // The next step's code (a phone a little fast) is still good.
        const ahead = yield* codeNow(admin.secret, 1)
        expect(
          yield* tagOf(secondFactor.verify({ challenge: second.challenge, code: ahead })),
        ).toBe("Right")
      }),
    ),
  )

  it.effect("spends a challenge once it has signed in", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        const secondFactor = yield* SecondFactor
        const { challenge } = yield* challengeFor(admin)
        yield* secondFactor.verify({ challenge, code: admin.recoveryCodes[0] ?? "" })
        expect(
          yield* tagOf(secondFactor.verify({ challenge, code: admin.recoveryCodes[1] ?? "" })),
        ).toBe("SecondFactorChallengeExpired")
      }),
    ),
  )

  it.effect("spends a challenge after five wrong codes: even the right one is then too late", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        yield* TestClock.adjust(STEP_MS)
        const secondFactor = yield* SecondFactor
        const { challenge } = yield* challengeFor(admin)
        const right = yield* codeNow(admin.secret)
        const wrong = right === "000000" ? "111111" : "000000"
        for (let i = 0; i < 5; i++)
          expect(yield* tagOf(secondFactor.verify({ challenge, code: wrong }))).toBe(
            "InvalidSecondFactor",
          )
        expect(yield* tagOf(secondFactor.verify({ challenge, code: right }))).toBe(
          "SecondFactorChallengeExpired",
        )
        // A fresh sign-in is not held back by the spent one.
        const again = yield* challengeFor(admin)
        expect(yield* tagOf(secondFactor.verify({ challenge: again.challenge, code: right }))).toBe(
          "Right",
        )
      }),
    ),
  )

  it.effect("refuses a challenge older than five minutes", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        const secondFactor = yield* SecondFactor
        const { challenge } = yield* challengeFor(admin)
        yield* TestClock.adjust(CHALLENGE_LIFETIME_MS)
        const code = yield* codeNow(admin.secret)
        expect(yield* tagOf(secondFactor.verify({ challenge, code }))).toBe(
          "SecondFactorChallengeExpired",
        )
        expect(yield* tagOf(secondFactor.verify({ challenge: "made-up", code }))).toBe(
          "SecondFactorChallengeExpired",
        )
      }),
    ),
  )

  it.effect("answers a login link of an Admin's with a challenge, the link spent", () =>
    run((store) =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        yield* (yield* AccountRecovery).requestLoginToken(
          { email: admin.email, loginLinkBase: "https://shop.example/Auth/Login" },
          {},
        )
        const mail = store.outbox.findLast((m) => m.to === admin.email)
        const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get(
          "token",
        )
        const sessions = yield* Sessions
        const outcome = yield* Effect.either(sessions.authenticateByToken(token ?? ""))
        expect(Either.isLeft(outcome) && outcome.left).toMatchObject({
          _tag: "SecondFactorRequired",
          enrolled: true,
        })
        expect(yield* tagOf(sessions.authenticateByToken(token ?? ""))).toBe("OneTimeTokenInvalid")
      }),
    ),
  )
})

describe("enrolment", () => {
  it.effect("takes only the latest secret when it is started again", () =>
    run(() =>
      Effect.gen(function* () {
        const who = yield* added("Admin")
        const secondFactor = yield* SecondFactor
        const { challenge } = yield* challengeFor(who)
        const first = yield* secondFactor.startEnrolment({ challenge })
        const second = yield* secondFactor.startEnrolment({ challenge })
        expect(second.secret).not.toBe(first.secret)
        expect(second.otpauthUri).toContain(`secret=${second.secret}`)
        const stale = yield* codeNow(first.secret)
        expect(yield* tagOf(secondFactor.confirmEnrolment({ challenge, code: stale }))).toBe(
          "InvalidSecondFactor",
        )
        const code = yield* codeNow(second.secret)
        expect(yield* tagOf(secondFactor.confirmEnrolment({ challenge, code }))).toBe("Right")
      }),
    ),
  )

  it.effect("cannot replace an authenticator that is set up", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        const { challenge } = yield* challengeFor(admin)
        expect(yield* tagOf((yield* SecondFactor).startEnrolment({ challenge }))).toBe(
          "SecondFactorAlreadyEnrolled",
        )
      }),
    ),
  )
})

describe("recovery codes", () => {
  it("are each accepted once, in any order, and nothing else is", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.nat({ max: RECOVERY_CODE_COUNT - 1 }), fc.constant(-1)), {
          minLength: 1,
          // With the enrolment's sign-in, within the login throttle's ten per account.
          maxLength: 8,
        }),
        (attempts) =>
          Effect.runPromise(
            run(() =>
              Effect.gen(function* () {
                const admin = yield* enrolledAdmin
                const secondFactor = yield* SecondFactor
                const used = new Set<number>()
                for (const index of attempts) {
                  const code = index < 0 ? "zzzz-zzzz-zzzz" : (admin.recoveryCodes[index] ?? "")
                  const { challenge } = yield* challengeFor(admin)
                  // Typed in capitals without hyphens, as someone reading it off paper might.
                  const typed = code.replace(/-/g, "").toUpperCase()
                  const outcome = yield* tagOf(secondFactor.verify({ challenge, code: typed }))
                  const expected = index >= 0 && !used.has(index) ? "Right" : "InvalidSecondFactor"
                  expect(outcome).toBe(expected)
                  if (index >= 0) used.add(index)
                }
              }),
            ).pipe(Effect.provide(TestContext.TestContext)),
          ),
      ),
      { numRuns: 15 },
    )
  })

  it.effect(
    "are replaced on a current code, the old ones then dead, and audited without them",
    () =>
      run((_store, audit) =>
        Effect.gen(function* () {
          const admin = yield* enrolledAdmin
          const secondFactor = yield* SecondFactor
          const by = principal(admin)
          const stale = yield* codeNow(admin.secret)
          expect(yield* tagOf(secondFactor.regenerateRecoveryCodes(by, stale))).toBe(
            "InvalidSecondFactor",
          )
          yield* TestClock.adjust(STEP_MS)
          const fresh = yield* secondFactor.regenerateRecoveryCodes(
            by,
            yield* codeNow(admin.secret),
          )
          expect(fresh).toHaveLength(RECOVERY_CODE_COUNT)
          const { challenge } = yield* challengeFor(admin)
          expect(
            yield* tagOf(secondFactor.verify({ challenge, code: admin.recoveryCodes[0] ?? "" })),
          ).toBe("InvalidSecondFactor")
          expect(yield* tagOf(secondFactor.verify({ challenge, code: fresh[0] ?? "" }))).toBe(
            "Right",
          )
          expect(audit).toEqual([
            expect.objectContaining({
              action: "User.RegenerateRecoveryCodes",
              subject: { type: "User", id: admin.id },
              before: { unusedRecoveryCodes: 10 },
              after: { unusedRecoveryCodes: 10 },
            }),
          ])
          for (const code of fresh) expect(JSON.stringify(audit)).not.toContain(code)
        }),
      ),
  )
})

describe("the code budget", () => {
  it.effect("refuses a user's code checks beyond twenty a quarter-hour, whatever the call", () =>
    run(() =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        const secondFactor = yield* SecondFactor
        const by = principal(admin)
        yield* TestClock.adjust(STEP_MS)
        const right = yield* codeNow(admin.secret)
        const wrong = right === "000000" ? "111111" : "000000"
        // The enrolment's code was the first of the twenty; the tenth wrong one locks.
        for (let i = 1; i < CODE_CHECKS_PER_USER.max; i++)
          expect(yield* tagOf(secondFactor.regenerateRecoveryCodes(by, wrong))).toBe(
            i < SECOND_FACTOR_LOCK_AFTER ? "InvalidSecondFactor" : "SecondFactorLocked",
          )
        expect(yield* tagOf(secondFactor.regenerateRecoveryCodes(by, right))).toBe("RateLimited")
        const { challenge } = yield* challengeFor(admin)
        const recovery = admin.recoveryCodes[0] ?? ""
        expect(yield* tagOf(secondFactor.verify({ challenge, code: recovery }))).toBe("RateLimited")
        yield* TestClock.adjust(CODE_CHECKS_PER_USER.windowMs)
        // The budget came back with the quarter-hour; the lock did not go with it.
        const later = yield* codeNow(admin.secret)
        expect(yield* tagOf(secondFactor.regenerateRecoveryCodes(by, later))).toBe(
          "SecondFactorLocked",
        )
        const again = yield* challengeFor(admin)
        expect(
          yield* tagOf(secondFactor.verify({ challenge: again.challenge, code: recovery })),
        ).toBe("Right")
        expect(yield* tagOf(secondFactor.regenerateRecoveryCodes(by, later))).toBe("Right")
      }),
    ),
  )
})

describe("resetting a second factor", () => {
  it.effect("is another Admin's to do: it forgets the authenticator and ends their sessions", () =>
    run((store, audit) =>
      Effect.gen(function* () {
        const lost = yield* enrolledAdmin
        const helper = yield* added("Admin")
        const reset = yield* SecondFactorReset
        expect(yield* tagOf(reset.reset(principal(lost), lost.id))).toBe(
          "OwnSecondFactorResetRefused",
        )
        const staff = yield* added("Staff")
        expect(yield* tagOf(reset.reset({ ...principal(staff), role: "Staff" }, lost.id))).toBe(
          "NotStaff",
        )
        expect(store.refreshTokens.filter((t) => t.userId === lost.id)).toHaveLength(1)

        yield* reset.reset(principal(helper), lost.id)
        expect(store.refreshTokens.filter((t) => t.userId === lost.id)).toHaveLength(0)
        expect(store.secondFactors.filter((f) => f.userId === lost.id)).toHaveLength(0)
        expect(audit.at(-1)).toMatchObject({
          actor: { userId: helper.id, role: "Admin" },
          action: "User.ResetSecondFactor",
          subject: { type: "User", id: lost.id },
          before: { enrolled: true, unusedRecoveryCodes: 10, locked: false },
          after: { enrolled: false, unusedRecoveryCodes: 0, locked: false },
        })
        // Their next sign-in sets up a new authenticator.
        expect((yield* challengeFor(lost)).enrolled).toBe(false)
      }),
    ),
  )
})

describe("the lock after ten wrong codes in a row", () => {
  /** `count` wrong codes at sign-in, a new challenge (password again) for every five. */
  const guessWrong = (who: { email: string; password: string; secret: string }, count: number) =>
    Effect.gen(function* () {
      const secondFactor = yield* SecondFactor
      const right = [-1, 0, 1].map((d) => codeNow(who.secret, d))
      const near = new Set(yield* Effect.all(right))
      const wrong = ["000000", "111111", "222222"].find((c) => !near.has(c)) ?? "333333"
      const outcomes: string[] = []
      let challenge = ""
      for (let i = 0; i < count; i++) {
        if (i % 5 === 0) challenge = (yield* challengeFor(who)).challenge
        // Six digits and recovery codes alike: every refused code counts.
        const code = i % 2 === 0 ? wrong : "zzzz-zzzz-zzzz"
        outcomes.push(yield* tagOf(secondFactor.verify({ challenge, code })))
      }
      return outcomes
    })

  const locksMailed = (store: AccountStore, to: string) =>
    store.outbox.filter((m) => m.to === to && m.kind === "SecondFactorLocked")

  it.effect("refuses the right TOTP code after ten wrong ones, tells the owner once, audited", () =>
    run((store, audit) =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        yield* TestClock.adjust(STEP_MS)
        const outcomes = yield* guessWrong(admin, SECOND_FACTOR_LOCK_AFTER + 2)
        expect(outcomes.slice(0, 9)).toEqual(Array(9).fill("InvalidSecondFactor"))
        expect(outcomes.slice(9)).toEqual(Array(3).fill("SecondFactorLocked"))
        const { challenge } = yield* challengeFor(admin)
        const right = yield* codeNow(admin.secret)
        expect(yield* tagOf((yield* SecondFactor).verify({ challenge, code: right }))).toBe(
          "SecondFactorLocked",
        )
        const mails = locksMailed(store, admin.email)
        expect(mails).toHaveLength(1)
        expect(mails[0]?.text).toContain("10 wrong codes in a row")
        expect(audit.filter((e) => e.action === "User.LockSecondFactor")).toEqual([
          expect.objectContaining({
            actor: { userId: admin.id, role: "Admin" },
            subject: { type: "User", id: admin.id },
            before: { locked: false, consecutiveFailures: 9 },
            after: { locked: true, consecutiveFailures: 10 },
          }),
        ])
        // Refusing unchecked did not spend the right code: it still works once unlocked.
        yield* (yield* SecondFactor).verify({ challenge, code: admin.recoveryCodes[0] ?? "" })
        const next = yield* challengeFor(admin)
        expect(
          yield* tagOf((yield* SecondFactor).verify({ challenge: next.challenge, code: right })),
        ).toBe("Right")
      }),
    ),
  )

  it.effect("starts the count again after an accepted code", () =>
    run((store) =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        yield* TestClock.adjust(STEP_MS)
        yield* guessWrong(admin, SECOND_FACTOR_LOCK_AFTER - 1)
        const { challenge } = yield* challengeFor(admin)
        yield* (yield* SecondFactor).verify({ challenge, code: yield* codeNow(admin.secret) })
        yield* TestClock.adjust(CODE_CHECKS_PER_USER.windowMs)
        const outcomes = yield* guessWrong(admin, SECOND_FACTOR_LOCK_AFTER - 1)
        expect(outcomes).toEqual(Array(9).fill("InvalidSecondFactor"))
        expect(locksMailed(store, admin.email)).toHaveLength(0)
      }),
    ),
  )

  it.effect("is ended by a recovery code, audited; locking again tells the owner again", () =>
    run((store, audit) =>
      Effect.gen(function* () {
        const admin = yield* enrolledAdmin
        yield* guessWrong(admin, SECOND_FACTOR_LOCK_AFTER)
        const { challenge } = yield* challengeFor(admin)
        const session = yield* (yield* SecondFactor).verify({
          challenge,
          code: admin.recoveryCodes[0] ?? "",
        })
        expect(session.user.id).toBe(admin.id)
        expect(audit.filter((e) => e.action === "User.UnlockSecondFactor")).toEqual([
          expect.objectContaining({
            actor: { userId: admin.id, role: "Admin" },
            before: { locked: true, consecutiveFailures: 10 },
            after: { locked: false, consecutiveFailures: 0, by: "RecoveryCode" },
          }),
        ])
        yield* TestClock.adjust(CODE_CHECKS_PER_USER.windowMs)
        yield* guessWrong(admin, SECOND_FACTOR_LOCK_AFTER)
        expect(locksMailed(store, admin.email)).toHaveLength(2)
      }),
    ),
  )

  it.effect("is ended by another Admin's reset, which says it was locked", () =>
    run((_store, audit) =>
      Effect.gen(function* () {
        const locked = yield* enrolledAdmin
        const helper = yield* added("Admin")
        yield* guessWrong(locked, SECOND_FACTOR_LOCK_AFTER)
        yield* (yield* SecondFactorReset).reset(principal(helper), locked.id)
        expect(audit.at(-1)).toMatchObject({
          action: "User.ResetSecondFactor",
          before: { enrolled: true, locked: true },
          after: { enrolled: false, locked: false },
        })
        // The next sign-in sets up a new authenticator, and its code signs in.
        const { challenge, enrolled } = yield* challengeFor(locked)
        expect(enrolled).toBe(false)
        const secondFactor = yield* SecondFactor
        const { secret } = yield* secondFactor.startEnrolment({ challenge })
        const code = yield* codeNow(secret)
        expect(yield* tagOf(secondFactor.confirmEnrolment({ challenge, code }))).toBe("Right")
      }),
    ),
  )

  it.effect("does not count an enrolment's wrong codes: there is nothing to lock yet", () =>
    run((store) =>
      Effect.gen(function* () {
        const who = yield* added("Admin")
        const secondFactor = yield* SecondFactor
        for (let i = 0; i < 2; i++) {
          const { challenge } = yield* challengeFor(who)
          yield* secondFactor.startEnrolment({ challenge })
          for (let j = 0; j < 5; j++)
            expect(yield* tagOf(secondFactor.confirmEnrolment({ challenge, code: "zzzzzz" }))).toBe(
              "InvalidSecondFactor",
            )
        }
        expect(store.secondFactors.find((f) => f.userId === who.id)?.consecutiveFailures).toBe(0)
        expect(locksMailed(store, who.email)).toHaveLength(0)
      }),
    ),
  )
})
