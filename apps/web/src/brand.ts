/**
 * The brand is configuration in code (docs/decisions/0003): one typed object
 * that the layout, the pages and the build's index.html all read. A second
 * brand is a second copy of this file, not a database table.
 */
import { CLARITY_ORIGINS } from "./tracking/clarity"
import { META_PIXEL_ORIGINS } from "./tracking/meta-pixel"

/** The storefront's own pages that a nav link may point at. */
export type NavPath = "/" | "/Competitions" | "/Home/Winners" | "/FAQ"

export interface NavLink {
  readonly label: string
  readonly to: NavPath
  readonly active: boolean
}

export type SocialNetwork =
  | "Facebook"
  | "Instagram"
  | "YouTube"
  | "WhatsApp"
  | "X"
  | "Threads"
  | "TikTok"

export interface Social {
  readonly network: SocialNetwork
  readonly url: string
  readonly active: boolean
}

export interface CarouselItem {
  /** A storefront path: a competition list or a competition page. */
  readonly link: string
  readonly desktopImageUrl: string
  readonly mobileImageUrl: string
  /** Says what the banner says, for people who cannot see it. */
  readonly alt: string
}

export interface Charity {
  readonly name: string
  readonly url: string
}

/** A session-replay tool (decision 0040): Microsoft Clarity, by its project id. */
export interface SessionReplayConfig {
  readonly provider: "clarity"
  readonly projectId: string
}

/** A marketing-events service (decision 0040): the Meta pixel, by its pixel id. */
export interface MarketingConfig {
  readonly provider: "meta-pixel"
  readonly pixelId: string
}

export interface Brand {
  readonly shortName: string
  readonly fullName: string
  readonly tagline: string
  readonly logoUrl: string
  readonly carouselItems: readonly CarouselItem[]
  readonly defaultWinnerImageUrl: string
  readonly defaultCompetitionImageUrl: string
  /** The scrolling ticker under the top bar. */
  readonly banner: { readonly active: boolean; readonly text: string }
  readonly navLinks: readonly NavLink[]
  readonly socials: readonly Social[]
  readonly showRecentWinners: boolean
  readonly customerCareEmail: string
  /** Where free postal entries go (every competition has a free route, docs/product/overview.md). */
  readonly freePostalEntryAddress: string
  readonly charities: readonly Charity[]
  readonly siteCredit: { readonly active: boolean; readonly name: string }
  readonly reviewWidget: { readonly active: boolean; readonly url: string }
  /** Live draws are streamed here: the network named in the rules and FAQs. */
  readonly liveDrawNetwork: SocialNetwork
  /**
   * The live-draw stream shown on /Live: an https embed address (a YouTube
   * live embed, say), or null for the offline message. The server reads it
   * too, to let that one origin be framed (Content-Security-Policy frame-src).
   */
  readonly liveStream: { readonly embedUrl: string | null }
  /**
   * Optional tracking (docs/product/overview.md), each null for none. A configured one runs
   * only after the visitor's consent (apps/web/src/tracking/gate.ts), and
   * the server lets its origins through the Content-Security-Policy.
   */
  readonly tracking: {
    readonly sessionReplay: SessionReplayConfig | null
    readonly marketing: MarketingConfig | null
  }
}

export const brand: Brand = {
  shortName: "Howzat",
  fullName: "Howzat Prize Competitions",
  tagline: "Cricket kit, cash, cars and tech to win — live draws every Thursday",
  logoUrl: "/brand/logo.svg",
  carouselItems: [
    {
      link: "/Competitions",
      desktopImageUrl: "/brand/banner-competitions-desktop.svg",
      mobileImageUrl: "/brand/banner-competitions-mobile.svg",
      alt: "Win cricket kit, cash, cars and tech from 49p a ticket. See all competitions.",
    },
    {
      link: "/Competitions/UpcomingDraw",
      desktopImageUrl: "/brand/banner-ending-soon-desktop.svg",
      mobileImageUrl: "/brand/banner-ending-soon-mobile.svg",
      alt: "Last overs! These competitions end soon. See the competitions ending soon.",
    },
    {
      link: "/Home/Winners",
      desktopImageUrl: "/brand/banner-winners-desktop.svg",
      mobileImageUrl: "/brand/banner-winners-mobile.svg",
      alt: "Live draws every Thursday at 8:30pm. Meet our winners.",
    },
  ],
  defaultWinnerImageUrl: "/brand/default-winner.svg",
  defaultCompetitionImageUrl: "/brand/default-competition.svg",
  banner: { active: true, text: "Live draws every Thursday at 8:30pm!" },
  navLinks: [
    { label: "Home", to: "/", active: true },
    { label: "Competitions", to: "/Competitions", active: true },
    { label: "Winners", to: "/Home/Winners", active: true },
    { label: "FAQs", to: "/FAQ", active: true },
  ],
  socials: [
    { network: "Facebook", url: "https://www.facebook.com/howzatcompetitions", active: true },
    { network: "Instagram", url: "https://www.instagram.com/howzatcompetitions", active: true },
    { network: "YouTube", url: "https://www.youtube.com/@howzatcompetitions", active: true },
    { network: "WhatsApp", url: "https://whatsapp.com/channel/howzatcompetitions", active: true },
    { network: "X", url: "https://x.com/howzatcomps", active: true },
    { network: "Threads", url: "https://www.threads.net/@howzatcompetitions", active: true },
    { network: "TikTok", url: "https://www.tiktok.com/@howzatcompetitions", active: false },
  ],
  showRecentWinners: true,
  customerCareEmail: "help@howzat.example",
  freePostalEntryAddress: "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ",
  charities: [],
  siteCredit: { active: true, name: "Howzat Credit" },
  reviewWidget: { active: false, url: "" },
  liveDrawNetwork: "YouTube",
  liveStream: { embedUrl: null },
  tracking: { sessionReplay: null, marketing: null },
}

export const activeNavLinks = (b: Brand = brand): NavLink[] => b.navLinks.filter((l) => l.active)
export const activeSocials = (b: Brand = brand): Social[] => b.socials.filter((s) => s.active)

export const socialUrl = (network: SocialNetwork, b: Brand = brand): string | undefined =>
  b.socials.find((s) => s.network === network && s.active)?.url

/**
 * The origin the live stream is framed from, or null when there is no
 * stream or its address is not https (a page served over https cannot
 * frame anything else, and the policy admits only this origin).
 */
export const liveStreamOrigin = (b: Pick<Brand, "liveStream"> = brand): string | null => {
  const url = b.liveStream.embedUrl
  if (url === null) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" ? parsed.origin : null
  } catch {
    return null
  }
}

/** Origins a configured tracking provider's script loads from, calls and sends pixels to. */
export interface TrackingOrigins {
  readonly script: readonly string[]
  readonly connect: readonly string[]
  readonly img: readonly string[]
}

/**
 * What the Content-Security-Policy must admit for the configured tracking
 * providers: nothing when none is configured. (Consent decides whether the
 * script is loaded at all; the policy only decides whether it could be.)
 */
export const trackingOrigins = (b: Pick<Brand, "tracking"> = brand): TrackingOrigins => {
  const providers = [
    b.tracking.sessionReplay ? CLARITY_ORIGINS : null,
    b.tracking.marketing ? META_PIXEL_ORIGINS : null,
  ].filter((p) => p !== null)
  return {
    script: providers.flatMap((p) => p.script),
    connect: providers.flatMap((p) => p.connect),
    img: providers.flatMap((p) => p.img),
  }
}

/** "Howzat | Home" (docs/product/overview.md). */
export const pageTitle = (routeTitle: string, b: Brand = brand): string =>
  `${b.shortName} | ${routeTitle}`

/** The default meta tags, all built from the full name (docs/product/overview.md). */
export const metaTags = (b: Brand = brand): { name: string; content: string }[] => [
  {
    name: "description",
    content: `${b.fullName}: UK prize competitions for cricket kit, cash, cars and tech. Live draws every Thursday at 8:30pm, free postal entry on every competition, 18+ only.`,
  },
  {
    name: "keywords",
    content: `${b.fullName}, ${b.shortName}, prize competitions, cricket competitions, win cricket kit, online raffle UK, live draws, instant wins`,
  },
  { name: "author", content: b.fullName },
]
