import { AccountStandingStore } from "@howzat/core/ports/account-standing"
import { AgeVerificationRecords } from "@howzat/core/ports/age-verification"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeAccountStandingStore,
  makeAgeVerificationRecords,
  migrateToLatest,
  newCustomer,
} from "@howzat/postgres/testing"
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
