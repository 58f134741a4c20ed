import { STATIC_PAGE_PREFIX } from "@howzat/core/rules"

/**
 * The footer's static pages (docs/product/screens.md): each route shows one staff-edited
 * Resource (decision 0033), under the route title docs/product/overview.md's page title uses.
 */
export interface StaticPageDefinition {
  /** The Resource holding the page's HTML. */
  readonly resourceKey: string
  /** "Howzat | <title>", and the page's heading. */
  readonly title: string
  /** The small line above the heading. */
  readonly eyebrow: string
}

const page = (name: string, title: string, eyebrow: string): StaticPageDefinition => ({
  resourceKey: `${STATIC_PAGE_PREFIX}${name}`,
  title,
  eyebrow,
})

export const STATIC_PAGES = {
  privacyPolicy: page("privacy-policy", "Privacy Policy", "Your data"),
  termsOfUse: page("terms-of-use", "Terms of Use", "The small print"),
  termsAndConditions: page("terms-and-conditions", "Terms and Conditions", "Competition rules"),
  cookiePolicy: page("cookie-policy", "Cookie Policy", "Your data"),
  responsiblePlay: page("responsible-play", "Responsible Play", "Keep it fun"),
  charitySupport: page("charity-support", "Charity Support", "Giving back"),
} as const satisfies Record<string, StaticPageDefinition>

/** Blank or whitespace-only content is as good as none: the page says so rather than show nothing. */
export const hasContent = (html: string | null): html is string =>
  html !== null && html.replace(/<[^>]*>/g, "").trim() !== ""
