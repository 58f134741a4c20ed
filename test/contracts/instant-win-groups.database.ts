import { InstantWinGroupStore } from "@howzat/core/ports/instant-win-groups"
import { Transactions } from "@howzat/core/ports/transactions"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  addTicketsSold,
  competitionOnSale,
  makeInstantWinGroupStore,
  makeTransactions,
  migrateToLatest,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { InstantWinGroupsWorld } from "./instant-win-groups.contract"

const DAY = 24 * 60 * 60 * 1000

/**
 * The instant-win groups contract's world on a real database (PGlite or
 * PostgreSQL): competitions as the writer creates them, tickets taken on
 * the sold counter, a number won on its row.
 */
export const instantWinGroupsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<InstantWinGroupsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(InstantWinGroupStore, makeInstantWinGroupStore(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      competition: (totalTickets, startDateTimeUtc) =>
        competitionOnSale(db, {
          totalTickets,
          startDateTimeUtc,
          closeDateTimeUtc: new Date(startDateTimeUtc.getTime() + 7 * DAY),
          drawDateTimeUtc: new Date(startDateTimeUtc.getTime() + 8 * DAY),
        }),
      allocate: async (competitionId, count) => {
        await addTicketsSold(db, competitionId, count)
      },
      win: async (competitionId, ticketNumber) => {
        await db
          .updateTable("instantWinTickets")
          .set({ wonAt: new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .execute()
      },
      commitmentOf: async (competitionId) => {
        const row = await db
          .selectFrom("competitions")
          .select(["instantWinSalt", "instantWinCommitment"])
          .where("id", "=", competitionId)
          .executeTakeFirstOrThrow()
        return { salt: row.instantWinSalt, commitment: row.instantWinCommitment }
      },
      close,
    }
  }
