/**
 * What an instant-win group must be before it is stored: pure rules, shared
 * by the server and (later) the back office's form. Messages are keyed by
 * the wire's field names, as the validation problem lists them (docs/product/errors.md).
 */
import { MAX_NAME_LENGTH, messages } from "./validation.js"

export const MAX_IMAGE_URL_LENGTH = 2000
export const MAX_IMAGES_PER_INSTANT_WIN_GROUP = 20

export const instantWinGroupMessages = {
  nameRequired: "A name is required",
  nameTooLong: messages.nameTooLong,
  ticketCountTooSmall: "An instant-win group needs at least one winning ticket",
  imageUrlInvalid:
    "Each image must be a web address (https://...) or a path on this site (/images/...)",
  tooManyImages: `Please use ${MAX_IMAGES_PER_INSTANT_WIN_GROUP} images or fewer`,
  prizeNotPositive: "A site-credit prize must be more than £0.00",
} as const

/** The numbers left for a group's prizes: every ticket not already another group's. */
export const ticketCountTooLarge = (free: number): string =>
  free === 0
    ? "Every ticket number of this competition is already an instant win"
    : `Only ${free} ticket ${free === 1 ? "number is" : "numbers are"} left for instant wins in this competition`

export interface InstantWinGroupDraft {
  readonly name: string
  readonly ticketCount: number
  readonly imageUrls: readonly string[]
  /** In pence; null for a prize staff hand over. */
  readonly prizeSiteCreditPence: number | null
}

export type InstantWinGroupErrors = Partial<Record<keyof InstantWinGroupDraft, string>>

/**
 * A path on this shop ("/images/bat.webp", never "//elsewhere") or an
 * http(s) address: anything else (javascript:, data:) has no place in an
 * image the storefront shows.
 */
export const isImageUrl = (url: string): boolean => {
  if (url.length === 0 || url.length > MAX_IMAGE_URL_LENGTH || /\s/.test(url)) return false
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\")
  try {
    const parsed = new URL(url)
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.host !== ""
  } catch {
    return false
  }
}

/**
 * The first problem with each field, or an empty object. `freeNumbers` is
 * how many ticket numbers no other group holds; the count may use them all.
 */
export const validateInstantWinGroup = (
  draft: InstantWinGroupDraft,
  freeNumbers: number,
): InstantWinGroupErrors => {
  const errors: InstantWinGroupErrors = {}
  const name = draft.name.trim()
  if (name === "") errors.name = instantWinGroupMessages.nameRequired
  else if (name.length > MAX_NAME_LENGTH) errors.name = instantWinGroupMessages.nameTooLong
  if (!Number.isSafeInteger(draft.ticketCount) || draft.ticketCount < 1)
    errors.ticketCount = instantWinGroupMessages.ticketCountTooSmall
  else if (draft.ticketCount > freeNumbers) errors.ticketCount = ticketCountTooLarge(freeNumbers)
  if (draft.imageUrls.length > MAX_IMAGES_PER_INSTANT_WIN_GROUP)
    errors.imageUrls = instantWinGroupMessages.tooManyImages
  else if (!draft.imageUrls.every(isImageUrl))
    errors.imageUrls = instantWinGroupMessages.imageUrlInvalid
  if (
    draft.prizeSiteCreditPence !== null &&
    (!Number.isSafeInteger(draft.prizeSiteCreditPence) || draft.prizeSiteCreditPence < 1)
  )
    errors.prizeSiteCreditPence = instantWinGroupMessages.prizeNotPositive
  return errors
}
