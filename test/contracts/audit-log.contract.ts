import { randomUUID } from "node:crypto"
import { RepositoryError } from "@howzat/core/competitions"
import {
  type AuditEntry,
  AuditLog,
  type AuditLogQuery,
  AuditLogReader,
  Transactions,
} from "@howzat/core/ports"
import { Effect, Either, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** An AuditLog and its reader to test, with the Transactions a write joins. */
export interface AuditLogWorld {
  readonly layer: Layer.Layer<AuditLog | AuditLogReader | Transactions>
  readonly close: () => Promise<void>
}

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: { userId: randomUUID(), role: "Staff" },
  action: "Category.Update",
  subject: { type: "Category", id: randomUUID() },
  before: { name: "Bats" },
  after: { name: "Bats & Balls", tags: [1, true, null], nested: { price: 250 } },
  at: new Date("2026-11-24T12:00:00Z"),
  ...overrides,
})

/**
 * The AuditLog and AuditLogReader ports' contract (decision 0026), run on the
 * in-memory adapter and on PGlite and PostgreSQL: an entry is kept exactly,
 * only with the write it describes, and read back newest first through the
 * filters, a page at a time.
 */
export const auditLogContract = (name: string, open: () => Promise<AuditLogWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: AuditLogWorld
    const run = <A, E>(effect: Effect.Effect<A, E, AuditLog | AuditLogReader | Transactions>) =>
      Effect.runPromise(Effect.provide(effect, world.layer))
    const record = (written: AuditEntry) =>
      run(Effect.flatMap(AuditLog, (log) => log.record(written)))
    const read = (query: Partial<AuditLogQuery>) =>
      run(
        Effect.flatMap(AuditLogReader, (reader) =>
          reader.list({ page: { pageNumber: 1, pageSize: 10 }, ...query }),
        ),
      )

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("keeps who, when, what and the values before and after, exactly", async () => {
      const created = entry({ before: null, action: "Category.Create" })
      const deleted = entry({ subject: created.subject, after: null, action: "Category.Delete" })
      await record(created)
      await record({ ...deleted, at: new Date(created.at.getTime() + 1000) })
      const found = await read({ subjectId: created.subject.id })
      expect(found.items.map(({ id: _, ...rest }) => rest)).toEqual([
        { ...deleted, at: new Date(created.at.getTime() + 1000) },
        created,
      ])
      expect(new Set(found.items.map((e) => e.id)).size).toBe(2)
    })

    it("leaves no entry when the write it describes rolls back", async () => {
      const written = entry()
      const failed = await run(
        Effect.either(
          Effect.flatMap(Transactions, (transactions) =>
            transactions.within(
              Effect.zipRight(
                Effect.flatMap(AuditLog, (log) => log.record(written)),
                Effect.fail(new RepositoryError({ operation: "test", cause: "rolled back" })),
              ),
            ),
          ),
        ),
      )
      expect(Either.isLeft(failed)).toBe(true)
      expect((await read({ subjectId: written.subject.id })).totalCount).toBe(0)
      const kept = entry()
      await run(
        Effect.flatMap(Transactions, (transactions) =>
          transactions.within(Effect.flatMap(AuditLog, (log) => log.record(kept))),
        ),
      )
      expect((await read({ subjectId: kept.subject.id })).totalCount).toBe(1)
    })

    it("lists newest first, filtered by actor, action, subject and dates, a page at a time", async () => {
      const actor = randomUUID()
      const subjectId = randomUUID()
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 13, minute))
      for (const [minute, action] of [
        [2, "Category.Update"],
        [1, "Category.Create"],
        [4, "Category.Delete"],
        [3, "Category.Update"],
      ] as const) {
        await record(
          entry({
            actor: { userId: actor, role: "Admin" },
            action,
            subject: { type: "Category", id: subjectId },
            at: at(minute),
          }),
        )
      }
      const mine = await read({ actorUserId: actor })
      expect(mine).toMatchObject({ totalCount: 4, pageNumber: 1, pageSize: 10 })
      expect(mine.items.map((e) => e.at)).toEqual([at(4), at(3), at(2), at(1)])
      expect(mine.items[0]).toMatchObject({
        actor: { userId: actor, role: "Admin" },
        before: { name: "Bats" },
      })
      const updates = await read({ subjectType: "Category", subjectId, action: "Category.Update" })
      expect(updates.items.map((e) => e.at)).toEqual([at(3), at(2)])
      expect((await read({ subjectType: "Competition", subjectId })).totalCount).toBe(0)
      const window = await read({ actorUserId: actor, from: at(2), to: at(3) })
      expect(window.items.map((e) => e.at)).toEqual([at(3), at(2)])
      const second = await read({ actorUserId: actor, page: { pageNumber: 2, pageSize: 3 } })
      expect([second.totalCount, second.items.map((e) => e.at)]).toEqual([4, [at(1)]])
      const first = await read({ actorUserId: actor, page: { pageNumber: 1, pageSize: 3 } })
      expect(first.items.map((e) => e.id)).not.toContain(second.items[0]?.id)
      expect((await read({ actorUserId: "not-a-uuid" })).items).toEqual([])
      expect((await read({ actorUserId: randomUUID() })).totalCount).toBe(0)
    })
  })
