import { randomUUID } from "node:crypto"
import { InstantWinRepo, type TicketHolding } from "@howzat/core/ports/instant-wins"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeInstantWinRepo,
  migrateToLatest,
  NOW,
  newCustomer,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { InstantWinsWorld } from "./instant-wins.contract"

/**
 * The instant-wins contract's world on a real database (PGlite or
 * PostgreSQL): competitions as the writer creates them, a holding as the
 * pool's own claim (the tickets' `order_id`, a postal entry's under its
 * own id, decision 0022), and a number's winner read from its row.
 */
export const instantWinsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<InstantWinsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    const take = async (competitionId: string, ticketNumbers: readonly number[], id: string) => {
      if (ticketNumbers.length === 0) return
      await db
        .updateTable("tickets")
        .set({ orderId: id, allocatedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "in", [...ticketNumbers])
        .where("orderId", "is", null)
        .execute()
    }
    return {
      layer: Layer.succeed(InstantWinRepo, makeInstantWinRepo(db)),
      competition: (name, totalTickets, groups) =>
        competitionOnSale(db, {
          name,
          totalTickets,
          instantWinGroups: groups.map((g) => ({
            name: g.name,
            imageUrls: [],
            ticketNumbers: [...g.ticketNumbers],
            prizeSiteCredit: g.prizeSiteCredit ?? undefined,
          })),
        }),
      customer: () => newCustomer(db),
      hold: async (competitionId, ticketNumbers, kind): Promise<TicketHolding> => {
        const id = randomUUID()
        await take(competitionId, ticketNumbers, id)
        if (kind === "Order") return { kind, orderId: id }
        await db
          .insertInto("postalEntries")
          .values({
            id,
            competitionId,
            ticketNumber: ticketNumbers[0] ?? 0,
            customerId: null,
            firstName: "Pat",
            lastName: "Postcard",
            email: `pat-${id}@example.com`,
            dateOfBirth: "1980-02-02",
            telephoneNumber: "",
            entryReference: id,
            enteredBy: randomUUID(),
            enteredAt: NOW,
          })
          .execute()
        return { kind, postalEntryId: id }
      },
      release: async (competitionId, ticketNumbers) => {
        await db
          .updateTable("tickets")
          .set({ orderId: null, customerId: null, allocatedAt: null })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "in", [...ticketNumbers])
          .execute()
      },
      stateOf: (competitionId, ticketNumber) =>
        db
          .selectFrom("instantWinTickets")
          .select([
            "wonAt",
            "winnerCustomerId",
            "winnerDisplayName",
            "orderId",
            "postalEntryId",
            "processedAt",
          ])
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .executeTakeFirstOrThrow(),
      close,
    }
  }
