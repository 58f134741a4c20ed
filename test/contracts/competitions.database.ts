import { CompetitionRepoLive, CompetitionWriterLive } from "@howzat/postgres"
import { Layer } from "effect"
import { sql } from "kysely"
import type { CompetitionsSeed } from "./competitions.contract"
import type { ContractDatabase } from "./harness"

/** The catalogue's harness on a real database: categories and wins as rows. */
export const competitionsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CompetitionsSeed = {
    category: async (name) =>
      (
        await db
          .insertInto("categories")
          .values({ name, description: `All about ${name}`, visibilityStatus: "Visible" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    winInstantTicket: async ({ competitionId, ticketNumber, winnerDisplayName, isVisible }) => {
      await db
        .updateTable("instantWinTickets")
        .set({ wonAt: new Date(), winnerDisplayName, isVisible })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", ticketNumber)
        .executeTakeFirstOrThrow()
    },
    // The sold counter alone, as a checkout's claim adds to it (decision 0046).
    sellOut: async (competitionId) => {
      await sql`
        insert into competition_tickets_sold (competition_id, shard, sold)
        select id, 0, total_tickets from competitions where id = ${competitionId}::uuid
      `.execute(db)
    },
  }
  return {
    layer: Layer.merge(CompetitionRepoLive, CompetitionWriterLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
