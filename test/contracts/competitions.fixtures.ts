/**
 * What the catalogue contracts share: a competition as the writer takes it,
 * and the clock they browse at. Kept apart from any backend.
 */
import { randomBytes } from "node:crypto"
import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import { pence } from "@howzat/core/rules/money"

export const NOW = new Date("2026-06-15T12:00:00.000Z")
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

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
  secrets: {
    drawSeed: new Uint8Array(randomBytes(32)),
    instantWinSalt: randomBytes(32).toString("hex"),
  },
  ...overrides,
})

/** A word no other test uses, so a test finds its own records in a shared database. */
export const uniqueWord = (): string => `w${randomBytes(5).toString("hex")}`
