import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { AuditValue } from "./audit-log.js"

/**
 * What the responsible-play log records about a customer (decision 0041): the
 * facts the harm signals are read from and that staff look back on. Each
 * part of the code adds its own kinds; a kind is never renamed, because
 * old rows keep it.
 */
export type ResponsiblePlayEventKind =
  /** A monthly spend limit was set, lowered, or a raise/removal was asked for. */
  | "SpendLimitChanged"
  /** A raise or removal waited out its cooling-off and now applies. */
  | "SpendLimitRaiseApplied"
  /** A checkout was refused because it would go over the monthly spend limit. */
  | "SpendLimitReached"
  /** A card payment was refused because it was a credit card the rules do not allow. */
  | "CreditCardRefused"
  /** A card payment the provider declined. */
  | "PaymentDeclined"
  /** The customer paused their account (a cool-off or a self-suspension). */
  | "AccountSuspended"
  /** The customer closed their account. */
  | "AccountClosed"
  /** The age-verification check's outcome. */
  | "AgeVerification"
  /** Staff looked at a harm signal and noted what they did. */
  | "HarmSignalReviewed"

export interface ResponsiblePlayEvent {
  readonly customerId: string
  readonly kind: ResponsiblePlayEventKind
  readonly at: Date
  /** The facts of the event as plain JSON: amounts in pence, dates as ISO text. */
  readonly detail: AuditValue
}

export interface RecordedResponsiblePlayEvent extends ResponsiblePlayEvent {
  readonly id: string
}

/**
 * The append-only responsible-play log. `record` joins the caller's
 * transaction (Transactions.within): an event inside a write that rolls
 * back is gone with it. So a refusal that rolls its transaction back (a
 * checkout over the limit) records its event afterwards, outside it.
 */
export interface ResponsiblePlayEventsShape {
  readonly record: (event: ResponsiblePlayEvent) => Effect.Effect<void, RepositoryError>
  /** One customer's events at or after `since`, oldest first. */
  readonly forCustomer: (
    customerId: string,
    since: Date,
  ) => Effect.Effect<readonly RecordedResponsiblePlayEvent[], RepositoryError>
  /** Every customer's events of these kinds at or after `since`, oldest first. */
  readonly ofKinds: (
    kinds: readonly ResponsiblePlayEventKind[],
    since: Date,
  ) => Effect.Effect<readonly RecordedResponsiblePlayEvent[], RepositoryError>
}
export class ResponsiblePlayEvents extends Context.Tag("@howzat/core/ResponsiblePlayEvents")<
  ResponsiblePlayEvents,
  ResponsiblePlayEventsShape
>() {}
