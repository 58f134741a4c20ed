import type { Address } from "../accounts/model.js"
import type { WonInstantWin } from "../ports/instant-wins.js"

/**
 * A free postal entry as recorded: one ticket from the competition's pool,
 * given by a member of staff for one postcard. The person's details are a
 * snapshot of the postcard (or, for an existing customer, of their record
 * then), so the entry still names its entrant if the record changes.
 */
export interface PostalEntry {
  readonly id: string
  readonly competitionId: string
  readonly ticketNumber: number
  /** Null for a person without an account. */
  readonly customerId: string | null
  readonly firstName: string
  readonly lastName: string
  readonly emailAddress: string
  /** "yyyy-mm-dd". */
  readonly dateOfBirth: string
  /** "" when none was given. */
  readonly telephoneNumber: string
  /** Null for a customer who has no saved address. */
  readonly address: Address | null
  /** The postcard's reference, unique per competition; null when staff gave none. */
  readonly entryReference: string | null
  /** The staff user who recorded it. */
  readonly enteredBy: string
  readonly enteredAt: Date
}

/** What the repository records; the id and ticket number are its to give. */
export type NewPostalEntry = Omit<PostalEntry, "id" | "ticketNumber">

/** What a competition must say for an entry to be judged. */
export interface CompetitionForEntry {
  readonly competitionId: string
  readonly competitionName: string
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly maxTicketsPerCustomer: number
}

/** An entry answered to staff; `created` is false when the request repeated an earlier one. */
export interface RecordedPostalEntry {
  readonly entry: PostalEntry
  readonly competitionName: string
  readonly created: boolean
  /** What its ticket won on entry (an instant-win number); empty for a repeated request. */
  readonly instantWins: readonly WonInstantWin[]
}
