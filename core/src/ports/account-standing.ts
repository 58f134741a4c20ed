import { Context, type Effect } from "effect"
import type { CustomerNotFound } from "../accounts/errors.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { StandingRecord } from "../rules/standing.js"

/**
 * Where a customer's breaks and closure are kept (decision 0043). A
 * customer with nothing stored is in good standing.
 */
export interface AccountStandingStoreShape {
  readonly read: (customerId: string) => Effect.Effect<StandingRecord, RepositoryError>
  /**
   * Reads the record holding the customer (their customers row) until the
   * transaction ends, so two changes at once are decided one after the other.
   */
  readonly hold: (
    customerId: string,
  ) => Effect.Effect<StandingRecord, CustomerNotFound | RepositoryError>
  /**
   * Stores the record. The store never lets a break end earlier or a closure
   * be undone, whatever it is given: the rule's last line of defence.
   */
  readonly save: (
    customerId: string,
    record: StandingRecord,
  ) => Effect.Effect<void, RepositoryError>
}
export class AccountStandingStore extends Context.Tag("@howzat/core/AccountStandingStore")<
  AccountStandingStore,
  AccountStandingStoreShape
>() {}
