import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type MessageSearch, messageSearch, replyLink, statusParam } from "./messages"

describe("the Messages screen's search params", () => {
  it("keeps a page and the all filter, and drops what it does not understand", () => {
    expect(messageSearch({ page: "2", show: "all" })).toEqual({ page: 2, show: "all" })
    expect(messageSearch({ page: "0", show: "ALL", extra: 1 })).toEqual({
      page: undefined,
      show: undefined,
    })
    expect(statusParam({ show: "all" })).toBe("All")
    expect(statusParam({})).toBe("Unhandled")
  })

  it("property: what the screen writes it reads back", () => {
    fc.assert(
      fc.property(
        fc.record({
          page: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
          show: fc.constantFrom<MessageSearch["show"]>("all", undefined),
        }),
        (search) => {
          const written = Object.fromEntries(
            Object.entries(search).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
          )
          expect(messageSearch(written)).toEqual(search)
        },
      ),
    )
  })
})

describe("a reply to a sender", () => {
  it("is a mailto with a subject, and nothing for an address that isn't one", () => {
    expect(replyLink({ email: "ann@example.com" })).toBe(
      "mailto:ann@example.com?subject=Re%3A%20your%20message%20to%20Howzat",
    )
    expect(replyLink({ email: "javascript:alert(1)" })).toBe("")
  })
})
