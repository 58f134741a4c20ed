import { randomUUID } from "node:crypto"
import { RepositoryError } from "@howzat/core/competitions/errors"
import type { AuditEntry } from "@howzat/core/ports/audit-log"
import { Effect, Either } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import { makeAuditLog, makeAuditLogReader } from "./audit-log"
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

    it("lists newest first, filtered by actor, action, subject and dates, a page at a time", async () => {
      const actor = randomUUID()
      const subjectId = randomUUID()
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 13, minute))
      for (const [minute, action] of [
        [1, "Category.Create"],
        [2, "Category.Update"],
        [3, "Category.Update"],
        [4, "Category.Delete"],
      ] as const) {
        await Effect.runPromise(
          makeAuditLog(db()).record(
            entry({
              actor: { userId: actor, role: "Admin" },
              action,
              subject: { type: "Category", id: subjectId },
              at: at(minute),
            }),
          ),
        )
      }
      const read = (query: Partial<Parameters<ReturnType<typeof makeAuditLogReader>["list"]>[0]>) =>
        Effect.runPromise(
          makeAuditLogReader(db()).list({ page: { pageNumber: 1, pageSize: 10 }, ...query }),
        )
      const mine = await read({ actorUserId: actor })
      expect(mine.totalCount).toBe(4)
      expect(mine.items.map((e) => e.at)).toEqual([at(4), at(3), at(2), at(1)])
      expect(mine.items[0]).toMatchObject({
        actor: { userId: actor, role: "Admin" },
        before: { name: "Bats" },
      })
      const updates = await read({ subjectType: "Category", subjectId, action: "Category.Update" })
      expect(updates.items.map((e) => e.at)).toEqual([at(3), at(2)])
      const window = await read({ actorUserId: actor, from: at(2), to: at(3) })
      expect(window.items.map((e) => e.at)).toEqual([at(3), at(2)])
      const second = await read({ actorUserId: actor, page: { pageNumber: 2, pageSize: 3 } })
      expect([second.totalCount, second.items.map((e) => e.at)]).toEqual([4, [at(1)]])
      expect((await read({ actorUserId: "not-a-uuid" })).items).toEqual([])
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
