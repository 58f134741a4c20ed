import { pence } from "@howzat/core/rules/money"
import { type MemoryCatalogue, memoryCatalogueAdmin } from "@howzat/core/testing"
import { memoryId } from "./harness"
import { liveCompetitionsContract } from "./live-competitions.contract"

liveCompetitionsContract("the live competitions in memory", async () => {
  const catalogue: MemoryCatalogue = {
    competitions: [],
    categories: [],
    attributeTypes: [],
    imageGroupIds: [],
    audit: [],
  }
  return {
    layer: memoryCatalogueAdmin(catalogue),
    seed: {
      competition: async (c) => {
        const id = memoryId("competition")
        catalogue.competitions.push({
          id,
          name: "Signed Ashes Bat",
          description: "",
          ticketPrice: 250,
          totalTickets: 20,
          maxTicketsPerCustomer: 5,
          defaultTicketSaleQuantity: 1,
          cashAlternativeValue: null,
          startDateTimeUtc: c.startDateTimeUtc,
          closeDateTimeUtc: c.closeDateTimeUtc,
          drawDateTimeUtc: null,
          drawType: "Automatic",
          visibilityStatus: c.visible ? "Visible" : "Hidden",
          categoryIds: [],
          attributes: [],
          imageGroupId: null,
          ticketsSold: 0,
          drawn: false,
          highestInstantWinNumber: c.instantWin ? 7 : null,
          ordered: false,
          instantWinGroups: c.instantWin
            ? [{ name: "£5", ticketCount: 2, imageUrls: [], prizeSiteCredit: pence(500) }]
            : [],
        })
        return id
      },
    },
    close: async () => {},
  }
})
