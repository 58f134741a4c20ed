import { randomUUID } from "node:crypto"
import type { AuditEntry } from "@howzat/core/ports/audit-log"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeAuditLog } from "./audit-log"
import type { SuiteDatabase } from "./suite-database"

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: { userId: randomUUID(), role: "Staff" },
  action: "Category.Update",
  subject: { type: "Category", id: randomUUID() },
  before: { name: "Bats" },
  after: { name: "Bats & Balls", tags: [1, true, null] },
  at: new Date("2026-11-24T12:00:00Z"),
  ...overrides,
})

/**
 * The audit log's table on a real database: an entry is never changed or
 * deleted, whoever asks. What the AuditLog and AuditLogReader ports promise
 * (kept exactly, only with its write, read newest first through the filters)
 * is their contract, run on these adapters and the in-memory ones alike:
 * test/contracts/audit-log.contract.ts.
 */
export const auditLogSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const rowsAbout = (subjectId: string) =>
      db().selectFrom("auditLog").selectAll().where("subjectId", "=", subjectId).execute()

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("refuses to change or delete an entry", async () => {
      const written = entry()
      await Effect.runPromise(makeAuditLog(db()).record(written))
      await expect(
        sql`update audit_log set action = 'Forged' where subject_id = ${written.subject.id}`.execute(
          db(),
        ),
      ).rejects.toThrow(/append-only/)
      await expect(
        sql`delete from audit_log where subject_id = ${written.subject.id}`.execute(db()),
      ).rejects.toThrow(/append-only/)
      expect((await rowsAbout(written.subject.id)).map((r) => r.action)).toEqual([
        "Category.Update",
      ])
    })
  })
