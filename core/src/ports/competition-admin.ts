import { Context, type Effect } from "effect"
import type { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import type { CompetitionSecrets } from "../draws/secrets.js"
import type { CompetitionDraft, StoredCompetition } from "../rules/competition-admin.js"
import type { MovedDraw } from "../rules/sold-out-early.js"
import type { NewInstantWinGroup } from "./competition-writer.js"

/** An instant-win group as a duplicate copies it: its prize, not its numbers. */
export interface InstantWinGroupTemplate {
  readonly name: string
  readonly ticketCount: number
  readonly imageUrls: readonly string[]
  readonly prizeSiteCredit: NewInstantWinGroup["prizeSiteCredit"]
}

/** A competition as stored, read under its row lock. */
export interface LockedCompetition extends StoredCompetition {
  readonly id: string
  /** Some order line names it, even a cancelled one: the accounts keep it. */
  readonly ordered: boolean
  readonly instantWinGroups: readonly InstantWinGroupTemplate[]
}

/** The ids a draft names that do not exist. */
export interface MissingReferences {
  readonly categoryIds: readonly string[]
  readonly attributeTypeIds: readonly string[]
  readonly imageGroup: boolean
}

/**
 * Where staff's competitions are written. Use inside `Transactions.within`:
 * `lock` holds the competition's row until the transaction ends, so a
 * change is judged on what it changes, with no checkout bumping the count
 * of sold tickets in between.
 */
export interface CompetitionAdminStoreShape {
  readonly lock: (
    competitionId: string,
  ) => Effect.Effect<LockedCompetition, CompetitionNotFound | RepositoryError>
  readonly missing: (draft: CompetitionDraft) => Effect.Effect<MissingReferences, RepositoryError>
  /**
   * Creates the competition, its pool of 1..total in a random order, its
   * seed commitment and its instant-win groups (numbers already chosen),
   * as the seed's createCompetition does.
   */
  readonly create: (
    draft: CompetitionDraft,
    secrets: CompetitionSecrets,
    instantWinGroups: readonly NewInstantWinGroup[],
  ) => Effect.Effect<string, RepositoryError>
  /**
   * Replaces the competition's fields, categories and attributes. A larger
   * total adds the new numbers with random sort keys; a smaller one removes
   * the top numbers, which core has checked are free.
   */
  readonly update: (
    competitionId: string,
    draft: CompetitionDraft,
  ) => Effect.Effect<void, RepositoryError>
  readonly remove: (competitionId: string) => Effect.Effect<void, RepositoryError>
  /**
   * Sets the close and draw times a sold-out competition's draw was brought
   * forward to, and what its page says about it (the first published draw
   * time, when it moved); nothing else changes (docs/decisions/0081).
   */
  readonly moveDraw: (
    competitionId: string,
    moved: MovedDraw,
  ) => Effect.Effect<void, RepositoryError>
  /**
   * Automatic competitions set to draw as soon as they sell out, with no
   * draw and a draw time still ahead of `now`, whose every ticket is held
   * and none by an order awaiting payment; at most `limit`, by id. Core
   * checks each again under its lock before closing it.
   */
  readonly soldOutAwaitingClose: (
    now: Date,
    limit: number,
  ) => Effect.Effect<readonly string[], RepositoryError>
}
export class CompetitionAdminStore extends Context.Tag("@howzat/core/CompetitionAdminStore")<
  CompetitionAdminStore,
  CompetitionAdminStoreShape
>() {}
