import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { orderActions, orderListParams, validateOrderSearch } from "./order-filters"

const day = fc
  .date({
    min: new Date("2000-01-01T00:00:00Z"),
    max: new Date("2099-12-30T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10))

describe("the orders list's search params", () => {
  it("keeps the filters it understands and drops the rest", () => {
    expect(
      validateOrderSearch({
        page: "2",
        customerId: "6F9619FF-8B86-D011-B42D-00C04FC964FF",
        status: "Refunded",
        from: "2026-11-01",
        to: "2026-11-31",
      }),
    ).toEqual({
      page: 2,
      customerId: "6f9619ff-8b86-d011-b42d-00c04fc964ff",
      status: "Refunded",
      from: "2026-11-01",
    })
    expect(
      validateOrderSearch({ status: "Deleted", customerId: "bob", from: "1/11/2026" }),
    ).toEqual({})
  })

  it("keeps the search box's text tidied, as the server reads it, and sends it as Search", () => {
    expect(validateOrderSearch({ q: "  Jane   Smith " })).toEqual({ q: "Jane Smith" })
    expect(validateOrderSearch({ q: "   " })).toEqual({})
    expect(validateOrderSearch({ q: 1234 })).toEqual({ q: "1234" })
    expect(validateOrderSearch({ q: { a: 1 } })).toEqual({})
    expect(validateOrderSearch({ q: "x".repeat(150) }).q).toHaveLength(100)
    expect(orderListParams({ q: "3F9A", status: "Completed" })).toEqual({
      PageNumber: 1,
      PageSize: 20,
      Search: "3F9A",
      OrderStatus: "Completed",
    })
  })

  it("turns a range given backwards round, so it still finds the orders", () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const params = orderListParams({ from: a, to: b })
        const from = params["OrderCreatedDateRange.FromDate"] ?? ""
        const to = params["OrderCreatedDateRange.ToDate"] ?? ""
        expect(Date.parse(from)).toBeLessThan(Date.parse(to))
      }),
    )
  })

  it("sends only the filters that are set, and the page", () => {
    expect(orderListParams({})).toEqual({ PageNumber: 1, PageSize: 20 })
    expect(orderListParams({ page: 3, status: "Completed" })).toEqual({
      PageNumber: 3,
      PageSize: 20,
      OrderStatus: "Completed",
    })
  })

  it("offers cancel for an unpaid order and refund for a paid one only", () => {
    expect(orderActions({ status: "AwaitingPayment" })).toEqual({ cancel: true, refund: false })
    expect(orderActions({ status: "Completed" })).toEqual({ cancel: false, refund: true })
    for (const status of ["Cancelled", "SystemCancelled", "Refunded"] as const)
      expect(orderActions({ status })).toEqual({ cancel: false, refund: false })
  })
})
