import { randomBytes } from "node:crypto"
import { pence } from "@howzat/core/rules/money"
import { LiveCompetitionsLive, TransactionsLive } from "@howzat/postgres"
import { createCompetition } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { LiveCompetitionSeed } from "./live-competitions.contract"

/** The live-competitions harness on a real database: competitions made as the seed makes them. */
export const liveCompetitionsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: LiveCompetitionSeed = {
    competition: (c) =>
      createCompetition(db, {
        name: "Signed Ashes Bat",
        description: "",
        ticketPrice: pence(250),
        totalTickets: 20,
        maxTicketsPerCustomer: 5,
        defaultTicketSaleQuantity: 1,
        cashAlternativeValue: null,
        startDateTimeUtc: c.startDateTimeUtc,
        closeDateTimeUtc: c.closeDateTimeUtc,
        drawDateTimeUtc: null,
        drawType: "Automatic",
        visibilityStatus: c.visible ? "Visible" : "Hidden",
        categoryIds: [],
        attributes: {},
        imageUrls: [],
        instantWinGroups: c.instantWin
          ? [{ name: "£5", ticketNumbers: [3, 7], imageUrls: [] }]
          : [],
        secrets: {
          drawSeed: new Uint8Array(randomBytes(32)),
          instantWinSalt: randomBytes(32).toString("hex"),
        },
      }),
  }
  return {
    layer: Layer.merge(LiveCompetitionsLive, TransactionsLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
