import { LiveCompetitionsLive, TransactionsLive } from "@howzat/postgres"
import { createCompetition, newCompetition } from "@howzat/postgres/testing"
import { Layer } from "effect"
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
