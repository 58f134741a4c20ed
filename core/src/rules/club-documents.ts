import type { ListedClub } from "./clubs.js"
import { CLUB_CREDIT_PERCENT, CLUB_VOUCHER_PERCENT } from "./promotions.js"

/**
 * What a club's welcome letter and poster say (docs/product/screens.md's club-perks PDFs),
 * as plain text blocks: core decides the words, an adapter behind the
 * ClubDocuments port lays them out on a page. A test reads the words here
 * without opening a PDF.
 */

/** The shop as a printed document names it. */
export interface ShopIdentity {
  readonly shortName: string
  readonly fullName: string
  /** The storefront's address, e.g. https://howzat.example. */
  readonly website: string
  readonly customerCareEmail: string
  readonly freePostalEntryAddress: string
}

export type DocumentBlock =
  /** The largest line: the document's title. */
  | { readonly kind: "Title"; readonly text: string }
  | { readonly kind: "Heading"; readonly text: string }
  | { readonly kind: "Paragraph"; readonly text: string }
  /** A voucher code, set large so it reads from across a clubhouse. */
  | { readonly kind: "Code"; readonly text: string }
  /** Small print: age limit, free entry, who publishes it. */
  | { readonly kind: "SmallPrint"; readonly text: string }

export type ClubDocumentKind = "WelcomeLetter" | "Poster"

export interface ClubDocument {
  readonly kind: ClubDocumentKind
  /** The PDF's title (its metadata) and the page's top line. */
  readonly title: string
  /** What a browser saves it as: letters, digits and hyphens only, ending .pdf. */
  readonly fileName: string
  readonly blocks: readonly DocumentBlock[]
}

/** "Kent CCC" -> "kent-ccc": safe in a Content-Disposition header and on any disk. */
export const fileSlug = (text: string): string =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "club"

const siteName = (website: string): string =>
  website.replace(/^https?:\/\//, "").replace(/\/+$/, "")

const clubPerksPage = (shop: ShopIdentity): string =>
  `${shop.website.replace(/\/+$/, "")}/Home/ClubPerks`

const smallPrint = (shop: ShopIdentity): DocumentBlock[] => [
  {
    kind: "SmallPrint",
    text: "18+ only. Please play responsibly: free, confidential help is at www.gamcare.org.uk and www.begambleaware.org.",
  },
  {
    kind: "SmallPrint",
    text: `Free entry route: every competition can be entered free by post, with the same chance of winning. Send your full name, address, date of birth, phone number, email address and the competition's name on an unenclosed postcard to ${shop.freePostalEntryAddress}. Full terms at ${siteName(shop.website)}/TsAndCs.`,
  },
]

/** The letter to the club: what the perk is, its code and how members use it. */
export const welcomeLetter = (club: ListedClub, shop: ShopIdentity): ClubDocument => ({
  kind: "WelcomeLetter",
  title: `Welcome to ${shop.shortName} club perks, ${club.name}`,
  fileName: `${fileSlug(club.name)}-welcome-letter.pdf`,
  blocks: [
    { kind: "Title", text: `Welcome to ${shop.shortName} club perks` },
    { kind: "Paragraph", text: `Dear friends at ${club.name},` },
    {
      kind: "Paragraph",
      text: `Thank you for joining ${shop.fullName}'s club perks. Your club has its own voucher code. Your members get ${CLUB_VOUCHER_PERCENT}% off their tickets with it, and ${CLUB_CREDIT_PERCENT}% of what they spend on tickets with the code is credited to ${club.name}.`,
    },
    { kind: "Heading", text: "Your club's code" },
    { kind: "Code", text: club.voucherCode },
    { kind: "Heading", text: "How members use it" },
    {
      kind: "Paragraph",
      text: `1. Choose tickets for any competition at ${siteName(shop.website)}.`,
    },
    {
      kind: "Paragraph",
      text: `2. At checkout, enter ${club.voucherCode} in the voucher code box and apply it: ${CLUB_VOUCHER_PERCENT}% comes off the basket.`,
    },
    {
      kind: "Paragraph",
      text: `3. Once the order is paid, ${CLUB_CREDIT_PERCENT}% of what it spent on tickets is credited to ${club.name}. Credit from an order that is later refunded is taken back.`,
    },
    { kind: "Heading", text: "Spreading the word" },
    {
      kind: "Paragraph",
      text: `Put up the poster that comes with this letter in the clubhouse, and share the code in your newsletters and team chats. The code and both documents are always at ${clubPerksPage(shop)}.`,
    },
    {
      kind: "Paragraph",
      text: `Questions about your club's credit or payouts? Email us at ${shop.customerCareEmail}.`,
    },
    { kind: "Paragraph", text: `With best wishes, the ${shop.shortName} team` },
    ...smallPrint(shop),
  ],
})

/** The clubhouse poster: the code big, the brand, the shop's address, 18+ and free entry. */
export const poster = (club: ListedClub, shop: ShopIdentity): ClubDocument => ({
  kind: "Poster",
  title: `${club.name} members: ${CLUB_VOUCHER_PERCENT}% off at ${shop.shortName}`,
  fileName: `${fileSlug(club.name)}-poster.pdf`,
  blocks: [
    { kind: "Title", text: shop.fullName },
    { kind: "Heading", text: `${club.name} members save ${CLUB_VOUCHER_PERCENT}%` },
    {
      kind: "Paragraph",
      text: `Win cricket kit, cash, cars and tech, and back your club: ${CLUB_CREDIT_PERCENT}% of what you spend with this code goes to ${club.name}.`,
    },
    { kind: "Paragraph", text: "Use the code at checkout:" },
    { kind: "Code", text: club.voucherCode },
    { kind: "Heading", text: siteName(shop.website) },
    ...smallPrint(shop),
  ],
})

export const clubDocument = (
  kind: ClubDocumentKind,
  club: ListedClub,
  shop: ShopIdentity,
): ClubDocument => (kind === "WelcomeLetter" ? welcomeLetter(club, shop) : poster(club, shop))
