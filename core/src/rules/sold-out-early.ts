/**
 * When a competition sells out before its close (docs/decisions/0081): staff
 * may bring its draw forward with notice, and an automatic competition set
 * to "draw as soon as it sells out" closes itself the moment the last ticket
 * is paid. Pure rules; the use cases are in core/src/competitions.
 *
 * Fair play: nobody may move a draw to a moment that favours anyone. A draw
 * time already published moves only earlier, only once nothing is left to
 * sell or to be released, and (when staff move it) only to a time announced
 * at least DRAW_NOTICE_MS ahead on the competition page. It never moves later
 * here: the editor keeps a live competition's dates fixed (competition-admin.ts).
 */
import type { DrawType } from "../competitions/model.js"
import { ordinalDateTime } from "./dates.js"

/** How long entrants are told before a brought-forward draw: a day, so nobody is surprised. */
export const DRAW_NOTICE_MS = 24 * 60 * 60 * 1000

/** What the rules read of a stored competition. */
export interface DrawForwardFacts {
  readonly drawType: DrawType
  readonly drawOnSellOut: boolean
  readonly drawn: boolean
  readonly totalTickets: number
  /** Held by any order or postal entry, paid or not. */
  readonly ticketsSold: number
  /** Orders awaiting payment that hold tickets: if they expire, their tickets go back on sale. */
  readonly openOrders: number
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly drawBroughtForward: { readonly from: Date; readonly at: Date } | null
}

/**
 * Sold out for good: every ticket held, and none by an order that could
 * still expire and put its tickets back on sale.
 */
export const soldOutAndPaid = (
  c: Pick<DrawForwardFacts, "ticketsSold" | "totalTickets" | "openOrders">,
) => c.ticketsSold >= c.totalTickets && c.openOrders === 0

/** The draw time customers were last told: the close when none is set. */
export const publishedDrawTime = (
  c: Pick<DrawForwardFacts, "closeDateTimeUtc" | "drawDateTimeUtc">,
) => c.drawDateTimeUtc ?? c.closeDateTimeUtc

/** Why the draw cannot be brought forward at all, whatever time is asked for (409). */
export type DrawForwardRefusal =
  | { readonly reason: "AlreadyDrawn" }
  | { readonly reason: "NoDraw" }
  | { readonly reason: "DrawsOnSellOut" }
  | { readonly reason: "NotSoldOut"; readonly sold: number; readonly total: number }
  | { readonly reason: "OrdersAwaitingPayment"; readonly count: number }

export const drawForwardRefusal = (c: DrawForwardFacts): DrawForwardRefusal | null => {
  if (c.drawn) return { reason: "AlreadyDrawn" }
  if (c.drawType === "None") return { reason: "NoDraw" }
  // The job draws it the moment the last ticket is paid: there is nothing for staff to move.
  if (c.drawOnSellOut) return { reason: "DrawsOnSellOut" }
  if (c.ticketsSold < c.totalTickets)
    return { reason: "NotSoldOut", sold: c.ticketsSold, total: c.totalTickets }
  if (c.openOrders > 0) return { reason: "OrdersAwaitingPayment", count: c.openOrders }
  return null
}

export const drawForwardRefusalDetail = (refusal: DrawForwardRefusal): string => {
  switch (refusal.reason) {
    case "AlreadyDrawn":
      return "This competition has been drawn: its draw can no longer move."
    case "NoDraw":
      return "This competition has no main draw to bring forward."
    case "DrawsOnSellOut":
      return "This competition is drawn automatically as soon as it sells out."
    case "NotSoldOut":
      return `Only a sold-out competition's draw can be brought forward: ${refusal.sold} of ${refusal.total} tickets are sold.`
    case "OrdersAwaitingPayment":
      return `${refusal.count} ${refusal.count === 1 ? "order still awaits" : "orders still await"} payment and could release tickets: try again once paid or expired.`
  }
}

/** The earliest time staff may bring the draw forward to, asked at `now`. */
export const earliestDrawForward = (now: Date) => new Date(now.getTime() + DRAW_NOTICE_MS)

export const drawForwardMessages = {
  tooSoon: (now: Date) =>
    `The new draw time must be at least 24 hours from now (${ordinalDateTime(earliestDrawForward(now))} or later), so entrants are told first`,
  notEarlier: (published: Date) =>
    `The new draw time must be earlier than the one published (${ordinalDateTime(published)})`,
} as const

/** What is wrong with the time asked for, as the drawDateTimeUtc field's message; null if fine. */
export const drawForwardError = (
  c: DrawForwardFacts,
  requested: Date,
  now: Date,
): string | null => {
  const published = publishedDrawTime(c)
  if (requested.getTime() >= published.getTime()) return drawForwardMessages.notEarlier(published)
  if (requested.getTime() < earliestDrawForward(now).getTime())
    return drawForwardMessages.tooSoon(now)
  return null
}

/** The dates a brought-forward draw leaves, and what the competition page says about it. */
export interface MovedDraw {
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date
  readonly drawBroughtForward: { readonly from: Date; readonly at: Date }
}

/**
 * The close comes forward to the announcement (nothing is left to sell, and
 * the draw's beacon round is the first after the close: docs/fairness.md);
 * `from` stays the first published time however often the draw moves.
 */
export const broughtForward = (c: DrawForwardFacts, requested: Date, now: Date): MovedDraw => ({
  closeDateTimeUtc: c.closeDateTimeUtc < now ? c.closeDateTimeUtc : now,
  drawDateTimeUtc: requested,
  drawBroughtForward: { from: c.drawBroughtForward?.from ?? publishedDrawTime(c), at: now },
})

/**
 * An automatic draw-on-sell-out competition that is sold out and paid, with
 * its draw not yet due: closed and due now, so the automatic-draw job draws
 * it on its next pass. Null when there is nothing to move. Entrants bought
 * knowing it would draw on sell-out, so no notice is owed.
 */
export const sellOutClose = (c: DrawForwardFacts, now: Date): MovedDraw | null => {
  if (c.drawn || c.drawType !== "Automatic" || !c.drawOnSellOut || !soldOutAndPaid(c)) return null
  // Closed on sell-out once already (staff cannot move a draw-on-sell-out): never twice.
  if (c.drawBroughtForward !== null) return null
  if (now.getTime() >= publishedDrawTime(c).getTime()) return null
  return broughtForward(c, now, now)
}

/**
 * What a competition's tile and page say about its draw moving, or null:
 * a draw brought forward names the time first published, so nobody who
 * read it is surprised; a draw-on-sell-out says so until it is drawn.
 */
export const drawMoveNote = (c: {
  readonly drawOnSellOut: boolean
  readonly drawBroughtForward: { readonly from: Date } | null
  readonly drawn: boolean
}): string | null => {
  if (c.drawBroughtForward !== null)
    return `Sold out: draw brought forward from ${ordinalDateTime(c.drawBroughtForward.from)}`
  if (c.drawOnSellOut && !c.drawn) return "Drawn as soon as every ticket is sold and paid"
  return null
}
