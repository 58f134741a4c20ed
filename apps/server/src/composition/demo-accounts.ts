import {
  type DatabaseHandle,
  PostgresAccountsLive,
  PostgresOrdersLive,
  TransactionsLive,
} from "@howzat/postgres"
import { Effect, Layer } from "effect"
import { Argon2PasswordHasherLive } from "../auth/argon2-password-hasher"
import { ensureDemoAdmin, ensureDemoStaff } from "../demo-admin"
import { ensureDemoCustomer, seedDemoPromotions } from "../demo-customer"
import type { DbLayer } from "./brand"

/** The demo's promotions and its customer, Admin and staff, when the configuration asks for demo data. */
export const seedDemoAccounts = async (database: DatabaseHandle, db: DbLayer) => {
  await seedDemoPromotions(database.db)
  await Effect.runPromise(
    ensureDemoCustomer.pipe(
      Effect.zipRight(ensureDemoAdmin),
      Effect.zipRight(ensureDemoStaff),
      Effect.provide(
        Layer.mergeAll(
          PostgresAccountsLive,
          PostgresOrdersLive,
          TransactionsLive,
          Argon2PasswordHasherLive,
        ).pipe(Layer.provide(db)),
      ),
    ),
  )
}
