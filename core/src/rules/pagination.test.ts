import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { pageButtons, pageCount } from "./pagination.js"

describe("pageCount", () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [1000, 50, 20],
    [5, 0, 5],
  ])("%i items in pages of %i make %i pages", (items, size, pages) => {
    expect(pageCount(items, size)).toBe(pages)
  })

  it("holds every item and wastes no page", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        (items, size) => {
          const pages = pageCount(items, size)
          expect(pages * size).toBeGreaterThanOrEqual(items)
          expect((pages - 1) * size).toBeLessThan(items)
        },
      ),
    )
  })
})

describe("pageButtons", () => {
  it("centres the window on the current page", () => {
    expect(pageButtons(10, 20, 5)).toEqual({
      pages: [8, 9, 10, 11, 12],
      showFirst: true,
      showLast: true,
    })
  })

  it("pins the window to the ends", () => {
    expect(pageButtons(1, 20, 5)).toEqual({
      pages: [1, 2, 3, 4, 5],
      showFirst: false,
      showLast: true,
    })
    expect(pageButtons(20, 20, 5)).toEqual({
      pages: [16, 17, 18, 19, 20],
      showFirst: true,
      showLast: false,
    })
  })

  it("shows the first and last jumps only more than two pages away", () => {
    expect(pageButtons(3, 20, 5).showFirst).toBe(false)
    expect(pageButtons(4, 20, 5).showFirst).toBe(true)
    expect(pageButtons(18, 20, 5).showLast).toBe(false)
    expect(pageButtons(17, 20, 5).showLast).toBe(true)
  })

  it("shows every page when there are fewer than the buttons", () => {
    expect(pageButtons(2, 3, 9)).toEqual({ pages: [1, 2, 3], showFirst: false, showLast: false })
  })

  it("is a consecutive window around the current page, inside the book", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(5, 9, 15, 21),
        (a, b, buttons) => {
          const total = Math.max(a, b)
          const current = Math.min(a, b)
          const { pages } = pageButtons(current, total, buttons)
          expect(pages).toContain(current)
          expect(pages.length).toBe(Math.min(buttons, total))
          pages.forEach((page, i) => {
            expect(page).toBe((pages[0] ?? Number.NaN) + i)
            expect(page).toBeGreaterThanOrEqual(1)
            expect(page).toBeLessThanOrEqual(total)
          })
        },
      ),
    )
  })

  it("keeps the current page as near the middle as the ends allow", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const total = Math.max(a, b)
        const current = Math.min(a, b)
        const { pages } = pageButtons(current, total, 5)
        const before = pages.filter((p) => p < current).length
        const after = pages.filter((p) => p > current).length
        if (current - 1 >= 2 && total - current >= 2) expect([before, after]).toEqual([2, 2])
      }),
    )
  })
})
