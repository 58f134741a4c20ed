import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, FastCheck as fc, TestClock, TestContext } from "effect"
import { fixedWindow } from "../rules/auth.js"
import type { MailMessage } from "./model.js"
import { AccountRecovery } from "./recovery.js"
import { Registration } from "./registration.js"
import { Sessions } from "./sessions.js"
import {
  type AccountStore,
  accountServicesOver,
  emptyAccountStore,
  registrationRequest,
  tokensMailedTo,
} from "./test-doubles.js"
import { defaultRateLimitPolicy } from "./throttle.js"

/**
 * Decision 0013: whoever reads the owner's mailbox can always get in by
 * link, whatever strangers do to the account's counters; and strangers still
 * can't flood that mailbox.
 */
const START = Date.parse("2026-06-15T12:00:00Z")
const MINUTE = 60_000
const OWNER = "ann@example.com"
const LOGIN_BASE = "https://shop.example/Auth/Login"
const RESET_BASE = "https://shop.example/Auth/ForgotPassword"
const linkLimit = defaultRateLimitPolicy.limits.loginLink.perAccount

type Services = Registration | AccountRecovery | Sessions

const run = <A, E>(test: (store: AccountStore) => Effect.Effect<A, E, Services>) => {
  const store = emptyAccountStore()
  return Effect.provide(
    Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const outcome = yield* (yield* Registration).register(registrationRequest(), {})
      if (outcome._tag !== "Registered") throw new Error("not registered")
      return yield* test(store)
    }),
    accountServicesOver(store),
  )
}

/** Each stranger's request comes from an address of its own, so only the account limits bind. */
let strangerAddresses = 0
const strangerAddress = () => `203.0.113.${strangerAddresses++ % 250}`

/** Whatever a stranger is told, refusals included, they carry on. */
const byStranger = <A, E, R>(request: (address: string) => Effect.Effect<A, E, R>) =>
  Effect.either(request(strangerAddress()))

const askForLink = (address: string) =>
  Effect.flatMap(AccountRecovery, (recovery) =>
    recovery.requestLoginToken({ email: OWNER, loginLinkBase: LOGIN_BASE }, { address }),
  )

const askForReset = (address: string) =>
  Effect.flatMap(AccountRecovery, (recovery) =>
    recovery.forgotPassword({ email: OWNER, resetLinkBase: RESET_BASE }, { address }),
  )

const guessPassword = (address: string) =>
  Effect.flatMap(Sessions, (sessions) =>
    sessions.authenticate({ email: OWNER, password: "Wr0ng!guess" }, { address }),
  )

/** What the owner does from a new browser: ask for a link, then use the newest one that works. */
const ownerLogsInByLink = (store: AccountStore, address: string) =>
  Effect.gen(function* () {
    const asked = yield* Effect.either(askForLink(address))
    const sessions = yield* Sessions
    for (const token of tokensMailedTo(store, OWNER, "LoginLink")) {
      const session = yield* Effect.either(sessions.authenticateByToken(token))
      if (Either.isRight(session)) return { asked, loggedIn: true }
    }
    return { asked, loggedIn: false }
  })

const mailCount = (store: AccountStore, kind: MailMessage["kind"]) =>
  store.outbox.filter((m) => m.to === OWNER && m.kind === kind).length

describe("a stranger using up the account's limits", () => {
  it.effect("never keeps the owner from logging in by link from a new browser", () =>
    run((store) =>
      Effect.gen(function* () {
        // Each hour: the link limit used up at once, ten bad passwords every quarter.
        for (let hour = 0; hour < 3; hour++) {
          const hourStart = START + hour * 60 * MINUTE
          for (let quarter = 0; quarter < 4; quarter++) {
            yield* TestClock.setTime(hourStart + quarter * 15 * MINUTE)
            if (quarter === 0) for (let i = 0; i < 5; i++) yield* byStranger(askForLink)
            for (let i = 0; i < 10; i++) yield* byStranger(guessPassword)
          }
          for (const minute of [1, 20, 35, 50]) {
            yield* TestClock.setTime(hourStart + minute * MINUTE)
            const { asked, loggedIn } = yield* ownerLogsInByLink(store, "198.51.100.1")
            expect(Either.isRight(asked)).toBe(true)
            expect(loggedIn).toBe(true)
          }
        }
      }),
    ),
  )

  it.effect(
    "answers the owner's request like any other and mails nothing while a link is live",
    () =>
      run((store) =>
        Effect.gen(function* () {
          for (let i = 0; i < linkLimit.max; i++) yield* byStranger(askForLink)
          expect(mailCount(store, "LoginLink")).toBe(linkLimit.max)
          // Over the account's limit: no error, no mail; her mailbox has three live links.
          yield* askForLink("198.51.100.1")
          expect(mailCount(store, "LoginLink")).toBe(linkLimit.max)

          // Once she has used every one, the next request mails one more, and only one.
          const sessions = yield* Sessions
          for (const token of tokensMailedTo(store, OWNER, "LoginLink"))
            yield* sessions.authenticateByToken(token)
          yield* byStranger(askForLink)
          yield* byStranger(askForLink)
          expect(mailCount(store, "LoginLink")).toBe(linkLimit.max + 1)
        }),
      ),
  )

  it.effect("still refuses one address asking for links to many accounts", () =>
    run(() =>
      Effect.gen(function* () {
        const recovery = yield* AccountRecovery
        const limit = defaultRateLimitPolicy.limits.loginLink.perAddress.max
        const machine = { address: "198.51.100.66" }
        for (let i = 0; i < limit; i++)
          yield* recovery.requestLoginToken(
            { email: `someone${i}@example.com`, loginLinkBase: LOGIN_BASE },
            machine,
          )
        const refused = yield* Effect.flip(
          recovery.requestLoginToken({ email: OWNER, loginLinkBase: LOGIN_BASE }, machine),
        )
        expect(refused).toMatchObject({ _tag: "RateLimited", limit: "address" })
      }),
    ),
  )

  it.effect("treats reset links the same way", () =>
    run((store) =>
      Effect.gen(function* () {
        const limit = defaultRateLimitPolicy.limits.passwordReset.perAccount.max
        for (let i = 0; i < limit; i++) yield* byStranger(askForReset)
        yield* askForReset("198.51.100.1")
        expect(mailCount(store, "ResetPassword")).toBe(limit)
        // A reset spends every other reset link, so the next request mails a fresh one.
        const [token] = tokensMailedTo(store, OWNER, "ResetPassword")
        const recovery = yield* AccountRecovery
        const password = "N3w!password"
        yield* recovery.resetPassword({ token: token ?? "", password, confirmPassword: password })
        yield* askForReset("198.51.100.1")
        yield* byStranger(askForReset)
        expect(mailCount(store, "ResetPassword")).toBe(limit + 1)
      }),
    ),
  )
})

type Move =
  | { readonly atMs: number; readonly who: "owner" }
  | { readonly atMs: number; readonly who: "link" | "reset" | "password"; readonly times: number }

const move = (horizonMs: number): fc.Arbitrary<Move> =>
  fc.oneof(
    fc.record({ atMs: fc.integer({ min: 0, max: horizonMs }), who: fc.constant("owner" as const) }),
    fc.record({
      atMs: fc.integer({ min: 0, max: horizonMs }),
      who: fc.constantFrom("link" as const, "reset" as const, "password" as const),
      times: fc.integer({ min: 1, max: 12 }),
    }),
  )

/**
 * Moves within a quarter of an hour, an hour or three: a short span crowds
 * many into one window, a long one crosses windows of every length.
 */
const moves: fc.Arbitrary<Move[]> = fc
  .constantFrom(15 * MINUTE, 60 * MINUTE, 180 * MINUTE)
  .chain((horizonMs) => fc.array(move(horizonMs), { maxLength: 40, size: "medium" }))
  .map((list) => [...list].sort((a, b) => a.atMs - b.atMs))

describe("under any stranger schedule", () => {
  it.effect("the owner can always log in by link, and strangers can't flood her mailbox", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(moves, async (schedule) => {
          await Effect.runPromise(
            run((store) =>
              Effect.gen(function* () {
                const links = new Map<number, { mailed: number; usedByOwner: number }>()
                let owners = 0
                for (const move of schedule) {
                  const now = START + move.atMs
                  yield* TestClock.setTime(now)
                  const before = mailCount(store, "LoginLink")
                  let loggedIn = false
                  if (move.who === "owner") {
                    // A new address each time: the owner on the move, never flooding anyone.
                    const outcome = yield* ownerLogsInByLink(store, `198.51.100.${++owners % 250}`)
                    expect(Either.isRight(outcome.asked)).toBe(true)
                    expect(outcome.loggedIn).toBe(true)
                    loggedIn = outcome.loggedIn
                  } else {
                    for (let i = 0; i < move.times; i++)
                      if (move.who === "link") yield* byStranger(askForLink)
                      else if (move.who === "reset") yield* byStranger(askForReset)
                      else yield* byStranger(guessPassword)
                  }
                  const window = fixedWindow(now, linkLimit.windowMs).start
                  const tally = links.get(window) ?? { mailed: 0, usedByOwner: 0 }
                  tally.mailed += mailCount(store, "LoginLink") - before
                  if (loggedIn) tally.usedByOwner++
                  links.set(window, tally)
                }
                // Beyond the limit, a link is mailed only after the owner used one.
                for (const tally of links.values())
                  expect(tally.mailed).toBeLessThanOrEqual(linkLimit.max + tally.usedByOwner)
              }),
            ).pipe(Effect.provide(TestContext.TestContext)),
          )
        }),
        { numRuns: 60 },
      ),
    ),
  )
})
