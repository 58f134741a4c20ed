import type { CompetitionJson } from "@howzat/contracts/catalogue"

/**
 * A live Cricket Bat as `GET /api/Competitions/{id}` answers it, for the
 * storefront's tests: each test overrides only what it is about, so a new
 * field of the contract is added here once, not in every test.
 */
export const competitionJson = (overrides: Partial<CompetitionJson> = {}): CompetitionJson => ({
  id: "c1",
  name: "Cricket Bat",
  description: "",
  ticketPrice: 99,
  totalTickets: 2500,
  ticketsSoldToDate: 0,
  maxTicketsPerCustomer: 100,
  defaultTicketSaleQuantity: 10,
  cashAlternativeValue: 35000,
  startDateTimeUtc: "2025-03-01T00:00:00.000Z",
  closeDateTimeUtc: "2025-03-13T19:00:00.000Z",
  drawDateTimeUtc: "2025-03-13T20:30:00.000Z",
  currentDateTimeUtc: "2025-03-05T00:00:00.000Z",
  drawType: "Live",
  visibilityStatus: "Visible",
  status: 1,
  type: "Standard",
  // Open, tickets left and closing within three weeks of currentDateTimeUtc.
  timePeriod: "EndingSoon",
  categoryIds: [],
  attributes: [],
  imageGroup: null,
  instantWinGroups: [],
  drawCommitment: "0".repeat(64),
  instantWinCommitment: null,
  drawResult: null,
  drawOnSellOut: false,
  drawBroughtForward: null,
  ...overrides,
})
