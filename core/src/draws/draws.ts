import { bytesToHex } from "@noble/hashes/utils.js"
import { Data, Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { Brand } from "../brand.js"
import { CompetitionNotFound } from "../competitions/errors.js"
import { principalIds, useCaseSpan } from "../metrics/use-case-span.js"
import { DrawRepo, type WinnerQuery } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import { type AwaitingDrawScope, type DrawListQuery, DrawRecords } from "../ports/draw-records.js"
import { Mailer } from "../ports/mailer.js"
import { RandomnessBeacon } from "../ports/randomness-beacon.js"
import { competitionPageLink, ShopLinks } from "../ports/shop-links.js"
import { ShopMetrics } from "../ports/shop-metrics.js"
import { Transactions } from "../ports/transactions.js"
import { type EntryRow, entryRowOf } from "../rules/entry-list-rows.js"
import { claimWindowDays, type RedrawRefusal, redrawRefusal } from "../rules/redraws.js"
import { auditor } from "../staff/audit.js"
import { authorize, can } from "../staff/permissions.js"
import { drawWinnerEmail } from "./emails.js"
import { entryListHash, readEntryList } from "./entry-list.js"
import {
  type DrawMaterial,
  type DrawRecord,
  drawRecordOf,
  type ListedDraw,
  type PublishedProof,
  type RedrawRecord,
  type TicketHolder,
} from "./model.js"
import {
  drawFromEntryList,
  instantWinLines,
  redrawEntriesText,
  redrawFromEntryList,
} from "./procedure.js"

/**
 * What the draw host shows on the stream for one competition: what is
 * drawn, how many entries, the published commitment, from when it may be
 * drawn, and once drawn the winning ticket and the winner as the public
 * may name them (first name and surname initial, never contact details).
 */
export interface HostSheet {
  readonly competitionId: string
  readonly competitionName: string
  readonly drawType: DrawMaterial["drawType"]
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  /** The earliest the draw may be made: the advertised draw time, else the close. */
  readonly drawableFrom: Date
  /** hex(SHA-256(seed)), published since the competition was created. */
  readonly commitment: string
  /** The entries drawn from; before the draw, the tickets sold and paid for so far. */
  readonly entryCount: number
  /** Orders still awaiting payment: the draw waits for them (OrdersAwaitingPayment). */
  readonly ordersAwaitingPayment: number
  readonly draw: {
    readonly drawnAt: Date
    readonly outcome: DrawRecord["outcome"]
    readonly winningTicketNumber: number | null
    /** As the entry list shows the winning ticket; null with no entries. */
    readonly winnerName: string | null
  } | null
  /** The clock the sheet was read by: the host's countdown corrects the screen's clock with it. */
  readonly now: Date
}

/** The entry list as staff may publish it, a row per entry. */
export interface PublishableEntryList {
  readonly competitionId: string
  readonly competitionName: string
  /**
   * Drawn: exactly the list the draw recorded and its proof hashes. Not
   * yet: the tickets sold and paid for so far, which the draw will take
   * once the competition has closed and no order awaits payment.
   */
  readonly drawn: boolean
  readonly rows: readonly EntryRow[]
}

/** A competition whose draw type is None is never drawn. */
export class CompetitionHasNoDraw extends Data.TaggedError("CompetitionHasNoDraw")<{
  readonly competitionId: string
}> {}

/** Tickets can still be bought: nobody may draw before the close. */
export class CompetitionStillOpen extends Data.TaggedError("CompetitionStillOpen")<{
  readonly competitionId: string
  readonly closeDateTimeUtc: Date
}> {}

/**
 * Closed, but its draw is advertised for later (a Thursday stream, say):
 * customers were promised that time, so nobody draws before it.
 */
export class DrawNotYetDue extends Data.TaggedError("DrawNotYetDue")<{
  readonly competitionId: string
  readonly drawDateTimeUtc: Date
}> {}

/**
 * Orders placed before the close still wait for payment: their tickets are
 * neither entries nor free yet. The draw waits until they are paid or
 * expire (UNPAID_ORDER_MINUTES), so no paid ticket is ever left out.
 */
export class OrdersAwaitingPayment extends Data.TaggedError("OrdersAwaitingPayment")<{
  readonly competitionId: string
  readonly count: number
}> {}

/** The ticket is not one of the competition's main winners (never drawn, or not a winning ticket). */
export class NotAMainWinner extends Data.TaggedError("NotAMainWinner")<{
  readonly competitionId: string
  readonly ticketNumber: number
}> {}

/** The redraw rule (rules/redraws) says no: `refusal` says why. */
export class RedrawRefused extends Data.TaggedError("RedrawRefused")<{
  readonly competitionId: string
  readonly ticketNumber: number
  readonly refusal: RedrawRefusal
}> {}

/** Every entry has won and been replaced: there is nobody left to draw. */
export class NoEntriesLeftToRedraw extends Data.TaggedError("NoEntriesLeftToRedraw")<{
  readonly competitionId: string
}> {}

/** The claim window staff typed is out of range; `message` says how. */
export class ClaimWindowInvalid extends Data.TaggedError("ClaimWindowInvalid")<{
  readonly message: string
}> {}

/** How many due automatic draws the job reads at a time. */
export const DRAW_BATCH = 20

/**
 * The most the public "waiting for the live draw" list shows: far more live
 * competitions than close in a week, so a courtesy list, never a dump.
 */
export const AWAITING_LIVE_DRAW_LIMIT = 100

/** The host sees every closed competition still to be drawn, hidden ones too. */
const HOST_SCOPE: AwaitingDrawScope = { drawTypes: ["Live", "Automatic"], visibleOnly: false }

/**
 * Anyone sees the visible live competitions waiting for the stream: an
 * automatic one is drawn by the job, not on camera, and a hidden one is
 * not the public's to know of.
 */
const PUBLIC_LIVE_SCOPE: AwaitingDrawScope = {
  drawTypes: ["Live"],
  visibleOnly: true,
  limit: AWAITING_LIVE_DRAW_LIMIT,
}

/** Hidden competitions, their draws and winners, and every customer's wins are staff's to see. */
const seesBackOffice = (viewer: Principal | null) =>
  viewer !== null && can(viewer, "ViewBackOffice")

/** Who may ask for a draw: staff during the live stream, or the shop's own scheduler. */
export type Drawer = Principal | "Scheduler"

/**
 * Draws the winner of a competition by the published procedure
 * (docs/fairness.md). Drawing is idempotent: once a competition has a
 * draw, every later request, from staff or the job or another process,
 * answers that same draw and never makes a new one.
 */
export class Draws extends Effect.Service<Draws>()("@howzat/core/Draws", {
  effect: Effect.gen(function* () {
    const records = yield* DrawRecords
    const drawRepo = yield* DrawRepo
    const beacon = yield* RandomnessBeacon
    const transactions = yield* Transactions
    const mailer = yield* Mailer
    const { origin } = yield* ShopLinks
    const brand = yield* Brand
    const metrics = yield* ShopMetrics
    const audit = yield* auditor

    const tellWinner = (material: DrawMaterial, ticketNumber: number, holder: TicketHolder) =>
      mailer.send(
        drawWinnerEmail(
          brand,
          holder.email,
          holder.firstName,
          material.competitionName,
          ticketNumber,
          competitionPageLink(origin, material.competitionId),
        ),
      )

    const drawNow = (material: DrawMaterial, at: Date, by: Drawer) =>
      Effect.gen(function* () {
        // Read before the transaction: the beacon may be a network call, and
        // every process reads the same round for the same close anyway.
        const reading = yield* beacon.after(material.closeDateTimeUtc)
        return yield* transactions.within(
          Effect.gen(function* () {
            const locked = yield* records.lock(material.competitionId)
            if (locked.draw !== null) return { draw: locked.draw, madeNow: false }
            const open = yield* records.openOrderCount(material.competitionId)
            if (open > 0) {
              return yield* new OrdersAwaitingPayment({
                competitionId: material.competitionId,
                count: open,
              })
            }
            const text = yield* records.entries(material.competitionId)
            // Ticket numbers are unique per competition (the pool's key): a
            // repeat or a malformed list would be a defect, never drawn over.
            const entries = yield* Effect.try({
              try: () => readEntryList(text),
              catch: (cause) => cause,
            }).pipe(Effect.orDie)
            // The platform's native SHA-256 of the same bytes (decision 0091).
            const entriesHash = yield* Effect.promise(() => entryListHash(entries))
            const outcome = drawFromEntryList({
              seed: locked.seed,
              competitionId: locked.competitionId,
              beacon: reading.value,
              entries,
              entriesHash,
            })
            const won = "winningTicketNumber" in outcome ? outcome : null
            const winner =
              won === null
                ? null
                : yield* records.holder(locked.competitionId, won.winningTicketNumber)
            const draw = drawRecordOf({
              competitionId: locked.competitionId,
              drawType: locked.drawType,
              at,
              beacon: reading,
              outcome,
              winner,
            })
            yield* records.record(draw, text)
            // Through the outbox, in the drawing transaction: one email if and only if one draw.
            if (winner !== null && draw.winningTicketNumber !== null)
              yield* tellWinner(locked, draw.winningTicketNumber, winner)
            // The scheduler's draws are the procedure's own; a person's live draw is audited.
            if (by !== "Scheduler") {
              yield* audit(by, {
                action: "Draw.Make",
                subject: { type: "Draw", id: locked.competitionId },
                before: null,
                after: draw,
              })
            }
            return { draw, madeNow: true }
          }),
        )
      })

    /**
     * Draws `competitionId` now, or finds the draw it already has; says
     * which, so a pass that lost the race to another process does not
     * report the other's draw as its own.
     */
    const drawOrFind = (competitionId: string, by: Drawer) =>
      Effect.gen(function* () {
        if (by !== "Scheduler") yield* authorize(by, "DrawCompetitions")
        const material = yield* records.material(competitionId)
        const named = (made: DrawRecord): ListedDraw => ({
          ...made,
          competitionName: material.competitionName,
        })
        if (material.draw !== null) return { draw: named(material.draw), madeNow: false }
        if (material.drawType === "None") return yield* new CompetitionHasNoDraw({ competitionId })
        const at = yield* now
        if (at < material.closeDateTimeUtc) {
          return yield* new CompetitionStillOpen({
            competitionId,
            closeDateTimeUtc: material.closeDateTimeUtc,
          })
        }
        if (material.drawDateTimeUtc !== null && at < material.drawDateTimeUtc) {
          return yield* new DrawNotYetDue({
            competitionId,
            drawDateTimeUtc: material.drawDateTimeUtc,
          })
        }
        const { draw, madeNow } = yield* drawNow(material, at, by)
        // After the commit, and only by the process that made it: a found draw is not a new one.
        if (madeNow)
          metrics.count({
            kind: "Draw",
            drawKind: material.drawType === "Automatic" ? "automatic" : "live",
          })
        return { draw: named(draw), madeNow }
      })

    /** The entry list as drawn, else as it stands, read the way the draw reads it. */
    const entryListOf = (material: DrawMaterial) =>
      Effect.gen(function* () {
        const text =
          material.draw === null
            ? yield* records.entries(material.competitionId)
            : ((yield* records.entriesText(material.competitionId)) ?? "")
        // The same reader the draw uses: a malformed list is a defect, never published.
        return yield* Effect.try({ try: () => readEntryList(text), catch: (e) => e }).pipe(
          Effect.orDie,
        )
      })

    /**
     * The draw host's sheet for one competition (any of them: hidden ones
     * too, for a rehearsal). The winner is named as the entry list names
     * them, so a win kept private stays unnamed on the stream as well.
     */
    const hostSheet = (competitionId: string, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "DrawCompetitions")
        const material = yield* records.material(competitionId)
        const drawn = material.draw
        const winnerName =
          drawn?.winningTicketNumber == null
            ? null
            : entryRowOf(
                drawn.winningTicketNumber,
                (yield* records.entrants(competitionId, drawn.winningTicketNumber))[0],
              ).name
        const sheet: HostSheet = {
          competitionId,
          competitionName: material.competitionName,
          drawType: material.drawType,
          closeDateTimeUtc: material.closeDateTimeUtc,
          drawDateTimeUtc: material.drawDateTimeUtc,
          drawableFrom: material.drawDateTimeUtc ?? material.closeDateTimeUtc,
          commitment: material.seedCommitment,
          entryCount: drawn?.entryCount ?? (yield* entryListOf(material)).count,
          ordersAwaitingPayment: drawn === null ? yield* records.openOrderCount(competitionId) : 0,
          draw:
            drawn === null
              ? null
              : {
                  drawnAt: drawn.drawnAt,
                  outcome: drawn.outcome,
                  winningTicketNumber: drawn.winningTicketNumber,
                  winnerName,
                },
          now: yield* now,
        }
        return sheet
      })

    /**
     * The entry list for staff to publish: each ticket with its holder's
     * first name and surname initial (rules/entry-list-rows), never an
     * email, phone or address. Once drawn, exactly the recorded list the
     * proof's entriesHash commits to.
     */
    const publishableEntryList = (competitionId: string, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "DrawCompetitions")
        const material = yield* records.material(competitionId)
        const list = yield* entryListOf(material)
        const named = new Map(
          (yield* records.entrants(competitionId)).map((e) => [e.ticketNumber, e] as const),
        )
        const rows: EntryRow[] = []
        for (let i = 0; i < list.count; i++) {
          const ticketNumber = list.ticketAt(i)
          rows.push(entryRowOf(ticketNumber, named.get(ticketNumber)))
        }
        const answer: PublishableEntryList = {
          competitionId,
          competitionName: material.competitionName,
          drawn: material.draw !== null,
          rows,
        }
        return answer
      })

    /** Draws `competitionId` now, or answers the draw it already has. */
    const draw = (competitionId: string, by: Drawer) =>
      Effect.map(drawOrFind(competitionId, by), (found) => found.draw).pipe(
        useCaseSpan("Draws.draw", { competitionId, ...principalIds(by) }),
      )

    /**
     * The scheduler's pass: every automatic competition whose draw time has
     * come, including those missed while the shop was down, read a batch at
     * a time. One that cannot be drawn yet (orders awaiting payment, the
     * beacon's round not out) is logged, skipped for the rest of the pass so
     * that it cannot hold up the ones behind it, and tried again on the next
     * pass. `made` is null unless this pass made the draw.
     */
    const drawDue = Effect.gen(function* () {
      const at = yield* now
      const tried: string[] = []
      const results: { competitionId: string; made: ListedDraw | null }[] = []
      for (;;) {
        const due = yield* records.due(at, DRAW_BATCH, tried)
        if (due.length === 0) return results
        for (const competitionId of due) {
          tried.push(competitionId)
          results.push(
            yield* drawOrFind(competitionId, "Scheduler").pipe(
              Effect.map((found) => ({
                competitionId,
                made: found.madeNow ? found.draw : null,
              })),
              Effect.catchAll((error) =>
                Effect.as(
                  Effect.logWarning("automatic draw put off", {
                    competitionId,
                    reason: error._tag,
                  }),
                  { competitionId, made: null },
                ),
              ),
            ),
          )
        }
      }
    })

    /**
     * Marks `ticketNumber`'s prize unclaimed and asks for its redraw, in
     * one transaction and before the beacon is read: the beacon round that
     * decides the redraw is the first published after this mark, so nobody,
     * staff included, can know the new winner when choosing to redraw
     * (docs/decisions/0082-unclaimed-prize-redraws.md). A request already
     * made and not yet drawn (its round was not out) answers its own time.
     */
    const askForRedraw = (competitionId: string, ticketNumber: number, by: Principal) =>
      transactions.within(
        Effect.gen(function* () {
          yield* records.lock(competitionId)
          const claims = yield* records.claims(competitionId)
          const index = claims.findIndex((c) => c.ticketNumber === ticketNumber)
          const claim = claims[index]
          if (claim === undefined) return yield* new NotAMainWinner({ competitionId, ticketNumber })
          const made = yield* records.redraws(competitionId)
          const pending = claim.redrawRequestedAt !== null && made.length === index
          if (pending && claim.redrawRequestedAt !== null) return claim.redrawRequestedAt
          const at = yield* now
          const refusal = redrawRefusal(
            {
              drawnAt: claim.drawnAt,
              processedAt: claim.processedAt,
              redrawRequestedAt: claim.redrawRequestedAt,
              isCurrentWinner: index === claims.length - 1,
            },
            at,
            yield* records.claimWindowDays,
          )
          if (refusal !== null)
            return yield* new RedrawRefused({ competitionId, ticketNumber, refusal })
          const original = (yield* records.entriesText(competitionId)) ?? ""
          const excluded = claims.slice(0, index + 1).map((c) => c.ticketNumber)
          if (redrawEntriesText(original, excluded) === "")
            return yield* new NoEntriesLeftToRedraw({ competitionId })
          yield* records.markUnclaimed(competitionId, ticketNumber, at)
          yield* audit(by, {
            action: "Draw.MarkUnclaimed",
            subject: { type: "MainPrizeWinner", id: `${competitionId}/${ticketNumber}` },
            before: { redrawRequestedAt: null },
            after: { redrawRequestedAt: at },
          })
          return at
        }),
      )

    /**
     * Redraws an unclaimed main prize (docs/fairness.md, "Redraws"): staff
     * only, and only as rules/redraws allows. The first call marks the
     * winner unclaimed; if the beacon's round after that mark is not out
     * yet it fails with BeaconNotYetAvailable and a later call draws. Once
     * drawn, a call answers RedrawRefused (AlreadyRedrawn).
     */
    const redraw = (competitionId: string, ticketNumber: number, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "DrawCompetitions")
        const requestedAt = yield* askForRedraw(competitionId, ticketNumber, by)
        const reading = yield* beacon.after(requestedAt)
        let madeNow = false
        const redrawn = yield* transactions.within(
          Effect.gen(function* () {
            const locked = yield* records.lock(competitionId)
            const claims = yield* records.claims(competitionId)
            const redrawNumber = claims.findIndex((c) => c.ticketNumber === ticketNumber) + 1
            const done = (yield* records.redraws(competitionId)).find(
              (r) => r.redrawNumber === redrawNumber,
            )
            if (done !== undefined) return done
            const excluded = claims.slice(0, redrawNumber).map((c) => c.ticketNumber)
            const outcome = redrawFromEntryList({
              seed: locked.seed,
              competitionId: locked.competitionId,
              beacon: reading.value,
              originalEntries: (yield* records.entriesText(competitionId)) ?? "",
              redrawNumber,
              excludedTicketNumbers: excluded,
            })
            // askForRedraw refused a redraw with nobody left, under the same lock's rules.
            if (!("winningTicketNumber" in outcome)) return yield* Effect.dieMessage("no entries")
            const winner = yield* records.holder(competitionId, outcome.winningTicketNumber)
            const made: RedrawRecord = {
              competitionId: locked.competitionId,
              redrawNumber,
              replacesTicketNumber: ticketNumber,
              excludedTicketNumbers: [...excluded].sort((a, b) => a - b),
              requestedAt,
              drawnAt: yield* now,
              entriesHash: outcome.entriesHash,
              entryCount: outcome.entryCount,
              beacon: reading,
              attempt: outcome.attempt,
              winningTicketNumber: outcome.winningTicketNumber,
              winnerFullName: winner?.fullName ?? null,
              winnerCustomerId: winner?.customerId ?? null,
            }
            yield* records.recordRedraw(made)
            if (winner !== null) yield* tellWinner(locked, made.winningTicketNumber, winner)
            yield* audit(by, {
              action: "Draw.Redraw",
              subject: { type: "Draw", id: competitionId },
              before: null,
              after: made,
            })
            madeNow = true
            return made
          }),
        )
        // After the commit: a redraw found already made is not counted again.
        if (madeNow) metrics.count({ kind: "Draw", drawKind: "redraw" })
        return redrawn
      })

    /** The shop's claim window in days, for the winners page. */
    const claimWindow = (by: Principal) =>
      Effect.zipRight(authorize(by, "ManageWinners"), records.claimWindowDays)

    /** Sets the claim window; audited, as it decides when a winner may be replaced. */
    const setClaimWindow = (typed: number, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageWinners")
        const checked = claimWindowDays(typed)
        if (!checked.valid) return yield* new ClaimWindowInvalid({ message: checked.message })
        return yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* records.claimWindowDays
            yield* records.setClaimWindowDays(checked.days)
            yield* audit(by, {
              action: "Draw.SetClaimWindow",
              subject: { type: "Setting", id: "claimWindowDays" },
              before: { claimWindowDays: before },
              after: { claimWindowDays: checked.days },
            })
            return checked.days
          }),
        )
      })

    /** The live-draw host's list: closed competitions with a draw still to make. */
    const awaiting = (by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "DrawCompetitions")
        return yield* records.awaiting(yield* now, HOST_SCOPE)
      })

    /**
     * The public list of closed live competitions still to be drawn on the
     * stream, for as long as they wait: a host who runs late or moves the
     * draw to next week must not make a competition look forgotten.
     */
    const awaitingLiveDraw = Effect.flatMap(now, (at) => records.awaiting(at, PUBLIC_LIVE_SCOPE))

    /**
     * What the competition publishes now. Hidden competitions publish to
     * staff only; the instant-win salt and lines once it has closed; the
     * seed once it is drawn.
     */
    const proof = (competitionId: string, viewer: Principal | null) =>
      Effect.gen(function* () {
        const material = yield* records.material(competitionId)
        if (material.visibilityStatus !== "Visible" && !seesBackOffice(viewer)) {
          return yield* new CompetitionNotFound({ competitionId })
        }
        const closed = (yield* now) >= material.closeDateTimeUtc
        const lines =
          closed && material.instantWinCommitment !== null
            ? instantWinLines(yield* records.instantWinLines(competitionId))
            : null
        const claims = material.draw === null ? [] : yield* records.claims(competitionId)
        const unclaimedAt = (ticketNumber: number) =>
          claims.find((c) => c.ticketNumber === ticketNumber)?.redrawRequestedAt ?? null
        const redraws = material.draw === null ? [] : yield* records.redraws(competitionId)
        const published: PublishedProof = {
          competitionId: material.competitionId,
          competitionName: material.competitionName,
          closeDateTimeUtc: material.closeDateTimeUtc,
          commitment: material.seedCommitment,
          commitmentPublishedAt: material.seedCommittedAt,
          draw:
            material.draw === null ? null : { ...material.draw, seed: bytesToHex(material.seed) },
          originalRedrawRequestedAt:
            material.draw?.winningTicketNumber == null
              ? null
              : unclaimedAt(material.draw.winningTicketNumber),
          redraws: redraws.map((r) => ({
            ...r,
            redrawRequestedAt: unclaimedAt(r.winningTicketNumber),
          })),
          instantWins: {
            commitment: material.instantWinCommitment,
            salt: lines === null ? null : material.instantWinSalt,
            lines,
          },
        }
        return published
      })

    /** The downloadable entry list of a drawn competition (ticket numbers only). */
    const entries = (competitionId: string, viewer: Principal | null) =>
      Effect.gen(function* () {
        const published = yield* proof(competitionId, viewer)
        if (published.draw === null) return null
        return yield* records.entriesText(competitionId)
      })

    /** Past draws; staff also see hidden competitions' draws. */
    const list = (query: Omit<DrawListQuery, "includeHidden">, viewer: Principal | null) =>
      records.list({ ...query, includeHidden: seesBackOffice(viewer) })

    /**
     * Winners; the hidden ones (a hidden competition's, a winner kept
     * private) for staff only, and one customer's wins for that customer
     * or staff: names are public on the winners page, customer ids are not.
     */
    const winners = (query: WinnerQuery, viewer: Principal | null) =>
      Effect.gen(function* () {
        const staff = seesBackOffice(viewer)
        if (query.includeHidden && !staff) return yield* new NotStaff()
        if (query.customerId !== undefined && !staff && viewer?.customerId !== query.customerId) {
          return yield* new NotStaff()
        }
        return yield* drawRepo.winners(query)
      })

    return {
      draw,
      drawOrFind,
      drawDue,
      awaiting,
      awaitingLiveDraw,
      proof,
      entries,
      hostSheet,
      publishableEntryList,
      list,
      winners,
      redraw,
      claimWindow,
      setClaimWindow,
    }
  }),
}) {}
