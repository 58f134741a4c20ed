import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  matchesTicketStatus,
  mayFilterBySale,
  TICKET_STATUSES,
  type TicketStatus,
} from "./ticket-status.js"

const status = fc.constantFrom<TicketStatus | undefined>(...TICKET_STATUSES, undefined)

describe("matchesTicketStatus", () => {
  it("lists every ticket for All (or no filter), and Sold and Unsold part them", () => {
    fc.assert(
      fc.property(fc.boolean(), (sold) => {
        expect(matchesTicketStatus("All", sold)).toBe(true)
        expect(matchesTicketStatus(undefined, sold)).toBe(true)
        expect(matchesTicketStatus("Sold", sold)).not.toBe(matchesTicketStatus("Unsold", sold))
        expect(matchesTicketStatus("Sold", sold)).toBe(sold)
      }),
    )
  })
})

describe("mayFilterBySale", () => {
  it("lets staff filter by sale, and anyone else only ask for every ticket", () => {
    fc.assert(
      fc.property(status, fc.boolean(), (s, isStaff) => {
        expect(mayFilterBySale(s, isStaff)).toBe(isStaff || s === undefined || s === "All")
      }),
    )
    expect(mayFilterBySale("Unsold", false)).toBe(false)
    expect(mayFilterBySale("Sold", true)).toBe(true)
  })
})
