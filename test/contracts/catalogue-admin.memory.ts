import type { LockedCompetition } from "@howzat/core/ports/competition-admin"
import type { MemoryCatalogue } from "@howzat/core/testing"
import { at, DAY } from "./competitions.fixtures"
import { memoryId } from "./harness"

/**
 * A hidden competition in the staff's in-memory catalogue, its attribute
 * types found by description or made, as the database's writer does.
 */
export const stagedCompetition = (
  catalogue: MemoryCatalogue,
  attributes: Readonly<Record<string, string>>,
): LockedCompetition => ({
  id: memoryId("competition"),
  name: "Test competition",
  description: "<p>A prize</p>",
  ticketPrice: 99,
  totalTickets: 100,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: at(-DAY),
  closeDateTimeUtc: at(10 * DAY),
  drawDateTimeUtc: at(11 * DAY),
  drawType: "Automatic",
  visibilityStatus: "Hidden",
  categoryIds: [],
  attributes: Object.entries(attributes).map(([description, value]) => {
    let type = catalogue.attributeTypes.find((t) => t.description === description)
    if (type === undefined) {
      type = { id: memoryId("attribute-type"), description }
      catalogue.attributeTypes.push(type)
    }
    return { attributeTypeId: type.id, value }
  }),
  imageGroupId: null,
  ticketsSold: 0,
  drawn: false,
  highestInstantWinNumber: null,
  ordered: false,
  instantWinGroups: [],
})
