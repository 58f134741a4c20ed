import { Context, type Effect } from "effect"
import type { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import type { EntryReferenceInUse } from "../postal-entries/errors.js"
import type { CompetitionForEntry, NewPostalEntry, PostalEntry } from "../postal-entries/model.js"
import type { EntrantKey } from "../rules/postal-entries.js"

/**
 * Where free postal entries are kept, and their share of the ticket pool.
 * The holds, `ticketsHeld` and `record` are for use inside one
 * `Transactions.within`: the hold lasts until it ends, so one person's
 * entries and purchases in a competition are counted one after another,
 * across every server process.
 */
export interface PostalEntryRepoShape {
  readonly competition: (
    competitionId: string,
  ) => Effect.Effect<CompetitionForEntry, CompetitionNotFound | RepositoryError>
  /**
   * Serialises this person in this competition with their other entries
   * and, for a customer, with their checkouts (the allocator's own lock).
   */
  readonly holdEntrant: (
    competitionId: string,
    entrant: EntrantKey,
  ) => Effect.Effect<void, RepositoryError>
  /**
   * Serialises entries given the same reference in this competition, so a
   * second postcard with it finds the first's entry before claiming a
   * ticket (a claim rolled back would be a ticket others were told was gone).
   */
  readonly holdReference: (
    competitionId: string,
    entryReference: string,
  ) => Effect.Effect<void, RepositoryError>
  readonly byReference: (
    competitionId: string,
    entryReference: string,
  ) => Effect.Effect<PostalEntry | null, RepositoryError>
  /**
   * The person's tickets in the competition, as the maximum counts them: a
   * customer's every ticket (paid, awaiting payment, postal) plus postal
   * entries made without an account under their email; a person's postal
   * entries made without an account under their email.
   */
  readonly ticketsHeld: (
    competitionId: string,
    entrant: EntrantKey,
  ) => Effect.Effect<number, RepositoryError>
  /**
   * Claims one free ticket in the pool's random order (the checkout's
   * claim), records the entry on it and counts it sold, all or nothing.
   * Null when no ticket is free. EntryReferenceInUse when another entry
   * took the reference first.
   */
  readonly record: (
    entry: NewPostalEntry,
  ) => Effect.Effect<PostalEntry | null, EntryReferenceInUse | RepositoryError>
}
export class PostalEntryRepo extends Context.Tag("@howzat/core/PostalEntryRepo")<
  PostalEntryRepo,
  PostalEntryRepoShape
>() {}
