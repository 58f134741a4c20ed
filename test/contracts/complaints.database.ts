import { ComplaintStore } from "@howzat/core/ports/complaints"
import { Transactions } from "@howzat/core/ports/transactions"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeComplaintStore, makeTransactions, migrateToLatest } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ComplaintsWorld } from "./complaints.contract"

/** The complaints contract's world on a real database (PGlite or PostgreSQL). */
export const complaintsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ComplaintsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.merge(
        Layer.succeed(ComplaintStore, makeComplaintStore(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      removeAll: async () => {
        await db.deleteFrom("complaints").execute()
      },
      close,
    }
  }
