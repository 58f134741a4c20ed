import { ComplaintStore } from "@howzat/core/ports/complaints"
import { Transactions } from "@howzat/core/ports/transactions"
import { migrateToLatest } from "@howzat/postgres/migrations/index"
import type { SuiteDatabase } from "@howzat/postgres/repos/catalogue.suite"
import { makeComplaintStore } from "@howzat/postgres/repos/complaints"
import { makeTransactions } from "@howzat/postgres/transactions"
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
