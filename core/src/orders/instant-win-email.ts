import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import type { WonInstantWin } from "../ports/instant-wins.js"
import {
  bulletList,
  congratulations,
  linkBlock,
  paragraph,
  renderEmail,
} from "../rules/email-layout.js"
import type { Order } from "./model.js"

/**
 * What happens next with each prize: site credit paid to an account is
 * already there to spend; anything else (or credit for a postal entrant
 * with no account to pay it into) staff arrange.
 */
const nextStep = (prize: WonInstantWin, hasAccount: boolean) =>
  prize.siteCredit !== null && hasAccount
    ? "added to your site credit, ready to spend"
    : "we will be in touch to arrange it"

interface PrizeNews {
  readonly to: string
  readonly firstName: string
  /** "Your order HZ-1 has won an instant prize!" */
  readonly intro: string
  readonly prizes: readonly WonInstantWin[]
  readonly hasAccount: boolean
  readonly link: { readonly href: string; readonly label: string }
}

/** One "You've won" message for everything one order or entry won. */
const prizeEmail = (brand: BrandShape, news: PrizeNews): MailMessage =>
  renderEmail(brand, {
    kind: "InstantWin",
    to: news.to,
    subject: "You've won an instant prize",
    blocks: [
      paragraph(`Hello ${news.firstName},`),
      congratulations(news.intro),
      bulletList(
        news.prizes.map(
          (prize) =>
            `${prize.prizeName}: ticket ${prize.ticketNumber} in ${prize.competitionName} (${nextStep(prize, news.hasAccount)})`,
        ),
      ),
      linkBlock(news.link.href, news.link.label),
    ],
    signed: true,
  })

/**
 * To a customer whose paid order won instant prizes: each prize with its
 * ticket and competition, what happens next, and a link to the order.
 * One message per order, however many prizes it won.
 */
export const instantWinEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  order: Order,
  prizes: readonly WonInstantWin[],
  orderLink: string,
): MailMessage =>
  prizeEmail(brand, {
    to,
    firstName,
    intro:
      prizes.length === 1
        ? `Your order ${order.orderRef} has won an instant prize!`
        : `Your order ${order.orderRef} has won ${prizes.length} instant prizes!`,
    prizes,
    hasAccount: true,
    link: { href: orderLink, label: "See your order" },
  })

/** To a postal entrant whose free ticket is an instant-win number. */
export const postalInstantWinEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  entry: { readonly ticketNumber: number; readonly hasAccount: boolean },
  prizes: readonly WonInstantWin[],
  competitionLink: string,
): MailMessage =>
  prizeEmail(brand, {
    to,
    firstName,
    intro: `Your free postal entry, ticket ${entry.ticketNumber}, has won an instant prize!`,
    prizes,
    hasAccount: entry.hasAccount,
    link: { href: competitionLink, label: "See the competition" },
  })
