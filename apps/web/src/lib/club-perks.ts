import { endpointUrl } from "@howzat/api-client"

/**
 * The club-perks list as the storefront reads it: docs/product/api.md's
 * content-list-clubs, a JSON list of clubs with their voucher codes, each
 * with the id its welcome letter and poster are fetched by (decision 0036).
 */
export interface PerkClub {
  readonly id: string
  readonly name: string
  readonly voucherCode: string
}

const isPerkClub = (value: unknown): value is PerkClub => {
  if (typeof value !== "object" || value === null) return false
  const { id, name, voucherCode } = value as Record<string, unknown>
  return (
    typeof id === "string" &&
    id !== "" &&
    typeof name === "string" &&
    name.trim() !== "" &&
    typeof voucherCode === "string" &&
    voucherCode !== ""
  )
}

/** The clubs in the resource's value; anything malformed is left out rather than break the page. */
export const parseClubs = (value: string | null): PerkClub[] => {
  if (value === null) return []
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.filter(isPerkClub) : []
  } catch {
    return []
  }
}

export type ClubDocumentName = "welcomeLetter" | "poster"

/** Where the club's PDF is drawn (GET /api/Clubs/{clubId}/welcome-letter or /poster), for a link. */
export const clubDocumentUrl = (clubId: string, document: ClubDocumentName): string =>
  endpointUrl("clubPerks", document, { path: { clubId } })
