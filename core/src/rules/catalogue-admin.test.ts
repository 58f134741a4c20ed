import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { categoryNameClash, categoryNameTakenMessage, sameCategoryName } from "./catalogue-admin.js"

const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 &-]{0,15}$/)
const pad = fc.constantFrom("", " ", "\t", "  ")

describe("category names", () => {
  it("read alike whatever their case and the spaces around them", () => {
    expect(sameCategoryName("Golf", "  gOLF ")).toBe(true)
    expect(sameCategoryName("Golf", "Golf balls")).toBe(false)
    expect(sameCategoryName("Cricket Kit", "Cricket  Kit")).toBe(false)
    fc.assert(
      fc.property(name, pad, pad, fc.boolean(), (n, before, after, shout) => {
        const twin = `${before}${shout ? n.toUpperCase() : n.toLowerCase()}${after}`
        expect(sameCategoryName(n, twin)).toBe(true)
        expect(sameCategoryName(twin, n)).toBe(true)
      }),
    )
  })

  it("clash with the existing name they read as, and with nothing else", () => {
    expect(categoryNameClash(" golf", ["Cash", "Golf"])).toBe("Golf")
    expect(categoryNameClash("Golf balls", ["Cash", "Golf"])).toBeUndefined()
    fc.assert(
      fc.property(fc.array(name, { maxLength: 6 }), name, (existing, candidate) => {
        const clash = categoryNameClash(candidate, existing)
        if (clash === undefined)
          expect(existing.some((e) => sameCategoryName(e, candidate))).toBe(false)
        else {
          expect(existing).toContain(clash)
          expect(sameCategoryName(clash, candidate)).toBe(true)
        }
      }),
    )
  })

  it("are refused in words that name the other category", () => {
    expect(categoryNameTakenMessage(" Golf ")).toBe(
      "There is already a category called “Golf”. Choose another name, or edit that category instead.",
    )
  })
})
