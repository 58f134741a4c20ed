import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { ordinalDateTime } from "../rules/dates.js"
import { linkBlock, paragraph, renderEmail } from "../rules/email-layout.js"
import { PAUSE_LENGTH_LABELS, type PauseLength } from "../rules/standing.js"

const letter = (
  brand: BrandShape,
  kind: MailMessage["kind"],
  to: string,
  subject: string,
  firstName: string,
  paragraphs: readonly string[],
  link: string,
): MailMessage =>
  renderEmail(brand, {
    kind,
    to,
    subject,
    blocks: [
      paragraph(`Hello ${firstName},`),
      ...paragraphs.map(paragraph),
      linkBlock(link, "Support and advice"),
    ],
    signed: true,
  })

/** Confirms a break: when it ends, that it cannot end early, and what still works. */
export const pauseConfirmation = (
  brand: BrandShape,
  to: string,
  firstName: string,
  length: PauseLength,
  until: Date,
  supportLink: string,
): MailMessage =>
  letter(
    brand,
    "AccountPaused",
    to,
    `Your ${brand.name} account is on a break until ${ordinalDateTime(until)}`,
    firstName,
    [
      `You asked for a break of ${PAUSE_LENGTH_LABELS[length]}. Until ${ordinalDateTime(until)} you can't buy tickets or enter competitions, and we won't send you marketing emails.`,
      "The break can't be ended early, by you or by us. You can make it longer from your account.",
      "You can still sign in to see your orders, tickets and wins. Tickets you already bought stay in their draws.",
    ],
    supportLink,
  )

/** Confirms a closure: what happens to sign-in, tickets and site credit. */
export const closureConfirmation = (
  brand: BrandShape,
  to: string,
  firstName: string,
  supportLink: string,
): MailMessage =>
  letter(
    brand,
    "AccountClosed",
    to,
    `Your ${brand.name} account is closed`,
    firstName,
    [
      "You closed your account. You can't buy tickets or enter competitions, and we won't send you marketing emails.",
      "You can still sign in to see your orders, tickets and wins. Tickets you already bought stay in their draws, and we will contact you if you win.",
      "If you have site credit left, contact us and we will refund it.",
      "Your account can't be reopened by you. If you want it back, contact us: we can only reopen it after at least 6 months from today.",
    ],
    supportLink,
  )
