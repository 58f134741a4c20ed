import { randomUUID } from "node:crypto"
import { StaffTicketReads } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  customerPerson,
  makeStaffTicketReads,
  NOW,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { StaffTicketsWorld } from "./staff-tickets.contract"

const DAY = 24 * 60 * 60 * 1000

/**
 * The staff ticket reads contract's world on a real database (PGlite or
 * PostgreSQL): competitions as the writer creates them, an order row
 * holding chosen tickets as the allocator leaves them, the demo seed's
 * sales with no order row, a number won on its row.
 */
export const staffTicketsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<StaffTicketsWorld> => {
    const { db, close } = await open()
    const take = (
      competitionId: string,
      ticketNumbers: readonly number[],
      orderId: string,
      customerId: string | null,
    ) =>
      db
        .updateTable("tickets")
        .set({ orderId, customerId, allocatedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "in", [...ticketNumbers])
        .execute()
    return {
      layer: Layer.succeed(StaffTicketReads, makeStaffTicketReads(db)),
      competition: async (totalTickets, groups) => {
        const competitionId = await competitionOnSale(db, {
          totalTickets,
          instantWinGroups: groups.map((g) => ({
            name: g.name,
            imageUrls: [],
            ticketNumbers: [...g.ticketNumbers],
          })),
        })
        const rows = await db
          .selectFrom("instantWinGroups")
          .select("id")
          .where("competitionId", "=", competitionId)
          .orderBy("sortOrder")
          .execute()
        return { competitionId, groupIds: rows.map((r) => r.id) }
      },
      sell: async (competitionId, ticketNumbers, status) => {
        const customerId = await newCustomer(db)
        const { id: orderId } = await db
          .insertInto("orders")
          .values({
            basketId: await newBasket(db, customerId),
            customerId,
            status,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + DAY),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        await take(competitionId, ticketNumbers, orderId, customerId)
        const person = await customerPerson(db, customerId)
        return {
          customerId,
          fullName: `${person.firstName} ${person.lastName}`,
          email: person.email,
        }
      },
      soldWithoutCustomer: async (competitionId, ticketNumbers) => {
        await take(competitionId, ticketNumbers, randomUUID(), null)
      },
      win: async (competitionId, ticketNumber) => {
        await db
          .updateTable("instantWinTickets")
          .set({ wonAt: NOW })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .execute()
      },
      close,
    }
  }
