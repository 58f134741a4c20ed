import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { InstantWinGroup } from "./catalogue.js"
import { Conflict, NotFound } from "./problems.js"
import { Authentication } from "./security.js"
import { BoundedInt, boundedString } from "./text.js"

/**
 * What staff send to create or change an instant-win group. The schema
 * checks shape and range; the business rules (a name, at least one ticket,
 * no more than the numbers left, images as web addresses, a prize above
 * £0.00) are core's, answered as a validation problem naming the field.
 * On PUT, `imageUrls` and `prizeSiteCreditPence` left out keep what the
 * group has; on POST they mean none.
 */
export const InstantWinGroupRequest = Schema.Struct({
  name: boundedString(1000),
  ticketCount: BoundedInt(0),
  imageUrls: Schema.optional(
    Schema.Array(boundedString(2000)).pipe(
      Schema.maxItems(100, { message: () => "must list at most 100 images" }),
    ),
  ),
  /** Site credit in pence credited to the winner when the winning order is paid; null for a prize staff hand over. */
  prizeSiteCreditPence: Schema.optional(Schema.NullOr(BoundedInt(0))),
})

/** The group as staff see it: the public fields, its prize and its winning numbers. */
export const StaffInstantWinGroup = Schema.Struct({
  ...InstantWinGroup.fields,
  prizeSiteCreditPence: Schema.NullOr(Schema.Int),
  /** Ascending. Public anyway through the group's tickets, once the competition is visible. */
  ticketNumbers: Schema.Array(Schema.Int),
})

/** The commitment the competition publishes after the change (docs/fairness.md § Instant wins). */
const InstantWinCommitment = Schema.NullOr(Schema.String)

export const InstantWinGroupResponse = Schema.Struct({
  instantWinGroup: StaffInstantWinGroup,
  instantWinCommitment: InstantWinCommitment,
})
export type InstantWinGroupResponseJson = typeof InstantWinGroupResponse.Encoded

export const InstantWinGroupDeleted = Schema.Struct({ instantWinCommitment: InstantWinCommitment })

const InstantWinGroupPath = Schema.Struct({
  competitionId: Schema.UUID,
  instantWinGroupId: Schema.UUID,
})

/**
 * Staff set up a competition's instant wins before it opens; each change
 * answers with the competition's new instant-win commitment. 409 once the
 * competition is open (docs/decisions/0021).
 */
export class InstantWinGroupsApi extends HttpApiGroup.make("instantWinGroups")
  .add(
    HttpApiEndpoint.post("create", "/api/Competitions/:competitionId/instant-win-groups")
      .setPath(Schema.Struct({ competitionId: Schema.UUID }))
      .setPayload(InstantWinGroupRequest)
      .addSuccess(InstantWinGroupResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.put(
      "update",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId",
    )
      .setPath(InstantWinGroupPath)
      .setPayload(InstantWinGroupRequest)
      .addSuccess(InstantWinGroupResponse),
  )
  .add(
    HttpApiEndpoint.del(
      "delete",
      "/api/Competitions/:competitionId/instant-win-groups/:instantWinGroupId",
    )
      .setPath(InstantWinGroupPath)
      .addSuccess(InstantWinGroupDeleted),
  )
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication) {}
