import { ContactMessageStore } from "@howzat/core/ports/contact-messages"
import { Transactions } from "@howzat/core/ports/transactions"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeContactMessageStore,
  makeTransactions,
  migrateToLatest,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContactMessagesWorld } from "./contact-messages.contract"

/** The contact messages contract's world on a real database (PGlite or PostgreSQL). */
export const contactMessagesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ContactMessagesWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
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
