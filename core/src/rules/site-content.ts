/**
 * The site content staff edit in the back office (docs/product/api.md's Resources): what
 * each key holds and what a valid value is. HTML is sanitised by the
 * RichTextSanitiser port before it is stored; styles are checked here.
 */
export type ResourceKind = "Html" | "Styles"

export interface EditableResource {
  readonly key: string
  readonly kind: ResourceKind
  /** What the storefront does with it, for the editor. */
  readonly description: string
}

/**
 * The footer's static pages (docs/product/screens.md) are Resources too, one key each; the
 * storefront's pages read them by key. The club-perks list is not here: it
 * follows the clubs table (decision 0033).
 */
export const STATIC_PAGE_PREFIX = "content-page-"

const STATIC_PAGES: readonly { readonly page: string; readonly description: string }[] = [
  {
    page: "terms-of-use",
    description: "Terms of use: the rules for using the website (/TermsOfUse).",
  },
  {
    page: "terms-and-conditions",
    description:
      "Terms and conditions: the competition rules, the free entry route and how winners are chosen (/TsAndCs).",
  },
  {
    page: "privacy-policy",
    description: "Privacy policy: what personal data the shop keeps and why (/PrivacyPolicy).",
  },
  {
    page: "cookie-policy",
    description: "Cookie policy: the cookies the site sets (/CookiePolicy).",
  },
  {
    page: "responsible-play",
    description:
      "Responsible play: keeping it fun, what the shop does, and where to get help (/ResponsiblePlay).",
  },
  {
    page: "charity-support",
    description: "Charity support: the causes the shop supports (/CharitySupport).",
  },
]

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
  ...STATIC_PAGES.map(
    ({ page, description }): EditableResource => ({
      key: `${STATIC_PAGE_PREFIX}${page}`,
      kind: "Html",
      description,
    }),
  ),
]

export const editableResource = (key: string): EditableResource | undefined =>
  EDITABLE_RESOURCES.find((r) => r.key === key)

export const MAX_RESOURCE_CHARACTERS = 50_000

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
  }
}
