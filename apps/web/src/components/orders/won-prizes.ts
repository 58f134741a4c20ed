import type { OrderTicketJson } from "@howzat/contracts/orders"

/** A prize one of the customer's tickets has won. */
export interface WonPrize {
  readonly competitionId: string
  readonly competitionName: string
  readonly ticketNumber: number
  readonly prizeName: string
}

/** The tickets that have won their instant prize, by competition then number. */
export const wonPrizes = (tickets: readonly OrderTicketJson[]): readonly WonPrize[] =>
  tickets
    .flatMap((ticket) =>
      ticket.instantWin?.won
        ? [
            {
              competitionId: ticket.competitionId,
              competitionName: ticket.competitionName,
              ticketNumber: ticket.ticketNumber,
              prizeName: ticket.instantWin.instantWinGroup.name,
            },
          ]
        : [],
    )
    .sort(
      (a, b) =>
        a.competitionName.localeCompare(b.competitionName) || a.ticketNumber - b.ticketNumber,
    )

/** The heading over them: one prize, or how many. */
export const wonHeading = (count: number): string =>
  count === 1 ? "You've won an instant prize!" : `You've won ${count} instant prizes!`
