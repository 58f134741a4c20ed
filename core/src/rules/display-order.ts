/**
 * Staff pin competitions to the top of the storefront by giving them a
 * "competitionOrder" attribute; everything else falls in behind, soonest
 * closing first.
 */
export const COMPETITION_ORDER_ATTRIBUTE = "competitionOrder"

export interface RankedAttribute {
  readonly attributeType: { readonly description: string }
  readonly value: string
}

/** Typed by staff in the back office, so case and stray spaces are forgiven. */
export const displayRank = (attributes: readonly RankedAttribute[]): number | null => {
  const wanted = COMPETITION_ORDER_ATTRIBUTE.toLowerCase()
  const attribute = attributes.find(
    (a) => a.attributeType.description.trim().toLowerCase() === wanted,
  )
  const text = attribute?.value.trim() ?? ""
  if (text === "") return null
  const rank = Number(text)
  return Number.isFinite(rank) ? rank : null
}

export interface DisplayKey {
  readonly rank: number | null
  readonly close: Date
}

/** A comparator for Array.prototype.sort: -1, 0 or 1. */
export const compareForDisplay = (a: DisplayKey, b: DisplayKey): number => {
  if (a.rank !== null && b.rank === null) return -1
  if (a.rank === null && b.rank !== null) return 1
  if (a.rank !== null && b.rank !== null && a.rank !== b.rank) return a.rank < b.rank ? -1 : 1
  return Math.sign(a.close.getTime() - b.close.getTime())
}
