import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { type Unauthorized, unauthorized } from "@howzat/contracts/problems"
import { MaybeCurrentUser } from "@howzat/contracts/security"
import { type BasketPicks, PickedNumbers, type PickNeedsSignIn } from "@howzat/core/orders"
import { pickMessages } from "@howzat/core/rules"
import { Effect, Option } from "effect"
import { type BasketFailure, basketProblem, type Problem } from "./basket-problems"

const picksToWire = (picks: BasketPicks) => ({
  competitionId: picks.competitionId,
  numbers: [...picks.numbers],
  heldUntil: picks.heldUntil,
  expired: [...picks.expired],
})

/**
 * Pick your numbers (docs/decisions/0080). Who may use a basket, what may
 * be picked and what the maximum counts are core's rules (PickedNumbers);
 * these handlers take the session's customer in and give problem+json out.
 */
export const PickedNumberHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "pickedNumbers",
  (handlers) =>
    Effect.gen(function* () {
      const picked = yield* PickedNumbers
      const caller = Effect.map(
        MaybeCurrentUser,
        (principal) => Option.getOrUndefined(principal)?.customerId ?? null,
      )

      /** Core's failures as problems; a pick without a customer is a 401 that says to sign in. */
      const problems = <A, R>(
        effect: Effect.Effect<A, BasketFailure | PickNeedsSignIn, R>,
      ): Effect.Effect<A, Problem | Unauthorized, R> =>
        Effect.catchAll(
          effect,
          (error): Effect.Effect<never, Problem | Unauthorized> =>
            error._tag === "PickNeedsSignIn"
              ? Effect.fail(unauthorized(pickMessages.signInRequired))
              : basketProblem(error),
        )

      return handlers
        .handle("freeNumbers", ({ path, urlParams }) =>
          problems(
            Effect.map(
              picked.freeNumbers(path.competitionId, {
                from: urlParams.From,
                pageNumber: urlParams.PageNumber,
                pageSize: urlParams.PageSize,
              }),
              (page) => ({
                numbers: [...page.items],
                holdMinutes: page.holdMinutes,
                ...pageInfo(page),
              }),
            ),
          ),
        )
        .handle("basketPicks", ({ path }) =>
          problems(
            Effect.gen(function* () {
              const picks = yield* picked.basketPicks(path.basketId, yield* caller)
              return { picks: picks.map(picksToWire) }
            }),
          ),
        )
        .handle("hold", ({ path, payload }) =>
          problems(
            Effect.gen(function* () {
              const picks = yield* picked.hold(
                path.basketId,
                payload.competitionId,
                payload.numbers,
                yield* caller,
              )
              return { picks: picksToWire(picks) }
            }),
          ),
        )
        .handle("release", ({ path, payload }) =>
          problems(
            Effect.gen(function* () {
              const picks = yield* picked.release(
                path.basketId,
                payload.competitionId,
                payload.numbers ?? null,
                yield* caller,
              )
              return { picks: picksToWire(picks) }
            }),
          ),
        )
    }),
)
