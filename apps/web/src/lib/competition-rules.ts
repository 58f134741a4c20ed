import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { formatMoney, ordinalDateTime, pence } from "@howzat/core/rules"
import { brand } from "../brand"
import { formatCount } from "./competition"

/** How the winner is drawn, in the tense the competition's own clock calls for. */
const drawRuleOf = (c: CompetitionJson): string => {
  if (c.drawType === "None")
    return "This competition has no main draw: its prizes are the instant wins listed above."
  const live = c.drawType === "Live"
  if (c.drawDateTimeUtc === null)
    return live
      ? "The winner will be drawn live; the date will be announced on this page."
      : "The winner will be drawn automatically after the competition closes, by the procedure on our Legitimacy page, and shown on this page."
  const draw = ordinalDateTime(new Date(c.drawDateTimeUtc))
  // Once its time has come the draw is made, or about to be: never promised in the future tense.
  if (Date.parse(c.drawDateTimeUtc) <= Date.parse(c.currentDateTimeUtc))
    return `The winner is drawn ${live ? `live on our ${brand.liveDrawNetwork} channel` : "automatically, by the procedure on our Legitimacy page"}, from ${draw}; the result and its proof are shown on this page once the draw is made.`
  return live
    ? `The winner will be drawn live on our ${brand.liveDrawNetwork} channel on ${draw}.`
    : `The winner will be drawn automatically on ${draw}, by the procedure on our Legitimacy page, and shown on this page.`
}

/** The rules a customer should read before entering, from the competition's own numbers. */
export const competitionRules = (c: CompetitionJson): string[] => {
  const close = ordinalDateTime(new Date(c.closeDateTimeUtc))
  return [
    "Open to UK residents aged 18 or over. Staff and their households may not enter.",
    `${formatCount(c.totalTickets)} tickets are available at ${formatMoney(pence(c.ticketPrice))} each. Ticket numbers are allocated at random when your order completes.`,
    `You may enter up to ${formatCount(c.maxTicketsPerCustomer)} times in this competition, paid and free entries combined.`,
    `Entries close on ${close}, or earlier if every ticket is sold.`,
    drawRuleOf(c),
    ...(c.drawType === "None"
      ? []
      : [
          "Every draw can be checked: the draw's commitment is published on this page before entries close, and its proof and the full list of entries after the draw.",
        ]),
    ...(c.instantWinGroups.length > 0
      ? [
          "Instant-win ticket numbers are chosen at random and fixed before the competition opens, and listed above. If a number you are allocated is an instant-win number, you win that prize the moment your order is paid (or your free postal entry is recorded): site credit goes straight into your account, and we contact you to arrange any other prize.",
        ]
      : []),
    ...(c.cashAlternativeValue !== null
      ? [
          `The winner may take a cash alternative of ${formatMoney(pence(c.cashAlternativeValue))} instead of the prize.`,
        ]
      : []),
    `Free postal entry: send your full name, address, date of birth, phone number, email address and the name of this competition on an unenclosed postcard, by first or second class post, to ${brand.freePostalEntryAddress}. One entry per postcard; it must arrive before entries close. Each postal entry is given one ticket number at random from the same pool as paid tickets and goes into the same draw, so a free entry has exactly the same chance of winning as a paid one.`,
    `Winners are contacted by phone and email and named on our Winners page. Questions? Email ${brand.customerCareEmail}.`,
  ]
}
