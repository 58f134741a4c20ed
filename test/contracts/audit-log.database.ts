import { randomUUID } from "node:crypto"
import { AuditLog, AuditLogReader, Transactions } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeAuditLog, makeAuditLogReader, makeTransactions } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import type { AuditLogWorld } from "./audit-log.contract"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"

/** The audit log contract's world on a real database (PGlite or PostgreSQL). */
export const auditLogOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<AuditLogWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.mergeAll(
        Layer.succeed(AuditLog, makeAuditLog(db)),
        Layer.succeed(AuditLogReader, makeAuditLogReader(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      close,
    }
  }

/** What only the table shows: an entry is never changed or deleted, whoever asks. */
export const auditLogDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)

    it("refuses to change or delete an entry", async () => {
      const subjectId = randomUUID()
      await Effect.runPromise(
        makeAuditLog(db()).record({
          actor: { userId: randomUUID(), role: "Staff" },
          action: "Category.Update",
          subject: { type: "Category", id: subjectId },
          before: { name: "Bats" },
          after: { name: "Bats & Balls", tags: [1, true, null] },
          at: new Date("2026-11-24T12:00:00Z"),
        }),
      )
      await expect(
        sql`update audit_log set action = 'Forged' where subject_id = ${subjectId}`.execute(db()),
      ).rejects.toThrow(/append-only/)
      await expect(
        sql`delete from audit_log where subject_id = ${subjectId}`.execute(db()),
      ).rejects.toThrow(/append-only/)
      const rows = await db()
        .selectFrom("auditLog")
        .select("action")
        .where("subjectId", "=", subjectId)
        .execute()
      expect(rows.map((r) => r.action)).toEqual(["Category.Update"])
    })
  })
