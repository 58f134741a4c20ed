import { randomUUID } from "node:crypto"
import { RepositoryError } from "@howzat/core/competitions/errors"
import type { AuditEntry } from "@howzat/core/ports/audit-log"
import { Effect, Either } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import { makeAuditLog } from "./audit-log"
import type { SuiteDatabase } from "./orders.suite"

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: { userId: randomUUID(), role: "Staff" },
  action: "Category.Update",
  subject: { type: "Category", id: randomUUID() },
  before: { name: "Bats" },
  after: { name: "Bats & Balls", tags: [1, true, null] },
  at: new Date("2026-11-24T12:00:00Z"),
  ...overrides,
})

/** The audit log on a real database: entries are kept exactly, in the writer's transaction, and never changed. */
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

    it("keeps who, when, what and the values before and after", async () => {
      const written = entry({ before: null })
      await Effect.runPromise(makeAuditLog(db()).record(written))
      const [row] = await rowsAbout(written.subject.id)
      expect(row).toMatchObject({
        at: written.at,
        actorUserId: written.actor.userId,
        actorRole: "Staff",
        action: "Category.Update",
        subjectType: "Category",
        before: null,
        after: { name: "Bats & Balls", tags: [1, true, null] },
      })
    })

    it("leaves no entry when the write it describes rolls back", async () => {
      const written = entry()
      const failed = await Effect.runPromise(
        Effect.either(
          makeTransactions(db()).within(
            Effect.zipRight(
              makeAuditLog(db()).record(written),
              Effect.fail(new RepositoryError({ operation: "test", cause: "rolled back" })),
            ),
          ),
        ),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect(await rowsAbout(written.subject.id)).toEqual([])
    })

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
