import { WinnerRecords } from "@howzat/core/ports/winner-records"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeWinnerRecords,
  migrateToLatest,
  newCustomer,
  recordDraw,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { WinnersWorld } from "./winners.contract"

const UNKNOWN_ORDER = "00000000-0000-4000-8000-000000000000"
let staffCount = 0

/**
 * The winners contract's world on a real database (PGlite or PostgreSQL):
 * draws recorded as the draw job records them, instant-win numbers marked
 * won in their table, staff as users.
 */
export const winnersOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<WinnersWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.succeed(WinnerRecords, makeWinnerRecords(db)),
      newStaff: async (firstName) =>
        (
          await db
            .insertInto("users")
            .values({
              email: `${firstName.toLowerCase()}-${++staffCount}-${Date.now()}@howzat.example`,
              passwordHash: "not-a-real-hash",
              firstName,
              lastName: "Staff",
              role: "Staff",
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      removeStaff: async (userId) => {
        await db.deleteFrom("users").where("id", "=", userId).execute()
      },
      drawnWinner: async ({ competitionName, ticketNumber, fullName, drawnAt }) => {
        const customerId = await newCustomer(db)
        const competitionId = await competitionOnSale(db, { name: competitionName })
        await recordDraw(
          db,
          {
            competitionId,
            drawDate: drawnAt,
            drawnAt,
            drawType: "Live",
            outcome: "Winner",
            entriesHash: "ab",
            entryCount: 1,
            beacon: { source: "none", value: "" },
            attempt: 0,
            winningTicketNumber: ticketNumber,
            winnerFullName: fullName,
            winnerCustomerId: customerId,
          },
          String(ticketNumber),
        )
        return { competitionId, customerId }
      },
      instantWinner: async ({ competitionName, prizeName, ticketNumber, wonAt }) => {
        const customerId = await newCustomer(db)
        const competitionId = await competitionOnSale(db, {
          name: competitionName,
          instantWinGroups: [
            { name: prizeName, imageUrls: [], ticketNumbers: [ticketNumber, ticketNumber + 1] },
          ],
        })
        const won = await db
          .updateTable("instantWinTickets")
          .set({ wonAt, winnerCustomerId: customerId, orderId: UNKNOWN_ORDER })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .returning("id")
          .executeTakeFirstOrThrow()
        const unwon = await db
          .selectFrom("instantWinTickets")
          .select("id")
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber + 1)
          .executeTakeFirstOrThrow()
        const person = await db
          .selectFrom("customers")
          .innerJoin("users", "users.id", "customers.userId")
          .select(["users.firstName", "users.lastName"])
          .where("customers.id", "=", customerId)
          .executeTakeFirstOrThrow()
        return {
          instantWinId: won.id,
          unwonInstantWinId: unwon.id,
          competitionId,
          customerId,
          fullName: `${person.firstName} ${person.lastName}`,
          orderId: UNKNOWN_ORDER,
        }
      },
      close,
    }
  }
