import { randomUUID } from "node:crypto"
import type { Principal } from "@howzat/core/accounts"
import { PostalEntries } from "@howzat/core/postal-entries"
import type { PostalEntryForm } from "@howzat/core/rules"
import { testBrandLayer } from "@howzat/core/testing"
import { Effect, Layer, TestClock, TestContext } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { TransactionsLive } from "../transactions"
import { AccountStandingStoreLive } from "./account-standing"
import { AuditLogLive } from "./audit-log"
import { CustomerRepoLive } from "./customers"
import { InstantWinRepoLive } from "./instant-wins"
import { NOW } from "./orders-fixtures"
import { OutboxMailerLive } from "./outbox"
import { PostalEntryRepoLive } from "./postal-entries"
import { SiteCreditLedgerLive } from "./site-credit"
import { UserRepoLive } from "./users"

/** The member of staff who types the postcards in. */
export const POSTAL_STAFF: Principal = {
  userId: randomUUID(),
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}

export { postalEntryForm as personForm } from "@howzat/core/testing"

/** Every port core's PostalEntries needs, on the real repositories of `db`. */
export const postalEntryPortsOn = (db: Kysely<Database>) =>
  Layer.mergeAll(
    PostalEntryRepoLive,
    CustomerRepoLive,
    UserRepoLive,
    TransactionsLive,
    InstantWinRepoLive,
    SiteCreditLedgerLive,
    OutboxMailerLive,
    AuditLogLive,
    AccountStandingStoreLive,
  ).pipe(Layer.provide(Layer.succeed(Db, db)), Layer.merge(testBrandLayer))

/** Core's PostalEntries on the real repositories, at `at` (TestClock). */
export const postalEntriesOn = (db: Kysely<Database>) => {
  const services = PostalEntries.Default.pipe(Layer.provide(postalEntryPortsOn(db)))
  return (competitionId: string, form: PostalEntryForm, at: Date = NOW, by = POSTAL_STAFF) =>
    Effect.runPromise(
      Effect.zipRight(
        TestClock.setTime(at.getTime()),
        Effect.either(Effect.flatMap(PostalEntries, (p) => p.enter(by, competitionId, form))),
      ).pipe(Effect.provide(services), Effect.provide(TestContext.TestContext)),
    )
}
