import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { notFound } from "@howzat/contracts/problems"
import { ClubPerks } from "@howzat/core/clubs"
import type { ClubDocumentKind } from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

/**
 * A club's letter or poster as a download. Drawn on each request from the
 * club's current code, so the response may not be kept anywhere: a
 * recoded club's old poster must not linger in a cache.
 */
export const ClubPerksHandlersLive = HttpApiBuilder.group(HowzatApi, "clubPerks", (handlers) =>
  Effect.gen(function* () {
    const perks = yield* ClubPerks
    const download = (clubId: string, kind: ClubDocumentKind) =>
      perks.document(clubId, kind).pipe(
        Effect.map(({ fileName, bytes }) =>
          HttpServerResponse.uint8Array(bytes, {
            contentType: "application/pdf",
            headers: {
              // The file name is letters, digits and hyphens only (core's fileSlug): safe to quote.
              "content-disposition": `inline; filename="${fileName}"`,
              "x-content-type-options": "nosniff",
            },
          }),
        ),
        Effect.catchTags({
          ClubNotListed: () =>
            Effect.fail(notFound("Not Found", "No club on the club-perks list has this id.")),
          RepositoryError: repositoryProblem,
          DocumentRenderFailed: (e) =>
            Effect.zipRight(
              Effect.logError("a club document could not be drawn", e.cause),
              Effect.die(e),
            ),
        }),
      )
    return handlers
      .handle("welcomeLetter", ({ path }) => download(path.clubId, "WelcomeLetter"))
      .handle("poster", ({ path }) => download(path.clubId, "Poster"))
  }),
)
