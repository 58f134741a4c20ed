import { Effect, Layer } from "effect"
import { CustomerRepo } from "../ports/accounts.js"
import {
  AgeVerification,
  type AgeVerificationRecord,
  AgeVerificationRecords,
  type AgeVerificationRequest,
} from "../ports/age-verification.js"
import { now } from "../ports/clock.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { Transactions } from "../ports/transactions.js"
import { validateDateOfBirth } from "../rules/validation.js"
import { AgeNotVerified } from "./standing-errors.js"

export const DECLARED_DATE_OF_BIRTH = "DeclaredDateOfBirth"

/**
 * The default provider: the date of birth the customer declared makes them
 * 18+ on London's calendar (the registration rule), or it does not. A real
 * identity-check provider replaces this layer through configuration.
 */
export const DeclaredDateOfBirthLive = Layer.succeed(AgeVerification, {
  method: DECLARED_DATE_OF_BIRTH,
  check: (request: AgeVerificationRequest) =>
    Effect.map(now, (today) => {
      const problem = validateDateOfBirth(request.dateOfBirth, today)
      return problem === undefined
        ? ({ result: "Verified", reason: "declared date of birth" } as const)
        : ({ result: "Refused", reason: problem } as const)
    }),
})

/**
 * Runs the age check and keeps every outcome (table and responsible-play
 * log, committed on their own so a refused purchase does not roll them
 * back). The latest outcome decides; a customer with none yet (registered
 * before the check existed) is checked the first time it is needed.
 */
export class AgeChecks extends Effect.Service<AgeChecks>()("@howzat/core/AgeChecks", {
  effect: Effect.gen(function* () {
    const provider = yield* AgeVerification
    const records = yield* AgeVerificationRecords
    const customers = yield* CustomerRepo
    const events = yield* ResponsiblePlayEvents
    const transactions = yield* Transactions

    const verify = (request: AgeVerificationRequest) =>
      Effect.gen(function* () {
        const outcome = yield* provider.check(request)
        const at = yield* now
        const record: AgeVerificationRecord = {
          customerId: request.customerId,
          method: provider.method,
          outcome: outcome.result,
          reason: outcome.reason,
          at,
        }
        yield* transactions.within(
          Effect.zipRight(
            records.record(record),
            events.record({
              customerId: request.customerId,
              kind: "AgeVerification",
              at,
              detail: { method: record.method, outcome: record.outcome, reason: record.reason },
            }),
          ),
        )
        return record
      })

    /** Fails with AgeNotVerified unless the latest outcome (checked now if none) is Verified. */
    const ensureVerified = (customerId: string) =>
      Effect.gen(function* () {
        const latest = yield* records.latest(customerId)
        const decided =
          latest?.outcome === "Verified"
            ? latest
            : yield* Effect.flatMap(customers.byId(customerId), (customer) =>
                verify({
                  customerId,
                  firstName: customer.firstName,
                  lastName: customer.lastName,
                  dateOfBirth: customer.dateOfBirth,
                  address: customer.defaultBillingAddress,
                }),
              )
        if (decided.outcome === "Verified") return decided
        return yield* new AgeNotVerified({
          customerId,
          outcome: decided.outcome,
          reason: decided.reason,
        })
      })

    return { verify, ensureVerified, latest: records.latest }
  }),
}) {}
