import type { CompetitionJson } from "@howzat/contracts/catalogue"

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
