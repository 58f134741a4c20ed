import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { CurrentUser } from "@howzat/contracts/security"
import type { AgeVerificationRecord } from "@howzat/core/ports"
import { AccountStanding } from "@howzat/core/responsible-play"
import type { Standing } from "@howzat/core/rules"
import { Effect } from "effect"
import { accountProblems } from "./account-problems"
import { standingProblems } from "./standing-problems"

const standingToWire = (standing: Standing, age: AgeVerificationRecord | null = null) => ({
  status: standing.status,
  pausedUntil: standing.status === "Paused" ? standing.until : null,
  pauseLength: standing.status === "Paused" ? standing.length : null,
  closedAt: standing.status === "Closed" ? standing.at : null,
  ageVerification:
    age === null
      ? null
      : { outcome: age.outcome, method: age.method, reason: age.reason, at: age.at },
})

/** Taking a break and closing an account: core's AccountStanding decides; this maps to HTTP. */
export const StandingHandlersLive = HttpApiBuilder.group(HowzatApi, "accountStanding", (handlers) =>
  Effect.gen(function* () {
    const standing = yield* AccountStanding
    const errors = {
      CustomerNotFound: accountProblems.CustomerNotFound,
      RepositoryError: accountProblems.RepositoryError,
    }
    const view = (customerId: string) =>
      Effect.flatMap(CurrentUser, (principal) => standing.view(principal, customerId))
    return handlers
      .handle("view", ({ path }) =>
        view(path.customerId).pipe(
          Effect.map(({ standing: s, ageVerification }) => ({
            standing: standingToWire(s, ageVerification),
          })),
          Effect.catchTags(errors),
        ),
      )
      .handle("pause", ({ path, payload }) =>
        Effect.gen(function* () {
          yield* standing.pause(yield* CurrentUser, path.customerId, payload.length)
          const after = yield* view(path.customerId)
          return { standing: standingToWire(after.standing, after.ageVerification) }
        }).pipe(Effect.catchTags({ ...errors, PauseRefused: standingProblems.PauseRefused })),
      )
      .handle("close", ({ path }) =>
        Effect.gen(function* () {
          yield* standing.close(yield* CurrentUser, path.customerId)
          const after = yield* view(path.customerId)
          return { standing: standingToWire(after.standing, after.ageVerification) }
        }).pipe(
          Effect.catchTags({
            ...errors,
            AccountAlreadyClosed: standingProblems.AccountAlreadyClosed,
          }),
        ),
      )
  }),
)
