import { randomBytes } from "node:crypto"
import type { CompetitionSecrets } from "@howzat/core/draws"
import type { NewCompetition } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"

/**
 * The one competition the suites, the contracts and the order fixtures start
 * from, and the fixed clock it is scheduled against: on sale from a day
 * before NOW, closing ten days after. Each test overrides only what it is about.
 */

export const NOW = new Date("2026-06-15T12:00:00.000Z")
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

/** Fresh secrets as the SecureRandom port would give them. */
export const testSecrets = (): CompetitionSecrets => ({
  drawSeed: new Uint8Array(randomBytes(32)),
  instantWinSalt: randomBytes(32).toString("hex"),
})

export const newCompetition = (overrides: Partial<NewCompetition> = {}): NewCompetition => ({
  name: "Test competition",
  description: "<p>A prize</p>",
  ticketPrice: pence(99),
  totalTickets: 100,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: at(-DAY),
  closeDateTimeUtc: at(10 * DAY),
  drawDateTimeUtc: at(11 * DAY),
  drawType: "Automatic",
  visibilityStatus: "Visible",
  categoryIds: [],
  attributes: {},
  imageUrls: [],
  instantWinGroups: [],
  secrets: testSecrets(),
  ...overrides,
})
