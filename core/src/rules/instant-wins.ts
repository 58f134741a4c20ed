/**
 * How an instant-win winner is named in public ("Sarah W."): enough for
 * the people who know them to recognise them on the competition page, never
 * the whole surname. The first name is kept as typed; the initial is the
 * surname's first character (not half of a surrogate pair), in capitals.
 */
export const winnerDisplayName = (firstName: string, lastName: string): string => {
  const first = firstName.trim().replace(/\s+/g, " ")
  const initial = Array.from(lastName.trim())[0]
  const last = initial === undefined ? "" : `${initial.toLocaleUpperCase("en-GB")}.`
  return [first, last].filter((part) => part !== "").join(" ")
}

export interface InstantWinPrizeText {
  readonly prizeName: string
  readonly ticketNumber: number
  readonly competitionName: string
}

/**
 * The site-credit entry of a prize, as the customer's site-credit page
 * lists it: what was won, with which ticket, in which competition (a
 * customer may hold the same number in several).
 */
export const instantWinCreditDescription = (prize: InstantWinPrizeText): string =>
  `Instant win: ${prize.prizeName}, ticket ${prize.ticketNumber} (${prize.competitionName})`
