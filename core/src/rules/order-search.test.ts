import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { matchesOrderSearch, orderSearchTerm } from "./order-search.js"

const order = {
  orderRef: "3F9A0C11B2",
  customerName: "Jane Smith",
  customerEmail: "jane.smith@example.com",
}

/** Text staff might type: letters, digits, an @, dots and spaces, in any case. */
const typed = fc.string({
  unit: fc.constantFrom(..."abcdefABCDEF0123456789@. -_%".split("")),
  maxLength: 20,
})

const changeCase = (text: string, upper: readonly boolean[]) =>
  [...text]
    .map((c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c.toLowerCase()))
    .join("")

describe("the order search term", () => {
  it("is trimmed with inner white space made one; nothing left is no search", () => {
    expect(orderSearchTerm("  Jane   Smith \t")).toBe("Jane Smith")
    expect(orderSearchTerm("   ")).toBeUndefined()
    expect(orderSearchTerm("")).toBeUndefined()
    expect(orderSearchTerm(undefined)).toBeUndefined()
  })

  it("is tidy: tidying it again changes nothing, and it never starts or ends with a space", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const term = orderSearchTerm(text)
        if (term === undefined) return
        expect(orderSearchTerm(term)).toBe(term)
        expect(term).toBe(term.trim())
        expect(term).not.toMatch(/\s\s/)
      }),
    )
  })
})

describe("an order search", () => {
  it("finds an order by the start of its reference, in any case, but not by its middle", () => {
    expect(matchesOrderSearch(order, "3F9A0C11B2")).toBe(true)
    expect(matchesOrderSearch(order, "3f9a")).toBe(true)
    expect(matchesOrderSearch(order, "9A0C")).toBe(false)
    expect(matchesOrderSearch(order, "3F9A0C11B2X")).toBe(false)
  })

  it("finds an order by any part of its customer's name or email address, in any case", () => {
    expect(matchesOrderSearch(order, "smith")).toBe(true)
    expect(matchesOrderSearch(order, "JANE S")).toBe(true)
    expect(matchesOrderSearch(order, "@EXAMPLE.com")).toBe(true)
    expect(matchesOrderSearch(order, "Smyth")).toBe(false)
  })

  it("takes % and _ as themselves, not as wildcards", () => {
    expect(matchesOrderSearch(order, "j%h")).toBe(false)
    expect(matchesOrderSearch(order, "jane_smith")).toBe(false)
    expect(matchesOrderSearch({ ...order, customerEmail: "jane_smith@example.com" }, "e_s")).toBe(
      true,
    )
  })

  it("always finds an order by any prefix of its reference, and by any part of name or email", () => {
    fc.assert(
      fc.property(
        fc.record({ orderRef: typed, customerName: typed, customerEmail: typed }),
        fc.nat(),
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 1 }),
        (searchable, a, b, upper) => {
          const ref = searchable.orderRef
          const prefix = ref.slice(0, a % (ref.length + 1))
          expect(matchesOrderSearch(searchable, changeCase(prefix, upper))).toBe(true)
          for (const field of [searchable.customerName, searchable.customerEmail]) {
            const [from, to] = [a % (field.length + 1), b % (field.length + 1)].sort(
              (x, y) => x - y,
            )
            expect(matchesOrderSearch(searchable, changeCase(field.slice(from, to), upper))).toBe(
              true,
            )
          }
        },
      ),
    )
  })

  it("answers the same whatever the case of the term or of what it searches", () => {
    fc.assert(
      fc.property(
        fc.record({ orderRef: typed, customerName: typed, customerEmail: typed }),
        typed,
        (searchable, term) => {
          const found = matchesOrderSearch(searchable, term)
          expect(matchesOrderSearch(searchable, term.toUpperCase())).toBe(found)
          expect(matchesOrderSearch(searchable, term.toLowerCase())).toBe(found)
          const shouted = {
            orderRef: searchable.orderRef.toUpperCase(),
            customerName: searchable.customerName.toUpperCase(),
            customerEmail: searchable.customerEmail.toUpperCase(),
          }
          expect(matchesOrderSearch(shouted, term)).toBe(found)
        },
      ),
    )
  })
})
