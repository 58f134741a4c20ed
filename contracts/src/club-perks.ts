import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { NotFound } from "./problems.js"

/**
 * The club-perks documents (docs/product/screens.md: "welcome-letter and poster PDF links"),
 * public like the list they belong to: a club's letter and poster, drawn
 * on request for any club the club-perks list shows (decision 0036). The
 * club's id is in the list (content-list-clubs); any other id is 404.
 */
const ClubPath = Schema.Struct({ clubId: Schema.UUID })
const Pdf = HttpApiSchema.Uint8Array({ contentType: "application/pdf" })

export class ClubPerksApi extends HttpApiGroup.make("clubPerks")
  .add(
    HttpApiEndpoint.get("welcomeLetter", "/api/Clubs/:clubId/welcome-letter")
      .setPath(ClubPath)
      .addSuccess(Pdf)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.get("poster", "/api/Clubs/:clubId/poster")
      .setPath(ClubPath)
      .addSuccess(Pdf)
      .addError(NotFound),
  ) {}
