import { Effect, Layer } from "effect"
import { AccountStandingStore } from "../ports/account-standing.js"
import { now } from "../ports/clock.js"
import { standingAt } from "../rules/standing.js"
import { AgeChecks } from "./age-verification.js"
import { AccountNotInGoodStanding } from "./standing-errors.js"

/**
 * Asked before any purchase (checkout, buying site credit): the customer
 * is in good standing (not on a break, not closed) and verified 18+. Run
 * before the purchase's transaction, so the age check's outcome is kept
 * even when the purchase is refused.
 */
export class PurchaseGate extends Effect.Service<PurchaseGate>()("@howzat/core/PurchaseGate", {
  effect: Effect.gen(function* () {
    const store = yield* AccountStandingStore
    const ages = yield* AgeChecks
    return {
      check: (customerId: string) =>
        Effect.gen(function* () {
          const standing = standingAt(yield* store.read(customerId), yield* now)
          // Standing first: a customer on a break is not sent to an identity provider.
          if (standing.status !== "Active") {
            return yield* new AccountNotInGoodStanding({ customerId, standing })
          }
          yield* ages.ensureVerified(customerId)
        }).pipe(Effect.asVoid),
    }
  }),
}) {}

/** For tests about something else: every customer may buy. */
export const PurchaseGateOpen = Layer.succeed(
  PurchaseGate,
  PurchaseGate.make({ check: () => Effect.void }),
)
