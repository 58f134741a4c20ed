/**
 * In-memory doubles of the ports the Draws use case needs. DrawRecords and
 * DrawRepo pass the same contract as the Postgres adapters
 * (test/contracts/draw-records.*, draws.*); the rest keep the behaviour
 * Draws relies on: `lock` holds the competition
 * until the transaction ends (and only works inside one), a second draw of
 * a competition is refused as the unique index refuses it, and a failed
 * transaction takes back the draw and the mail it wrote.
 */
import { Effect, FiberRef, Layer, TestClock } from "effect"
import type { MailMessage, Principal } from "../accounts/model.js"
import { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import type {
  Competition,
  CompetitionWinner,
  DrawType,
  VisibilityStatus,
} from "../competitions/model.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { DrawRepo } from "../ports/catalogue.js"
import { DrawRecords } from "../ports/draw-records.js"
import { Mailer } from "../ports/mailer.js"
import {
  type BeaconNotYetAvailable,
  type BeaconReading,
  type BeaconUnreachable,
  RandomnessBeacon,
} from "../ports/randomness-beacon.js"
import { Transactions } from "../ports/transactions.js"
import type { DrawResult } from "../rules/competition-standing.js"
import { drawEntryNumbers, type TicketHold } from "../rules/draw-entries.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import { DEFAULT_CLAIM_WINDOW_DAYS } from "../rules/redraws.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { memoryPage } from "../testing/paging.js"
import { Draws } from "./draws.js"
import type { DrawMaterial, DrawRecord, RedrawRecord, TicketHolder, WinnerClaim } from "./model.js"
import { type InstantWinLine, instantWinCommitment, seedCommitment } from "./procedure.js"

export const DRAWS_NOW = Date.parse("2026-07-02T20:30:00Z")
const HOUR = 60 * 60 * 1000

/** A competition as the repository would hold it, with its sold tickets and who holds them. */
export interface TestCompetition {
  readonly competitionId: string
  readonly competitionName: string
  readonly drawType: DrawType
  readonly visibilityStatus: VisibilityStatus
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly seed: Uint8Array
  readonly seedCommittedAt: Date
  readonly instantWinSalt: string
  readonly instantWinLines: readonly InstantWinLine[]
  /** Tickets of paid orders and free entries; null for a sale with no customer (the demo seed's). */
  readonly sold: ReadonlyMap<number, TicketHolder | null>
  /**
   * What holds each taken ticket (an order in its status, a postal entry, a
   * sale without an order), for core's draw-entry rule to judge; a ticket
   * in `sold` not listed here is held by a Completed order.
   */
  readonly held: ReadonlyMap<number, TicketHold>
  /** Orders still awaiting payment that hold tickets of the competition. */
  readonly ordersAwaitingPayment: number
}

export interface DrawStore {
  readonly competitions: Map<string, TestCompetition>
  readonly draws: Map<string, { readonly draw: DrawRecord; readonly entries: string }>
  /** Competitions whose drawn winner staff keep private (the draw's `is_visible` off). */
  readonly privateWinners: Set<string>
  /** What the Mailer was handed, in order. */
  readonly outbox: MailMessage[]
  /** The audit log's entries, kept only when their transaction commits. */
  readonly audit: AuditEntry[]
  /** What the beacon answers next: a reading, or the failure to give. */
  beacon: BeaconReading | BeaconNotYetAvailable | BeaconUnreachable
  /** The instants the beacon was asked about, in order. */
  readonly beaconReads: Date[]
  /** Each competition's redraws, by redraw number. */
  readonly redraws: Map<string, RedrawRecord[]>
  /** `competitionId/ticketNumber` of a winner marked unclaimed, and when. */
  readonly unclaimed: Map<string, Date>
  /** `competitionId/ticketNumber` of a winner whose prize was handed over, and when. */
  readonly processed: Map<string, Date>
  /** The shop's claim window; null until staff set one. */
  claimWindowDays: number | null
}

export const emptyDrawStore = (): DrawStore => ({
  competitions: new Map(),
  draws: new Map(),
  privateWinners: new Set(),
  outbox: [],
  audit: [],
  beacon: { source: "none", value: "" },
  beaconReads: [],
  redraws: new Map(),
  unclaimed: new Map(),
  processed: new Map(),
  claimWindowDays: null,
})

const randomBytes = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length))
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/** A closed Live competition an hour past its close, drawn tonight, with nobody entered yet. */
export const testCompetition = (overrides: Partial<TestCompetition> = {}): TestCompetition => ({
  competitionId: globalThis.crypto.randomUUID(),
  competitionName: "A car",
  drawType: "Live",
  visibilityStatus: "Visible",
  closeDateTimeUtc: new Date(DRAWS_NOW - HOUR),
  drawDateTimeUtc: new Date(DRAWS_NOW),
  seed: randomBytes(32),
  seedCommittedAt: new Date(DRAWS_NOW - 30 * 24 * HOUR),
  instantWinSalt: hex(randomBytes(32)),
  instantWinLines: [],
  sold: new Map(),
  held: new Map(),
  ordersAwaitingPayment: 0,
  ...overrides,
})

let holders = 0

export const ticketHolder = (firstName = "Ann", lastName = "Smith"): TicketHolder => {
  holders += 1
  return {
    customerId: `customer-${holders}`,
    firstName,
    fullName: `${firstName} ${lastName}`,
    email: `${firstName.toLowerCase()}${holders}@example.com`,
  }
}

/** Each ticket number held by its own entry of `holders`, in turn. */
export const soldTo = (
  ticketNumbers: readonly number[],
  ...holders: readonly (TicketHolder | null)[]
): ReadonlyMap<number, TicketHolder | null> =>
  new Map(ticketNumbers.map((n, i) => [n, holders[i % holders.length] ?? null]))

export const DRAWS_STAFF: Principal = {
  userId: "user-staff",
  role: "Staff",
  customerId: null,
  email: "host@howzat.example",
  name: "Stream Host",
}
export const DRAWS_ADMIN: Principal = {
  ...DRAWS_STAFF,
  userId: "user-admin",
  role: "Admin",
  name: "Admin",
}
export const DRAWS_CUSTOMER: Principal = {
  userId: "user-ann",
  role: "Customer",
  customerId: "customer-ann",
  email: "ann@example.com",
  name: "Ann Smith",
}

/** The open transaction of the current fiber: locks to release and writes to undo. */
interface OpenTransaction {
  readonly releases: Effect.Effect<void>[]
  readonly undo: (() => void)[]
}
const currentTransaction = FiberRef.unsafeMake<OpenTransaction | undefined>(undefined)

const inTransaction = (write: () => () => void) =>
  Effect.flatMap(FiberRef.get(currentTransaction), (open) =>
    Effect.sync(() => {
      const undo = write()
      open?.undo.push(undo)
    }),
  )

/** The database's check: a winner (ticket and attempt) exactly when there were entries. */
const winnerWhenEntries = (draw: DrawRecord) => {
  const won = draw.outcome === "Winner"
  return (
    won === (draw.winningTicketNumber !== null && draw.attempt !== null) &&
    won === draw.entryCount > 0
  )
}

export const drawDoublesOver = (store: DrawStore) => {
  const semaphores = new Map<string, Effect.Semaphore>()
  const semaphoreOf = (competitionId: string) => {
    const found = semaphores.get(competitionId)
    if (found !== undefined) return found
    const made = Effect.unsafeMakeSemaphore(1)
    semaphores.set(competitionId, made)
    return made
  }

  const find = (competitionId: string) => {
    const competition = store.competitions.get(competitionId)
    return competition === undefined
      ? Effect.fail(new CompetitionNotFound({ competitionId }))
      : Effect.succeed(competition)
  }
  const materialOf = (c: TestCompetition): DrawMaterial => {
    const committed = c.instantWinLines.length > 0
    return {
      competitionId: c.competitionId,
      competitionName: c.competitionName,
      drawType: c.drawType,
      visibilityStatus: c.visibilityStatus,
      closeDateTimeUtc: c.closeDateTimeUtc,
      drawDateTimeUtc: c.drawDateTimeUtc,
      seed: c.seed,
      seedCommitment: seedCommitment(c.seed),
      seedCommittedAt: c.seedCommittedAt,
      instantWinSalt: committed ? c.instantWinSalt : null,
      instantWinCommitment: committed
        ? instantWinCommitment(c.instantWinSalt, c.instantWinLines)
        : null,
      draw: store.draws.get(c.competitionId)?.draw ?? null,
    }
  }
  const undrawn = (c: TestCompetition) => !store.draws.has(c.competitionId)
  const drawTime = (c: TestCompetition) => (c.drawDateTimeUtc ?? c.closeDateTimeUtc).getTime()
  const byDrawTime = (a: TestCompetition, b: TestCompetition) =>
    drawTime(a) - drawTime(b) || (a.competitionId < b.competitionId ? -1 : 1)
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  /** The listing order of `awaiting`: draw time, then close time, name and id. */
  const inWaitingOrder = (a: TestCompetition, b: TestCompetition) =>
    drawTime(a) - drawTime(b) ||
    a.closeDateTimeUtc.getTime() - b.closeDateTimeUtc.getTime() ||
    text(a.competitionName, b.competitionName) ||
    text(a.competitionId, b.competitionId)
  const resultOf = (draw: DrawRecord | null): DrawResult | null =>
    draw && {
      outcome: draw.outcome,
      winningTicketNumber: draw.winningTicketNumber,
      drawnAt: draw.drawnAt,
    }
  /** The catalogue's view of a test competition; what Draws does not read is a plain default. */
  const competitionOf = (c: TestCompetition): Competition => ({
    id: c.competitionId,
    name: c.competitionName,
    description: "<p>A prize</p>",
    ticketPrice: pence(99),
    totalTickets: 1000,
    ticketsSoldToDate: c.sold.size,
    maxTicketsPerCustomer: 100,
    defaultTicketSaleQuantity: 1,
    cashAlternativeValue: null,
    startDateTimeUtc: new Date(c.closeDateTimeUtc.getTime() - 7 * 24 * HOUR),
    closeDateTimeUtc: c.closeDateTimeUtc,
    drawDateTimeUtc: c.drawDateTimeUtc,
    drawType: c.drawType,
    visibilityStatus: c.visibilityStatus,
    categoryIds: [],
    attributes: [],
    imageGroup: null,
    instantWinGroups: [],
    drawCommitment: seedCommitment(c.seed),
    instantWinCommitment: null,
    drawResult: resultOf(store.draws.get(c.competitionId)?.draw ?? null),
    drawOnSellOut: false,
    drawBroughtForward: null,
  })
  const competitions = () => [...store.competitions.values()]
  const visibleUnless = (includeHidden: boolean, competitionId: string) =>
    includeHidden || store.competitions.get(competitionId)?.visibilityStatus === "Visible"
  const within = (draw: DrawRecord, from?: Date, to?: Date) =>
    (from === undefined || draw.drawDate >= from) && (to === undefined || draw.drawDate <= to)
  const latestFirst = (a: DrawRecord, b: DrawRecord) => b.drawDate.getTime() - a.drawDate.getTime()

  /** The original winner, then each redraw's, with their hand-over and "unclaimed" marks. */
  const claimsOf = (competitionId: string): WinnerClaim[] => {
    const original = store.draws.get(competitionId)?.draw
    if (original?.winningTicketNumber == null) return []
    const claim = (ticketNumber: number, drawnAt: Date): WinnerClaim => ({
      competitionId,
      ticketNumber,
      drawnAt,
      processedAt: store.processed.get(`${competitionId}/${ticketNumber}`) ?? null,
      redrawRequestedAt: store.unclaimed.get(`${competitionId}/${ticketNumber}`) ?? null,
    })
    return [
      claim(original.winningTicketNumber, original.drawnAt),
      ...(store.redraws.get(competitionId) ?? []).map((r) =>
        claim(r.winningTicketNumber, r.drawnAt),
      ),
    ]
  }

  const records = Layer.succeed(DrawRecords, {
    material: (competitionId) => Effect.map(find(competitionId), materialOf),
    lock: (competitionId) =>
      Effect.flatMap(FiberRef.get(currentTransaction), (open) => {
        if (open === undefined) return Effect.dieMessage("lock is only for inside a transaction")
        const semaphore = semaphoreOf(competitionId)
        return semaphore.take(1).pipe(
          Effect.tap(() => open.releases.push(semaphore.release(1))),
          Effect.zipRight(find(competitionId)),
          Effect.map(materialOf),
        )
      }),
    openOrderCount: (competitionId) =>
      Effect.sync(() => store.competitions.get(competitionId)?.ordersAwaitingPayment ?? 0),
    // Through core's rule, as the Postgres adapter's SQL is held to it.
    entries: (competitionId) =>
      Effect.sync(() => {
        const competition = store.competitions.get(competitionId)
        if (competition === undefined) return ""
        const paid: TicketHold = { by: "Order", status: OrderStatus.Completed }
        return drawEntryNumbers([
          ...[...competition.sold.keys()]
            .filter((n) => !competition.held.has(n))
            .map((ticketNumber) => ({ ticketNumber, hold: paid })),
          ...[...competition.held].map(([ticketNumber, hold]) => ({ ticketNumber, hold })),
        ]).join("\n")
      }),
    holder: (competitionId, ticketNumber) =>
      Effect.sync(() => store.competitions.get(competitionId)?.sold.get(ticketNumber) ?? null),
    entrants: (competitionId, ticketNumber) =>
      Effect.sync(() => {
        const competition = store.competitions.get(competitionId)
        const won = store.draws.get(competitionId)?.draw.winningTicketNumber ?? null
        return [...(competition?.sold ?? [])]
          .filter(
            (sale): sale is [number, TicketHolder] =>
              sale[1] !== null && (ticketNumber === undefined || sale[0] === ticketNumber),
          )
          .sort(([a], [b]) => a - b)
          .map(([n, holder]) => ({
            ticketNumber: n,
            firstName: holder.firstName,
            // The doubles' full name is the first name, a space and the surname.
            lastName: holder.fullName.slice(holder.firstName.length).trim(),
            // In this model a holder with no customer is a postal entrant without an account.
            postal: holder.customerId === null,
            nameWithheld: store.privateWinners.has(competitionId) && won === n,
          }))
      }),
    record: (draw, entries) =>
      store.draws.has(draw.competitionId) || !winnerWhenEntries(draw)
        ? Effect.fail(
            new RepositoryError({
              operation: "draws.record",
              cause: new Error(
                store.draws.has(draw.competitionId)
                  ? "duplicate key value violates draws_one_per_competition"
                  : "new row violates check constraint draws_winner_when_entries",
              ),
            }),
          )
        : inTransaction(() => {
            store.draws.set(draw.competitionId, { draw, entries })
            return () => store.draws.delete(draw.competitionId)
          }),
    due: (now, limit, excluding) =>
      Effect.sync(() =>
        competitions()
          .filter(
            (c) =>
              c.drawType === "Automatic" &&
              undrawn(c) &&
              drawTime(c) <= now.getTime() &&
              !excluding.includes(c.competitionId),
          )
          .sort(byDrawTime)
          .slice(0, limit)
          .map((c) => c.competitionId),
      ),
    awaiting: (now, scope) =>
      Effect.sync(() =>
        competitions()
          .filter(
            (c) =>
              c.drawType !== "None" &&
              scope.drawTypes.includes(c.drawType) &&
              (!scope.visibleOnly || c.visibilityStatus === "Visible") &&
              undrawn(c) &&
              c.closeDateTimeUtc <= now,
          )
          .sort(inWaitingOrder)
          .slice(0, scope.limit)
          .map(competitionOf),
      ),
    instantWinLines: (competitionId) =>
      Effect.sync(() => store.competitions.get(competitionId)?.instantWinLines ?? []),
    list: (query) =>
      Effect.sync(() =>
        memoryPage(
          query.page,
          [...store.draws.values()]
            .map(({ draw }) => draw)
            .filter((draw) => visibleUnless(query.includeHidden, draw.competitionId))
            .filter((draw) => within(draw, query.fromDate, query.toDate))
            .sort(latestFirst)
            .map((draw) => ({
              ...draw,
              // The draw stays public (its proof is), the name of a winner kept private does not.
              ...(query.includeHidden || !store.privateWinners.has(draw.competitionId)
                ? {}
                : { winnerFullName: null, winnerCustomerId: null }),
              competitionName: store.competitions.get(draw.competitionId)?.competitionName ?? "",
            })),
        ),
      ),
    entriesText: (competitionId) =>
      Effect.sync(() => store.draws.get(competitionId)?.entries ?? null),
    redraws: (competitionId) => Effect.sync(() => [...(store.redraws.get(competitionId) ?? [])]),
    claims: (competitionId) => Effect.sync(() => claimsOf(competitionId)),
    markUnclaimed: (competitionId, ticketNumber, at) => {
      const key = `${competitionId}/${ticketNumber}`
      const known = claimsOf(competitionId).some((c) => c.ticketNumber === ticketNumber)
      if (!known || store.unclaimed.has(key)) return Effect.succeed(false)
      return Effect.as(
        inTransaction(() => {
          store.unclaimed.set(key, at)
          return () => store.unclaimed.delete(key)
        }),
        true,
      )
    },
    recordRedraw: (redraw) => {
      const made = store.redraws.get(redraw.competitionId) ?? []
      const winners = claimsOf(redraw.competitionId).map((c) => c.ticketNumber)
      return made.some((r) => r.redrawNumber === redraw.redrawNumber) ||
        winners.includes(redraw.winningTicketNumber)
        ? Effect.fail(
            new RepositoryError({
              operation: "draws.recordRedraw",
              cause: new Error("duplicate key value violates draws_one_per_redraw_number"),
            }),
          )
        : inTransaction(() => {
            store.redraws.set(redraw.competitionId, [...made, redraw])
            return () => store.redraws.set(redraw.competitionId, made)
          })
    },
    claimWindowDays: Effect.sync(() => store.claimWindowDays ?? DEFAULT_CLAIM_WINDOW_DAYS),
    setClaimWindowDays: (days) =>
      inTransaction(() => {
        const before = store.claimWindowDays
        store.claimWindowDays = days
        return () => {
          store.claimWindowDays = before
        }
      }),
  })

  /** Named in the winners list: a drawn winner, and, unless staff ask, not kept private. */
  const listedWinner = (draw: DrawRecord, includeHidden: boolean) =>
    draw.winningTicketNumber !== null &&
    !store.unclaimed.has(`${draw.competitionId}/${draw.winningTicketNumber}`) &&
    draw.winnerFullName !== null &&
    (includeHidden ||
      (visibleUnless(false, draw.competitionId) && !store.privateWinners.has(draw.competitionId)))
  const named = (fullName: string, part: string | undefined) =>
    part === undefined || fullName.toLowerCase().includes(part.toLowerCase())

  const drawRepo = Layer.succeed(DrawRepo, {
    nextDrawDate: (drawType, now) =>
      Effect.sync(() => {
        const upcoming = competitions()
          .filter((c) => c.visibilityStatus === "Visible" && c.drawType === drawType)
          .flatMap((c) =>
            c.drawDateTimeUtc !== null && c.drawDateTimeUtc > now ? [c.drawDateTimeUtc] : [],
          )
          .sort((a, b) => a.getTime() - b.getTime())
        return upcoming[0] ?? null
      }),
    winners: (query) =>
      Effect.sync(() =>
        memoryPage(
          query.page,
          [...store.draws.values()]
            .map(({ draw }) => draw)
            .filter((draw) => listedWinner(draw, query.includeHidden))
            .filter((draw) => within(draw, query.fromDate, query.toDate))
            .filter(
              (draw) =>
                (query.competitionId === undefined || draw.competitionId === query.competitionId) &&
                (query.customerId === undefined || draw.winnerCustomerId === query.customerId) &&
                named(draw.winnerFullName ?? "", query.customerName),
            )
            .sort(latestFirst)
            .flatMap((draw): CompetitionWinner[] =>
              draw.winningTicketNumber === null || draw.winnerFullName === null
                ? []
                : [
                    {
                      competitionId: draw.competitionId,
                      competitionName:
                        store.competitions.get(draw.competitionId)?.competitionName ?? "",
                      drawDate: draw.drawDate,
                      ticketNumber: draw.winningTicketNumber,
                      winnerFullName: draw.winnerFullName,
                      imageUrl: null,
                      isVisible: !store.privateWinners.has(draw.competitionId),
                    },
                  ],
            ),
        ),
      ),
  })

  const beacon = Layer.succeed(RandomnessBeacon, {
    // Yields first, as a network read would: draws started together then really interleave.
    after: (instant) =>
      Effect.zipRight(
        Effect.yieldNow(),
        Effect.suspend(() => {
          store.beaconReads.push(instant)
          const answer = store.beacon
          return "_tag" in answer ? Effect.fail(answer) : Effect.succeed(answer)
        }),
      ),
  })

  const mailer = Layer.succeed(Mailer, {
    send: (message) =>
      inTransaction(() => {
        store.outbox.push(message)
        return () => {
          store.outbox.splice(store.outbox.indexOf(message), 1)
        }
      }),
  })

  const auditLog = Layer.succeed(AuditLog, {
    record: (entry) =>
      inTransaction(() => {
        store.audit.push(entry)
        return () => {
          store.audit.splice(store.audit.indexOf(entry), 1)
        }
      }),
  })

  /** Commits or undoes in reverse, then lets go of the locks taken inside. */
  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.flatMap(FiberRef.get(currentTransaction), (open) => {
        if (open !== undefined) return effect
        const transaction: OpenTransaction = { releases: [], undo: [] }
        return Effect.locally(effect, currentTransaction, transaction).pipe(
          Effect.onExit((exit) =>
            Effect.sync(() => {
              if (exit._tag === "Failure") for (const undo of transaction.undo.reverse()) undo()
            }).pipe(Effect.zipRight(Effect.all(transaction.releases, { discard: true }))),
          ),
        )
      }),
  })

  return Layer.mergeAll(records, drawRepo, beacon, mailer, testBrandLayer, auditLog, transactions)
}

/** The Draws use case over the doubles of `store`. */
export const drawServicesOver = (store: DrawStore) =>
  Draws.Default.pipe(Layer.provide(drawDoublesOver(store)))

/** A store holding `competitions`, as each draws test starts from. */
export const drawStoreWith = (...competitions: TestCompetition[]): DrawStore => {
  const store = emptyDrawStore()
  for (const c of competitions) store.competitions.set(c.competitionId, c)
  return store
}

/** Runs `test` against `store`'s doubles with the test clock at DRAWS_NOW. */
export const runDraws = <A, E>(store: DrawStore, test: Effect.Effect<A, E, Draws>) =>
  Effect.provide(Effect.zipRight(TestClock.setTime(DRAWS_NOW), test), drawServicesOver(store))
