import type { DrawResult } from "../rules/competition-standing.js"
import type { Pence } from "../rules/money.js"

/**
 * A competition as the business knows it. Dates are instants (UTC); phases,
 * odds and countdowns are derived from them by the rules in ../rules, never
 * stored, so they cannot drift from the dates.
 */
export type DrawType = "Live" | "Automatic" | "None"
export type VisibilityStatus = "Visible" | "Hidden"

export interface Image {
  readonly id: string
  readonly url: string
  readonly description: string
}

export interface ImageGroup {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly images: readonly Image[]
}

export interface AttributeType {
  readonly id: string
  readonly description: string
}

export interface CompetitionAttribute {
  readonly attributeType: AttributeType
  readonly value: string
}

export interface InstantWinGroup {
  readonly id: string
  readonly name: string
  readonly ticketCount: number
  readonly quantityWonToDate: number
  readonly imageGroup: ImageGroup | null
}

export interface Category {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly visibilityStatus: VisibilityStatus
}

export interface Competition {
  readonly id: string
  readonly name: string
  /** Trusted HTML written by staff in the back office. */
  readonly description: string
  readonly ticketPrice: Pence
  readonly totalTickets: number
  readonly ticketsSoldToDate: number
  readonly maxTicketsPerCustomer: number
  readonly defaultTicketSaleQuantity: number
  readonly cashAlternativeValue: Pence | null
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly drawType: DrawType
  readonly visibilityStatus: VisibilityStatus
  readonly categoryIds: readonly string[]
  readonly attributes: readonly CompetitionAttribute[]
  readonly imageGroup: ImageGroup | null
  readonly instantWinGroups: readonly InstantWinGroup[]
  /** hex(SHA-256(draw seed)): published from creation, so the seed cannot change (docs/fairness.md). */
  readonly drawCommitment: string
  /** The salted hash of the instant-win numbers; null when it has none. */
  readonly instantWinCommitment: string | null
  /** The main draw once made; null until then and for a competition with no main draw. */
  readonly drawResult: DrawResult | null
  /** Automatic, drawn as soon as every ticket is sold and paid (docs/decisions/0081). */
  readonly drawOnSellOut: boolean
  /**
   * Set once a sold-out competition's draw was brought forward: the draw time
   * first published and when it moved, so its page can say so; null otherwise.
   */
  readonly drawBroughtForward: { readonly from: Date; readonly at: Date } | null
  /**
   * Customers may pick their numbers (docs/decisions/0080). Absent reads as
   * off, so a competition made before the switch existed has it off.
   */
  readonly pickYourNumbers?: boolean
}

/** One ticket of an instant-win group: a number chosen before the competition opened. */
export interface InstantWinTicket {
  readonly ticketNumber: number
  readonly instantWinGroupId: string
  readonly instantWinGroupName: string
  /** Shown publicly as "WON!"; the winner's name is only ever a display name. */
  readonly won: boolean
  readonly winnerDisplayName: string | null
}

export interface CompetitionWinner {
  readonly competitionId: string
  readonly competitionName: string
  readonly drawDate: Date
  readonly ticketNumber: number
  readonly winnerFullName: string
  readonly imageUrl: string | null
  readonly isVisible: boolean
}

export interface Resource {
  readonly key: string
  readonly value: string
}

/** Which competitions a list shows, by where they are in their life. */
export type TimePeriod = "Current" | "EndingSoon" | "Past" | "All"
export type CompetitionType = "All" | "InstantWin" | "Standard"
/**
 * How a list is ordered (rules/catalogue-order.ts): staff's display order,
 * the soonest close, the latest opening, the cheapest ticket, or the best
 * odds of one ticket.
 */
export type CompetitionSort =
  | "Featured"
  | "EndingSoonest"
  | "Newest"
  | "PriceLowToHigh"
  | "BestOdds"

export interface Page<A> {
  readonly items: readonly A[]
  readonly pageNumber: number
  readonly pageSize: number
  readonly totalCount: number
}

export interface PageRequest {
  readonly pageNumber: number
  readonly pageSize: number
}

export interface CompetitionQuery {
  readonly categoryId?: string | undefined
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly timePeriod: TimePeriod
  /** Unset: the time period's own order (catalogue-order.ts's listOrder). */
  readonly sort?: CompetitionSort | undefined
  readonly type: CompetitionType
  readonly visibleOnly: boolean
  /** Staff's "HiddenOnly": only what visitors cannot see. */
  readonly hiddenOnly?: boolean | undefined
  readonly now: Date
  readonly page: PageRequest
}

/** Which records a list shows: visitors always get VisibleOnly; the others are for staff. */
export type VisibilityFilter = "VisibleOnly" | "All" | "HiddenOnly"
