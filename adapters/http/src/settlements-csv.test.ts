import { noFigures, pence, type SettlementReport } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { poundsCell, settlementsCsv } from "./settlements-csv"

const range = {
  from: "2026-06-01",
  to: "2026-06-30",
  start: new Date("2026-05-31T23:00:00Z"),
  end: new Date("2026-06-30T23:00:00Z"),
}

describe("the settlements CSV", () => {
  it("writes pence as pounds with two decimals", () => {
    expect(poundsCell(pence(0))).toBe("0.00")
    expect(poundsCell(pence(5))).toBe("0.05")
    expect(poundsCell(pence(123_456))).toBe("1234.56")
    expect(poundsCell(pence(-49))).toBe("-0.49")
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (n) => {
        expect(Math.round(Number(poundsCell(pence(n))) * 100)).toBe(n)
      }),
    )
  })

  it("keeps a would-be formula in a text cell as text, and a refund's minus sign a number", () => {
    const report: SettlementReport = {
      range,
      rows: [
        {
          day: "2026-06-10",
          provider: '=HYPERLINK("x"),1',
          ...noFigures,
          refunded: pence(-250),
        },
      ],
      totals: noFigures,
      disagreements: [],
    }
    expect(settlementsCsv(report).split("\r\n")[1]).toBe(
      `2026-06-10,"'=HYPERLINK(""x""),1",0.00,-2.50,0.00,0.00,0,0.00,0,0.00`,
    )
  })

  it("has a header row, a row per day and provider, then the disagreements section", () => {
    const report: SettlementReport = {
      range,
      rows: [
        {
          day: "2026-06-10",
          provider: "sandbox",
          ...noFigures,
          taken: pence(1_500),
          completedOrders: 1,
          completedTotal: pence(1_000),
        },
      ],
      totals: noFigures,
      disagreements: [
        {
          order: {
            id: "o-1",
            orderRef: "AB12",
            status: "Cancelled",
            cardBalance: pence(500),
            placedAt: new Date("2026-06-10T09:00:00Z"),
          },
          kinds: ["ClosedWithKeptPayment"],
        },
      ],
    }
    expect(settlementsCsv(report).split("\r\n")).toEqual([
      "Day,Provider,Taken (GBP),Refunded (GBP),Pending payments (GBP),Refunds due (GBP),Completed orders,Completed orders (GBP),Refunded orders,Refunded orders (GBP)",
      "2026-06-10,sandbox,15.00,0.00,0.00,0.00,1,10.00,0,0.00",
      "",
      "Orders whose payments and status disagree",
      "Order ref,Order id,Status,Card balance (GBP),Placed at (UTC),Problems",
      "AB12,o-1,Cancelled,5.00,2026-06-10T09:00:00.000Z,ClosedWithKeptPayment",
      "",
    ])
  })
})
