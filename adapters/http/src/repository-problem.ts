import { type ServiceUnavailable, serviceUnavailable } from "@howzat/contracts/problems"
import type { RepositoryError } from "@howzat/core/competitions"
import { Effect } from "effect"

/**
 * A storage failure as the caller meets it (docs/decisions/0015). Only a
 * database that could not be reached is a 503: the caller may retry and
 * the operator's monitoring counts outages by it. Any other failure is a
 * fault of ours: logged with its cause, then a defect, which the edge
 * answers as a plain 500 problem without the details.
 */
export const repositoryProblem = (
  error: RepositoryError,
): Effect.Effect<never, ServiceUnavailable> =>
  error.unreachable === true
    ? Effect.zipRight(
        Effect.logWarning(`database unreachable in ${error.operation}`, error.cause),
        Effect.fail(serviceUnavailable()),
      )
    : Effect.zipRight(
        Effect.logError(`repository failure in ${error.operation}`, error.cause),
        Effect.die(error),
      )
