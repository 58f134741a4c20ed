import { AccountStandingStore, AgeVerificationRecords } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeAccountStandingStore,
  makeAgeVerificationRecords,
  newCustomer,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { AccountStandingWorld } from "./account-standing.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

/** The account standing contract's world on a real database (PGlite or PostgreSQL). */
export const accountStandingOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<AccountStandingWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.merge(
        Layer.succeed(AccountStandingStore, makeAccountStandingStore(db)),
        Layer.succeed(AgeVerificationRecords, makeAgeVerificationRecords(db)),
      ),
      newCustomer: () => newCustomer(db),
      close,
    }
  }

/**
 * What only the table shows: every age check is kept as history, not only
 * the latest the port reads.
 */
export const accountStandingDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("keeps every age check as history", async () => {
      const ann = await newCustomer(db())
      const ages = makeAgeVerificationRecords(db())
      for (const [outcome, iso] of [
        ["Refused", "2026-11-25T12:00:00Z"],
        ["Verified", "2026-11-25T13:00:00Z"],
      ] as const) {
        await Effect.runPromise(
          ages.record({
            customerId: ann,
            method: "DeclaredDateOfBirth",
            outcome,
            reason: outcome,
            at: new Date(iso),
          }),
        )
      }
      const rows = await db()
        .selectFrom("ageVerifications")
        .select("outcome")
        .where("customerId", "=", ann)
        .orderBy("at")
        .execute()
      expect(rows.map((row) => row.outcome)).toEqual(["Refused", "Verified"])
    })
  })
