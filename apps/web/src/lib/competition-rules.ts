import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { ordinalDateTime } from "@howzat/core/rules/dates"
import { formatMoney, pence } from "@howzat/core/rules/money"
import { brand } from "../brand"
import { formatCount } from "./competition"

/** The rules a customer should read before entering, from the competition's own numbers. */
export const competitionRules = (c: CompetitionJson): string[] => {
  const close = ordinalDateTime(new Date(c.closeDateTimeUtc))
  const draw = c.drawDateTimeUtc === null ? null : ordinalDateTime(new Date(c.drawDateTimeUtc))
  const drawRule =
    c.drawType === "None"
      ? "This competition has no main draw: its prizes are the instant wins listed above."
      : c.drawType === "Live"
        ? draw
          ? `The winner will be drawn live on our ${brand.liveDrawNetwork} channel on ${draw}.`
          : "The winner will be drawn live; the date will be announced on this page."
        : draw
          ? `The winner will be drawn by us on ${draw}.`
          : "The winner will be drawn by us after the competition closes; the date will be announced on this page."
  return [
    "Open to UK residents aged 18 or over. Staff and their households may not enter.",
    `${formatCount(c.totalTickets)} tickets are available at ${formatMoney(pence(c.ticketPrice))} each. Ticket numbers are allocated at random when your order completes.`,
    `You may enter up to ${formatCount(c.maxTicketsPerCustomer)} times in this competition, paid and free entries combined.`,
    `Entries close on ${close}, or earlier if every ticket is sold.`,
    drawRule,
    ...(c.instantWinGroups.length > 0
      ? [
          `Instant-win ticket numbers are chosen before the competition opens and listed above. If one of your allocated numbers is an instant-win number, that prize is yours: email ${brand.customerCareEmail} with your order reference to claim it.`,
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
