import { Registration, Sessions } from "@howzat/core/accounts"
import { accountServicesOver, emptyAccountStore, registrationRequest } from "@howzat/core/testing"
import { Effect, Option, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { optionalPrincipal, requiredPrincipal } from "./authentication"

/** Runs `test` with the account doubles and the access token of a freshly registered Ann. */
const withAnn = <A, E>(test: (sessions: Sessions, token: string) => Effect.Effect<A, E>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const outcome = yield* (yield* Registration).register(registrationRequest(), {})
      if (outcome._tag !== "Registered") return yield* Effect.die("not registered")
      return yield* test(yield* Sessions, outcome.session.accessToken)
    }).pipe(Effect.provide(accountServicesOver(emptyAccountStore()))),
  )

describe("bearer authentication", () => {
  it("knows the signed-in user by a valid token", async () => {
    const principal = await withAnn((sessions, token) =>
      requiredPrincipal(sessions, Redacted.make(token)),
    )
    expect(principal).toMatchObject({ role: "Customer", email: "ann@example.com" })
  })

  it.each([
    ["", "Please log in to do this."],
    ["forged", "Your session has ended. Please log in again."],
  ])("answers the token %j with a 401 problem", async (token, detail) => {
    const problem = await withAnn((sessions) =>
      Effect.flip(requiredPrincipal(sessions, Redacted.make(token))),
    )
    expect(problem).toMatchObject({ status: 401, title: "Unauthorized", detail })
  })

  it("reads a missing or bad token as nobody where signing in is optional", async () => {
    const results = await withAnn((sessions, token) =>
      Effect.all(["", "forged", token].map((t) => optionalPrincipal(sessions, Redacted.make(t)))),
    )
    expect(results.map(Option.isSome)).toEqual([false, false, true])
  })
})
