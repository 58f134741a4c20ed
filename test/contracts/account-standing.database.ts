import { AccountStandingStore } from "@howzat/core/ports/account-standing"
import { AgeVerificationRecords } from "@howzat/core/ports/age-verification"
import { migrateToLatest } from "@howzat/postgres/migrations/index"
import {
  makeAccountStandingStore,
  makeAgeVerificationRecords,
} from "@howzat/postgres/repos/account-standing"
import type { SuiteDatabase } from "@howzat/postgres/repos/catalogue.suite"
import { newCustomer } from "@howzat/postgres/repos/orders-fixtures"
import { Layer } from "effect"
import type { AccountStandingWorld } from "./account-standing.contract"

/** The account standing contract's world on a real database (PGlite or PostgreSQL). */
export const accountStandingOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<AccountStandingWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.merge(
        Layer.succeed(AccountStandingStore, makeAccountStandingStore(db)),
        Layer.succeed(AgeVerificationRecords, makeAgeVerificationRecords(db)),
      ),
      newCustomer: () => newCustomer(db),
      close,
    }
  }
