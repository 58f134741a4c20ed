/** WinnerProcessedStatus of docs/product/api.md: which winners a list shows. */
export type WinnerProcessedStatus = "All" | "Processed" | "NotProcessed"

/** Which winners a staff list shows by whether their name is public (decision 0035). */
export type WinnerVisibility = "All" | "Visible" | "Hidden"

/**
 * One winner that staff look after: a main winner is its competition's
 * winning ticket; an instant win is the won instant-win ticket's row.
 */
export type WinnerRef =
  | { readonly kind: "Main"; readonly competitionId: string; readonly ticketNumber: number }
  | { readonly kind: "InstantWin"; readonly instantWinId: string }

export type WinnerKind = WinnerRef["kind"]

/** Handed over: when, and by whom (null when the shop did it itself, as for site credit). */
export interface Processed {
  readonly at: Date
  readonly byUserId: string | null
}

export interface WinningCustomer {
  /** Null when the ticket has no customer record (a demo sale) or the customer is gone. */
  readonly customerId: string | null
  readonly fullName: string | null
}

/** How a main prize was awarded (decision 0045). */
export type PrizeAwardedAs = "Prize" | "CashAlternative"

export interface MainPrizeWinner {
  readonly competitionId: string
  readonly competitionName: string
  /** The competition's stated cash alternative in pence; null when it offered none. */
  readonly cashAlternativeValue: number | null
  /** As described, or the stated cash alternative; null until staff record it. */
  readonly prizeAwardedAs: PrizeAwardedAs | null
  readonly ticketNumber: number
  readonly winner: WinningCustomer
  readonly drawnAt: Date
  /**
   * When staff marked the prize unclaimed and asked for a redraw; null if
   * never (docs/decisions/0082-unclaimed-prize-redraws.md).
   */
  readonly redrawRequestedAt: Date | null
  readonly processed: Processed | null
  readonly noteCount: number
  /**
   * Whether the public pages name this winner. Hidden, the win itself stays
   * public (the drawn ticket, the instant win marked won): decision 0035.
   */
  readonly isVisible: boolean
}

export interface InstantWinPrizeWinner {
  readonly instantWinId: string
  readonly competitionId: string
  readonly competitionName: string
  readonly instantWinGroupId: string
  readonly prizeName: string
  readonly ticketNumber: number
  readonly winner: WinningCustomer
  readonly wonAt: Date
  /** The paid order whose ticket won; null for a postal entry's. */
  readonly orderId: string | null
  /** The free postal entry whose ticket won; null for a paid order's. */
  readonly postalEntryId: string | null
  readonly processed: Processed | null
  readonly noteCount: number
  /**
   * Whether the public pages name this winner. Hidden, the win itself stays
   * public (the drawn ticket, the instant win marked won): decision 0035.
   */
  readonly isVisible: boolean
}

export interface WinnerNote {
  readonly noteId: string
  readonly text: string
  /** Null once the staff member who wrote it has been removed. */
  readonly author: { readonly userId: string; readonly name: string } | null
  readonly createdAt: Date
  readonly updatedAt: Date
}
