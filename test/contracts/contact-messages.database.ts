import { ContactMessageStore, Transactions } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeContactMessageStore, makeTransactions } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { ContactMessagesWorld } from "./contact-messages.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

/** The contact messages contract's world on a real database (PGlite or PostgreSQL). */
export const contactMessagesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ContactMessagesWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.merge(
        Layer.succeed(ContactMessageStore, makeContactMessageStore(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      removeAll: async () => {
        await db.deleteFrom("contactMessages").execute()
      },
      close,
    }
  }

/** What only the table shows: a message is never handled by nobody, whoever writes it. */
export const contactMessagesDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("refuses a message handled by nobody, written by hand", async () => {
      const made = await Effect.runPromise(
        makeContactMessageStore(db()).insert(
          {
            firstName: "Ann",
            lastName: "Smith",
            email: "ann@example.com",
            telephoneNumber: "07700 900123",
            message: "half handled",
          },
          new Date(),
        ),
      )
      await expect(
        db()
          .updateTable("contactMessages")
          .set({ handledAt: new Date() })
          .where("id", "=", made.id)
          .execute(),
      ).rejects.toThrow(/contact_messages_handled_together/)
    })
  })
