import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"
import type {
  ComplaintSource,
  ComplaintStatus,
  OrderOwner,
  ValidComplaintForm,
} from "../rules/complaints.js"

/** One step in a complaint's life: a status reached, or a note added without a move. */
export interface ComplaintHistoryEntry {
  readonly at: Date
  readonly status: ComplaintStatus
  readonly note: string | null
  /** The staff user who made the step; null for the customer's own submission. */
  readonly by: string | null
}

export interface Complaint extends ValidComplaintForm {
  readonly id: string
  readonly reference: string
  readonly source: ComplaintSource
  /** The signed-in customer who sent it, if any. */
  readonly customerId: string | null
  readonly status: ComplaintStatus
  readonly receivedAt: Date
  readonly updatedAt: Date
  /** Oldest first; the first entry is its receipt. */
  readonly history: readonly ComplaintHistoryEntry[]
}

export interface NewComplaint {
  readonly form: ValidComplaintForm
  readonly reference: string
  readonly source: ComplaintSource
  readonly customerId: string | null
  readonly at: Date
  /** The member of staff who logged an emailed complaint; null for the form. */
  readonly loggedBy: string | null
}

export interface ComplaintQuery {
  /** Only complaints in this status; every complaint when undefined. */
  readonly status?: ComplaintStatus | undefined
  readonly page: PageRequest
}

/**
 * Complaints and their history. Writes join the caller's transaction;
 * `held` locks the complaint until it ends, so two members of staff moving
 * one complaint queue and each audit entry's "before" is what it changed.
 */
export interface ComplaintStoreShape {
  /** null when the reference is already taken (the caller draws another). */
  readonly insert: (complaint: NewComplaint) => Effect.Effect<Complaint | null, RepositoryError>
  /** Newest first; history left empty (the detail reads it). */
  readonly list: (query: ComplaintQuery) => Effect.Effect<Page<Complaint>, RepositoryError>
  readonly byId: (id: string) => Effect.Effect<Complaint | null, RepositoryError>
  readonly held: (id: string) => Effect.Effect<Complaint | null, RepositoryError>
  readonly addStep: (
    id: string,
    step: ComplaintHistoryEntry,
  ) => Effect.Effect<Complaint, RepositoryError>
  /**
   * The customer of the order with this reference (exactly as given: the
   * form's rules upper-case it, as references are made) and their sign-in
   * email; null when no order has it. Any status: a complaint about a
   * failed or cancelled order is still about that order.
   */
  readonly orderOwner: (reference: string) => Effect.Effect<OrderOwner | null, RepositoryError>
}
export class ComplaintStore extends Context.Tag("@howzat/core/ComplaintStore")<
  ComplaintStore,
  ComplaintStoreShape
>() {}
