import { BackOfficeFiguresLive } from "@howzat/postgres"
import {
  addTicketsSold,
  competitionOnSale,
  newCustomer,
  newOrder,
  recordDraw,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { BackOfficeFiguresSeed } from "./back-office-figures.contract"
import { HOUR, NOW } from "./competitions.fixtures"
import type { ContractDatabase } from "./harness"

/** The dashboard's harness on a real database: orders, competitions and winners as rows. */
export const backOfficeFiguresOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const ordered = await competitionOnSale(db)
  const seed: BackOfficeFiguresSeed = {
    order: async ({ competitionId, createdAt, status, items, discount, card, quantity }) => {
      const id = await newOrder(db, await newCustomer(db), {
        status,
        itemTotalPence: items,
        discountTotalPence: discount,
        orderTotalPence: card,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + HOUR),
      })
      await db
        .insertInto("orderLines")
        .values({
          orderId: id,
          competitionId: competitionId ?? ordered,
          quantityRequested: quantity,
          quantity,
          unitPricePence: Math.round(items / quantity),
          preDiscountTotalPence: items,
          lineTotalPence: items - discount,
        })
        .execute()
    },
    competition: async ({ ticketsSold, ...competition }) => {
      const id = await competitionOnSale(db, {
        ...competition,
        drawDateTimeUtc: null,
        drawType: "None",
      })
      await addTicketsSold(db, id, ticketsSold)
      return id
    },
    drawnWinner: async (processed) => {
      const competitionId = await competitionOnSale(db)
      await recordDraw(
        db,
        {
          competitionId,
          drawDate: NOW,
          drawnAt: NOW,
          drawType: "Live",
          outcome: "Winner",
          entriesHash: "ab",
          entryCount: 1,
          beacon: { source: "none", value: "" },
          attempt: 0,
          winningTicketNumber: 1,
          winnerFullName: "Win Ner",
          winnerCustomerId: await newCustomer(db),
        },
        "1",
      )
      if (processed)
        await db
          .updateTable("draws")
          .set({ processedAt: NOW })
          .where("competitionId", "=", competitionId)
          .execute()
    },
    instantWinner: async (processed) => {
      const competitionId = await competitionOnSale(db, {
        instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1] }],
      })
      await db
        .updateTable("instantWinTickets")
        .set({ wonAt: NOW, winnerDisplayName: "W N.", processedAt: processed ? NOW : null })
        .where("competitionId", "=", competitionId)
        .execute()
    },
  }
  return { layer: BackOfficeFiguresLive.pipe(Layer.provide(dbLayer)), seed, close }
}
