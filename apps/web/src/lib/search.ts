/** A page number from the address bar: anything unreadable is page 1. */
export const pageFromSearch = (value: unknown): number => {
  const n = typeof value === "number" ? value : Number(value)
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}
