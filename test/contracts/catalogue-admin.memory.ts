import type { LockedCompetition } from "@howzat/core/ports"
import type { MemoryCatalogue } from "@howzat/core/testing"
import { newCompetition } from "./competitions.fixtures"
import { memoryId } from "./harness"

/** The staff's in-memory catalogue with nothing in it yet. */
export const emptyMemoryCatalogue = (): MemoryCatalogue => ({
  competitions: [],
  categories: [],
  attributeTypes: [],
  imageGroupIds: [],
  audit: [],
})

/**
 * A hidden competition in the staff's in-memory catalogue, its attribute
 * types found by description or made, as the database's writer does.
 */
export const stagedCompetition = (
  catalogue: MemoryCatalogue,
  attributes: Readonly<Record<string, string>>,
): LockedCompetition => {
  // The contracts' one competition, hidden, in the shape the staff's store keeps.
  const {
    attributes: _,
    imageUrls: __,
    secrets: ___,
    ...competition
  } = newCompetition({
    visibilityStatus: "Hidden",
  })
  return {
    ...competition,
    id: memoryId("competition"),
    attributes: Object.entries(attributes).map(([description, value]) => {
      let type = catalogue.attributeTypes.find((t) => t.description === description)
      if (type === undefined) {
        type = { id: memoryId("attribute-type"), description }
        catalogue.attributeTypes.push(type)
      }
      return { attributeTypeId: type.id, value }
    }),
    imageGroupId: null,
    drawOnSellOut: false,
    ticketsSold: 0,
    openOrders: 0,
    drawBroughtForward: null,
    drawn: false,
    highestInstantWinNumber: null,
    ordered: false,
    instantWinGroups: [],
  }
}
