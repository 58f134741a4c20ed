/**
 * The site content staff edit in the back office (SPEC §7's Resources): what
 * each key holds and what a valid value is. HTML is sanitised by the
 * RichTextSanitiser port before it is stored; the rest is checked here.
 */
export type ResourceKind = "Html" | "Styles" | "Clubs"

export interface EditableResource {
  readonly key: string
  readonly kind: ResourceKind
  /** What the storefront does with it, for the editor. */
  readonly description: string
}

export const EDITABLE_RESOURCES: readonly EditableResource[] = [
  {
    key: "content-banner-hero-sub",
    kind: "Html",
    description: "The line under the Home page's headline.",
  },
  {
    key: "content-article-how-it-works",
    kind: "Html",
    description: "The Home page's How it works section.",
  },
  {
    key: "content-banner-charity-support",
    kind: "Html",
    description: "The charity banner, shown when the shop supports a charity.",
  },
  {
    key: "config-site-styles",
    kind: "Styles",
    description: "CSS loaded after the design tokens: brand colours and small overrides.",
  },
  {
    key: "content-list-clubs",
    kind: "Clubs",
    description: "The clubs customers can support, each with its voucher code.",
  },
]

export const editableResource = (key: string): EditableResource | undefined =>
  EDITABLE_RESOURCES.find((r) => r.key === key)

export const MAX_RESOURCE_CHARACTERS = 50_000
const MAX_CLUBS = 200
const VOUCHER_CODE = /^[A-Z0-9]{3,32}$/

export type ResourceValueCheck =
  | { readonly _tag: "Valid"; readonly value: string }
  | { readonly _tag: "Invalid"; readonly message: string }

const invalid = (message: string): ResourceValueCheck => ({ _tag: "Invalid", message })

/**
 * Styles go into a <style> element: a "<" could close it and start markup,
 * and @import would load CSS from anywhere; both are refused.
 */
const checkStyles = (css: string): ResourceValueCheck => {
  if (css.includes("<")) return invalid("Styles may not contain '<'.")
  if (/@import/i.test(css)) return invalid("Styles may not use @import.")
  return { _tag: "Valid", value: css }
}

/** A JSON list of { name, voucherCode }, stored normalised (trimmed, codes upper case). */
const checkClubs = (text: string): ResourceValueCheck => {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return invalid("Clubs must be a JSON list of { name, voucherCode }.")
  }
  if (!Array.isArray(parsed)) return invalid("Clubs must be a JSON list of { name, voucherCode }.")
  if (parsed.length > MAX_CLUBS) return invalid(`At most ${MAX_CLUBS} clubs.`)
  const clubs: { name: string; voucherCode: string }[] = []
  for (const [index, item] of parsed.entries()) {
    const name = typeof item?.name === "string" ? item.name.trim() : ""
    const code = typeof item?.voucherCode === "string" ? item.voucherCode.trim().toUpperCase() : ""
    if (name === "" || name.length > 100)
      return invalid(`Club ${index + 1} needs a name of up to 100 characters.`)
    if (!VOUCHER_CODE.test(code))
      return invalid(`Club ${index + 1} needs a voucher code of 3 to 32 letters and digits.`)
    if (clubs.some((c) => c.voucherCode === code))
      return invalid(`The voucher code ${code} is given to two clubs.`)
    clubs.push({ name, voucherCode: code })
  }
  return { _tag: "Valid", value: JSON.stringify(clubs) }
}

/** Checks a new value for `resource`; HTML is left for the sanitiser. */
export const checkResourceValue = (
  resource: EditableResource,
  value: string,
): ResourceValueCheck => {
  if (value.length > MAX_RESOURCE_CHARACTERS)
    return invalid(`At most ${MAX_RESOURCE_CHARACTERS.toLocaleString("en-GB")} characters.`)
  switch (resource.kind) {
    case "Html":
      return { _tag: "Valid", value }
    case "Styles":
      return checkStyles(value)
    case "Clubs":
      return checkClubs(value)
  }
}
