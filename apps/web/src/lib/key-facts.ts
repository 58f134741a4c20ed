import type { CompetitionJson } from "@howzat/contracts/catalogue"
import {
  competitionKindTexts,
  formatMoney,
  oddsSaid,
  ordinalDateTime,
  pence,
} from "@howzat/core/rules"
import type { SocialNetwork } from "../brand"
import { formatCount, makeOf } from "./competition"
import { POSTAL_ENTRY_FAQ } from "./faq-anchors"

/** Where a key fact sends the customer to read more: the storefront's own pages. */
export type KeyFactLink = {
  readonly to: "/Legitimacy" | "/FAQ"
  readonly text: string
  /** One answer on the page (the FAQ opens it). */
  readonly hash?: string
}

export interface KeyFact {
  readonly label: string
  readonly value: string
  /** A sentence rather than a figure: given the whole row. */
  readonly wide: boolean
  readonly link?: KeyFactLink
}

/**
 * One ticket's chances as the kind of competition allows (core's oddsSaid):
 * a competition where every ticket wins says so rather than quoting odds,
 * and one with no main draw quotes no draw odds.
 */
export const oddsPerTicket = (c: CompetitionJson): string => {
  const said = oddsSaid(makeOf(c), 1)
  const draw = said.mainDraw && `1 in ${formatCount(said.mainDraw.oneIn)}`
  const instant = said.instantWinOneIn && `1 in ${formatCount(said.instantWinOneIn)}`
  if (said.everyTicketWins)
    return draw
      ? `${competitionKindTexts.everyTicketWins}, and has a ${draw} chance in the main draw`
      : competitionKindTexts.everyTicketWins
  if (draw && instant) return `${draw} in the main draw; ${instant} of an instant win`
  if (draw) return draw
  if (instant) return `${instant} of an instant win (there is no main draw)`
  return competitionKindTexts.noMainDraw
}

/**
 * What the DCMS code (transparency, decision 0045) asks every
 * competition page to say before anyone buys: the odds, the most entries
 * one person may have, the total tickets, how the winner is chosen, the
 * free entry route and the cash alternative, from the competition's own
 * numbers so they cannot disagree with its rules.
 */
export const keyFacts = (c: CompetitionJson, liveDrawNetwork: SocialNetwork): KeyFact[] => {
  const draw = c.drawDateTimeUtc === null ? null : ordinalDateTime(new Date(c.drawDateTimeUtc))
  // A draw brought forward because it sold out says from when (docs/decisions/0081).
  const movedFrom =
    c.drawBroughtForward === null
      ? ""
      : ` (brought forward from ${ordinalDateTime(new Date(c.drawBroughtForward.from))}: it sold out)`
  const when = c.drawOnSellOut
    ? ` as soon as every ticket is sold and paid${draw ? `, or on ${draw} if it has not sold out by then` : ""}`
    : draw
      ? ` on ${draw}`
      : ""
  const howChosen =
    c.drawType === "None"
      ? "There is no main draw: the prizes are the instant wins, fixed at random before the competition opened."
      : c.drawType === "Live"
        ? `One ticket is drawn at random, live on our ${liveDrawNetwork} channel${draw ? ` on ${draw}` : ""}${movedFrom}, by our published procedure that anyone can check.`
        : `One ticket is drawn at random automatically${when || " after the close"}${movedFrom}, by our published procedure that anyone can check.`
  return [
    {
      label: "Odds per ticket",
      value: oddsPerTicket(c),
      wide: false,
    },
    { label: "Total tickets", value: formatCount(c.totalTickets), wide: false },
    {
      label: "Maximum entries per person",
      value: `${formatCount(c.maxTicketsPerCustomer)} (paid and free entries together)`,
      wide: false,
    },
    {
      label: "Cash alternative",
      value:
        c.cashAlternativeValue === null
          ? "None: the prize is awarded as described"
          : `${formatMoney(pence(c.cashAlternativeValue))} instead of the prize, if the winner prefers`,
      wide: false,
    },
    {
      label: "How the winner is chosen",
      value: howChosen,
      wide: true,
      link: { to: "/Legitimacy", text: "How our draws work" },
    },
    {
      label: "Free entry",
      value:
        "You can enter free by post: one postcard is one entry, with the same chance of winning as a paid ticket.",
      wide: true,
      link: { to: "/FAQ", hash: POSTAL_ENTRY_FAQ, text: "How to enter by post" },
    },
  ]
}
