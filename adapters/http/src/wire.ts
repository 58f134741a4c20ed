import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { Competition, CompetitionWinner, InstantWinTicket } from "@howzat/core/competitions"
import { competitionPhase, competitionStatus, listingOf, timePeriodOf } from "@howzat/core/rules"

/** Domain to wire: the only place that knows how the storefront spells things. */
export const competitionToWire = (
  competition: Competition,
  now: Date,
): Omit<
  CompetitionJson,
  | "startDateTimeUtc"
  | "closeDateTimeUtc"
  | "drawDateTimeUtc"
  | "currentDateTimeUtc"
  | "drawResult"
  | "drawBroughtForward"
> & {
  readonly drawBroughtForward: { readonly from: Date; readonly at: Date } | null
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly currentDateTimeUtc: Date
  readonly drawResult: {
    readonly outcome: "Winner" | "NoEntries"
    readonly winningTicketNumber: number | null
    readonly drawnAt: Date
  } | null
} => {
  const phase = competitionPhase(
    {
      start: competition.startDateTimeUtc,
      close: competition.closeDateTimeUtc,
      draw: competition.drawDateTimeUtc,
    },
    now,
  )
  return {
    id: competition.id,
    name: competition.name,
    description: competition.description,
    ticketPrice: competition.ticketPrice,
    totalTickets: competition.totalTickets,
    ticketsSoldToDate: competition.ticketsSoldToDate,
    maxTicketsPerCustomer: competition.maxTicketsPerCustomer,
    defaultTicketSaleQuantity: competition.defaultTicketSaleQuantity,
    cashAlternativeValue: competition.cashAlternativeValue,
    startDateTimeUtc: competition.startDateTimeUtc,
    closeDateTimeUtc: competition.closeDateTimeUtc,
    drawDateTimeUtc: competition.drawDateTimeUtc,
    currentDateTimeUtc: now,
    drawType: competition.drawType,
    visibilityStatus: competition.visibilityStatus,
    status: competitionStatus(phase),
    type: competition.instantWinGroups.length > 0 ? "InstantWin" : "Standard",
    timePeriod: timePeriodOf(listingOf(competition), now),
    categoryIds: [...competition.categoryIds],
    attributes: competition.attributes.map((a) => ({
      attributeType: { id: a.attributeType.id, description: a.attributeType.description },
      value: a.value,
    })),
    imageGroup: competition.imageGroup
      ? {
          ...competition.imageGroup,
          images: competition.imageGroup.images.map((image) => ({ ...image })),
        }
      : null,
    drawCommitment: competition.drawCommitment,
    instantWinCommitment: competition.instantWinCommitment,
    drawResult: competition.drawResult && {
      outcome: competition.drawResult.outcome,
      winningTicketNumber: competition.drawResult.winningTicketNumber,
      drawnAt: competition.drawResult.drawnAt,
    },
    drawOnSellOut: competition.drawOnSellOut,
    drawBroughtForward: competition.drawBroughtForward && {
      from: competition.drawBroughtForward.from,
      at: competition.drawBroughtForward.at,
    },
    pickYourNumbers: competition.pickYourNumbers === true,
    instantWinGroups: competition.instantWinGroups.map((group) => ({
      id: group.id,
      name: group.name,
      ticketCount: group.ticketCount,
      quantityWonToDate: group.quantityWonToDate,
      imageGroup: group.imageGroup
        ? { ...group.imageGroup, images: group.imageGroup.images.map((image) => ({ ...image })) }
        : null,
    })),
  }
}

export const instantWinTicketToWire = (ticket: InstantWinTicket) => ({
  ticketNumber: ticket.ticketNumber,
  customer: ticket.won && ticket.winnerDisplayName ? { fullName: ticket.winnerDisplayName } : null,
  instantWin: {
    won: ticket.won,
    instantWinGroup: { id: ticket.instantWinGroupId, name: ticket.instantWinGroupName },
  },
})

export const winnerToWire = (winner: CompetitionWinner) => ({
  isVisible: winner.isVisible,
  competition: { id: winner.competitionId, name: winner.competitionName },
  customer: { fullName: winner.winnerFullName },
  ticketNumber: winner.ticketNumber,
  drawDate: winner.drawDate,
  images: winner.imageUrl ? [{ url: winner.imageUrl }] : [],
})
