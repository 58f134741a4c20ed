import { BackOfficeFigures } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import {
  awaitingOrder,
  type MemoryPrizeWinner,
  makeMemoryBackOfficeFigures,
  sampleCompetition,
} from "@howzat/core/testing"
import { Layer } from "effect"
import { backOfficeFiguresContract } from "./back-office-figures.contract"
import { memoryId } from "./harness"

backOfficeFiguresContract("the dashboard's figures in memory", async () => {
  const orders: ReturnType<typeof awaitingOrder>[] = []
  const competitions: ReturnType<typeof sampleCompetition>[] = []
  const drawnWinners: MemoryPrizeWinner[] = []
  const instantWinners: MemoryPrizeWinner[] = []
  const handedOver = (processed: boolean) => ({ processedAt: processed ? new Date() : null })
  return {
    layer: Layer.succeed(
      BackOfficeFigures,
      makeMemoryBackOfficeFigures({
        orders: () => orders,
        competitions: () => competitions,
        drawnWinners: () => drawnWinners,
        instantWinners: () => instantWinners,
      }),
    ),
    seed: {
      order: async ({ competitionId, createdAt, status, items, discount, card, quantity }) => {
        orders.push(
          awaitingOrder({
            createdAt,
            status,
            itemTotal: pence(items),
            discountTotal: pence(discount),
            orderTotal: pence(card),
            lines: [
              {
                competitionId: competitionId ?? "competition",
                competitionName: "A car",
                quantity,
                price: pence(Math.round(items / quantity)),
                preDiscountTotal: pence(items),
                lineTotal: pence(items - discount),
                ticketNumbers: [],
              },
            ],
          }),
        )
      },
      competition: async ({ ticketsSold, ...fields }) => {
        const id = memoryId("competition")
        competitions.push(sampleCompetition({ ...fields, id, ticketsSoldToDate: ticketsSold }))
        return id
      },
      drawnWinner: async (processed) => void drawnWinners.push(handedOver(processed)),
      instantWinner: async (processed) => void instantWinners.push(handedOver(processed)),
    },
    close: async () => {},
  }
})
