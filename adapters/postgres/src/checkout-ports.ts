import { Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "./database"
import { CompetitionRepoLive } from "./repos/competitions"
import { CustomerRepoLive } from "./repos/customers"
import { PostgresOrdersLive } from "./repos/index"
import type { Database } from "./schema"
import { TransactionsLive } from "./transactions"

/**
 * The ports core's Checkout and Baskets take, on this database: what the
 * checkout bench and the checkout concurrency suites compose.
 */
export const checkoutPortsLive = (db: Kysely<Database>) =>
  Layer.mergeAll(PostgresOrdersLive, CompetitionRepoLive, CustomerRepoLive, TransactionsLive).pipe(
    Layer.provide(Layer.succeed(Db, db)),
  )
