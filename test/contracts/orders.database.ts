import { randomUUID } from "node:crypto"
import {
  BasketRepo,
  CustomerTicketRepo,
  OrderRepo,
  TicketAllocator,
} from "@howzat/core/ports/orders"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeBasketRepo,
  makeCustomerTicketRepo,
  makeOrderRepo,
  makePostalEntryRepo,
  makeTicketAllocator,
  migrateToLatest,
  newCustomer,
  newPromotion,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { DAY, NOW, type OrdersWorld } from "./orders.world"

/**
 * The orders contracts' world on a real database (PGlite or PostgreSQL):
 * competitions made with their pools, customers and promotions as rows, a
 * draw as the draw job leaves it (the competition marked drawn, its draws
 * row), and a postal entry recorded through its own repository.
 */
export const ordersOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<OrdersWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(BasketRepo, makeBasketRepo(db)),
        Layer.succeed(TicketAllocator, makeTicketAllocator(db)),
        Layer.succeed(OrderRepo, makeOrderRepo(db)),
        Layer.succeed(CustomerTicketRepo, makeCustomerTicketRepo(db)),
      ),
      customer: () => newCustomer(db),
      competition: (seed = {}) =>
        competitionOnSale(db, {
          ...(seed.name === undefined ? {} : { name: seed.name }),
          ...(seed.ticketPrice === undefined ? {} : { ticketPrice: seed.ticketPrice }),
          ...(seed.totalTickets === undefined ? {} : { totalTickets: seed.totalTickets }),
          ...(seed.maxTicketsPerCustomer === undefined
            ? {}
            : { maxTicketsPerCustomer: seed.maxTicketsPerCustomer }),
          startDateTimeUtc: seed.opensAt ?? new Date(NOW.getTime() - DAY),
          closeDateTimeUtc: seed.closesAt ?? new Date(NOW.getTime() + 10 * DAY),
          drawDateTimeUtc:
            seed.drawAt === undefined ? new Date(NOW.getTime() + 11 * DAY) : seed.drawAt,
        }),
      promotion: async (promotion) => {
        await newPromotion(db, promotion)
      },
      draw: async (competitionId, at) => {
        await db
          .updateTable("competitions")
          .set({ drawnAt: at })
          .where("id", "=", competitionId)
          .execute()
        await db
          .insertInto("draws")
          .values({
            competitionId,
            drawType: "Automatic",
            drawDate: at,
            drawnAt: at,
            outcome: "NoEntries",
            entriesHash: "",
            entryCount: 0,
            beaconSource: "none",
            beaconValue: "",
          })
          .execute()
      },
      postalEntry: async (customerId, competitionId) => {
        const entry = await Effect.runPromise(
          makePostalEntryRepo(db).record({
            competitionId,
            customerId,
            firstName: "Bea",
            lastName: "Bowler",
            emailAddress: `bea-${randomUUID()}@example.com`,
            dateOfBirth: "1980-02-03",
            telephoneNumber: "",
            address: {
              line1: "2 Long Room",
              line2: "",
              city: "Leeds",
              county: "",
              postCode: "LS6 3BU",
            },
            entryReference: null,
            enteredBy: randomUUID(),
            enteredAt: NOW,
          }),
        )
        if (entry === null) throw new Error("no ticket left for the postal entry")
        return entry.ticketNumber
      },
      close,
    }
  }
