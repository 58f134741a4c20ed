/** An empty list still has one (empty) page, so "page 1 of 1" never reads "of 0". */
export const pageCount = (totalItems: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, totalItems) / Math.max(1, pageSize)))

export interface PageButtons {
  readonly pages: number[]
  /** A jump to page 1, offered once the window has drifted away from it. */
  readonly showFirst: boolean
  readonly showLast: boolean
}

/**
 * Which page numbers a window of `buttonCount` buttons shows around the
 * current page, kept inside 1..totalPages. How many buttons fit a screen is
 * the app's to say (the storefront's apps/web/src/lib/page-buttons.ts).
 */
export const pageButtons = (
  currentPage: number,
  totalPages: number,
  buttonCount: number,
): PageButtons => {
  const total = Math.max(1, Math.floor(totalPages))
  const current = Math.min(total, Math.max(1, Math.floor(currentPage)))
  const count = Math.min(total, Math.max(1, Math.floor(buttonCount)))
  const centredStart = current - Math.floor((count - 1) / 2)
  const start = Math.min(total - count + 1, Math.max(1, centredStart))
  return {
    pages: Array.from({ length: count }, (_, i) => start + i),
    showFirst: current - 1 > 2,
    showLast: total - current > 2,
  }
}
