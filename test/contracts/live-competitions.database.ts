import { LiveCompetitionsLive, makeLiveCompetitions, TransactionsLive } from "@howzat/postgres"
import { createCompetition, newCompetition } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inOpenTransaction, lockWaits } from "../support/lock-waits"
import type { ContractDatabase } from "./harness"
import type { LiveCompetitionSeed } from "./live-competitions.contract"

/** The live-competitions harness on a real database: the shared competition, scheduled as the seed says. */
export const liveCompetitionsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: LiveCompetitionSeed = {
    competition: (c) =>
      createCompetition(
        db,
        newCompetition({
          startDateTimeUtc: c.startDateTimeUtc,
          closeDateTimeUtc: c.closeDateTimeUtc,
          drawDateTimeUtc: null,
          visibilityStatus: c.visible ? "Visible" : "Hidden",
          instantWinGroups: c.instantWin
            ? [{ name: "£5", ticketNumbers: [3, 7], imageUrls: [] }]
            : [],
        }),
      ),
  }
  return {
    layer: Layer.merge(LiveCompetitionsLive, TransactionsLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}

/**
 * The shop-wide lock of the live set (decision 0045), which only a server
 * with more than one session can show: a second reader waits for the first
 * writer's commit, then reads what it wrote.
 */
export const liveSetLockOnPostgres = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: ContractDatabase
    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    it("makes a second reader wait for the first writer's commit", async () => {
      const { db } = database
      const now = new Date("2027-03-01T12:00:00Z")
      const hidden = await createCompetition(
        db,
        newCompetition({
          startDateTimeUtc: new Date(now.getTime() - 86_400_000),
          closeDateTimeUtc: new Date(now.getTime() + 5 * 86_400_000),
          drawDateTimeUtc: null,
          visibilityStatus: "Hidden",
        }),
      )
      await inOpenTransaction(db, async (writer) => {
        await Effect.runPromise(makeLiveCompetitions(writer).lockedLive(now))
        // Published in the writer's transaction: seen by others only once it commits.
        await writer
          .updateTable("competitions")
          .set({ visibilityStatus: "Visible" })
          .where("id", "=", hidden)
          .execute()
        const reader = db
          .transaction()
          .execute((trx) => Effect.runPromise(makeLiveCompetitions(trx).lockedLive(now)))
        await lockWaits(db, 1)
        await writer.commit().execute()
        expect((await reader).map((c) => c.id)).toContain(hidden)
      })
    })
  })
