import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { competitionSecrets } from "@howzat/core/draws"
import type { NewCompetition } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { createCompetition, NodeSecureRandomLive } from "@howzat/postgres"
import { Effect } from "effect"
import type { Shop } from "./shop"

const DAY = 24 * 60 * 60 * 1000

let competitions = 0

/**
 * A competition open now (the shop runs on the real clock), with its own
 * name, written through the competition writer. Takes anything with the
 * shop's database (an in-process Shop, or the handle the cluster suite and
 * its bench hold on the real PostgreSQL), and imports nothing of vitest, so
 * a bench outside the test runner can use it too.
 */
export const competitionOnSale = (
  shop: Pick<Shop, "db">,
  overrides: Partial<NewCompetition> = {},
) => {
  const now = Date.now()
  return createCompetition(shop.db, {
    name: `Prize ${++competitions}`,
    description: "<p>A prize</p>",
    ticketPrice: pence(250),
    totalTickets: 100,
    maxTicketsPerCustomer: 10,
    defaultTicketSaleQuantity: 1,
    cashAlternativeValue: null,
    startDateTimeUtc: new Date(now - DAY),
    closeDateTimeUtc: new Date(now + 10 * DAY),
    drawDateTimeUtc: new Date(now + 11 * DAY),
    drawType: "Automatic",
    visibilityStatus: "Visible",
    categoryIds: [],
    attributes: {},
    imageUrls: [],
    instantWinGroups: [],
    secrets: Effect.runSync(competitionSecrets.pipe(Effect.provide(NodeSecureRandomLive))),
    ...overrides,
  })
}

/** The whole competition as PUT /api/Competitions/{id} takes it, from what GET answered. */
export const competitionRequestOf = (
  c: CompetitionJson,
  overrides: Record<string, unknown> = {},
) => ({
  name: c.name,
  description: c.description,
  ticketPrice: c.ticketPrice,
  totalTickets: c.totalTickets,
  maxTicketsPerCustomer: c.maxTicketsPerCustomer,
  defaultTicketSaleQuantity: c.defaultTicketSaleQuantity,
  cashAlternativeValue: c.cashAlternativeValue,
  startDateTimeUtc: c.startDateTimeUtc,
  closeDateTimeUtc: c.closeDateTimeUtc,
  drawDateTimeUtc: c.drawDateTimeUtc,
  drawType: c.drawType,
  drawOnSellOut: c.drawOnSellOut,
  visibilityStatus: c.visibilityStatus,
  categoryIds: c.categoryIds,
  attributes: c.attributes.map((a) => ({ attributeTypeId: a.attributeType.id, value: a.value })),
  imageGroupId: c.imageGroup?.id ?? null,
  ...overrides,
})
