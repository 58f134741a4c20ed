import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { notFound, validationProblem } from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import { SiteContent } from "@howzat/core/staff"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

/** Staff editing the site's content: core's SiteContent answers, mapped to HTTP. */
export const SiteContentHandlersLive = HttpApiBuilder.group(HowzatApi, "siteContent", (handlers) =>
  Effect.gen(function* () {
    const content = yield* SiteContent
    return handlers
      .handle("list", () =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const resources = yield* content
            .list(principal)
            .pipe(Effect.catchTag("NotStaff", () => notStaff(principal)))
          return { resources }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
      .handle("update", ({ path, payload }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const resource = yield* content.update(principal, path.key, payload.value).pipe(
            Effect.catchTags({
              NotStaff: () => notStaff(principal),
              ResourceNotEditable: () =>
                Effect.fail(notFound("Not Found", "no such editable resource")),
              ResourceValueInvalid: (e) => Effect.fail(validationProblem({ value: [e.message] })),
            }),
          )
          return { resource }
        }).pipe(Effect.catchTag("RepositoryError", repositoryProblem)),
      )
  }),
)
