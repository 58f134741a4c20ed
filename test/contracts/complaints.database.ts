import { ComplaintStore, Transactions } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  customerWithEmail,
  makeComplaintStore,
  makeTransactions,
  newOrder,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { type ComplaintsWorld, newComplaint } from "./complaints.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

/** The complaints contract's world on a real database (PGlite or PostgreSQL). */
export const complaintsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ComplaintsWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.merge(
        Layer.succeed(ComplaintStore, makeComplaintStore(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      removeAll: async () => {
        await db.deleteFrom("complaints").execute()
      },
      addOrder: async (email, status) => {
        const customerId = await customerWithEmail(db, email)
        const orderId = await newOrder(db, customerId, { status })
        const { orderRef } = await db
          .selectFrom("orders")
          .select("orderRef")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
        return { reference: orderRef, customerId }
      },
      close,
    }
  }

/** What only the table shows: it refuses a status the rules never name, whoever writes it. */
export const complaintsDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("refuses an unknown status written by hand", async () => {
      const made = await Effect.runPromise(makeComplaintStore(db()).insert(newComplaint()))
      await expect(
        db()
          .updateTable("complaints")
          .set({ status: "Lost" as "Resolved" })
          .where("id", "=", made?.id ?? "")
          .execute(),
      ).rejects.toThrow(/violates check constraint/)
    })
  })
