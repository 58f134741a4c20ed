import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeContactMessageStore } from "./contact-messages"

/**
 * The contact form's table on a real database (PGlite and PostgreSQL): a
 * message is never handled by nobody, whoever writes it. What the
 * ContactMessageStore port promises is its contract, run on this adapter
 * and the in-memory one alike: test/contracts/contact-messages.contract.ts.
 */
export const contactMessagesSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("refuses a message handled by nobody, written by hand", async () => {
      const made = await Effect.runPromise(
        makeContactMessageStore(database.db).insert(
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
        database.db
          .updateTable("contactMessages")
          .set({ handledAt: new Date() })
          .where("id", "=", made.id)
          .execute(),
      ).rejects.toThrow()
    })
  })
