import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { Page, PageRequest } from "../competitions/model.js"
import { now } from "../ports/clock.js"
import {
  type CustomerHarmFacts,
  type HarmSignalCustomer,
  HarmSignalFacts,
  type HarmSignalReview,
} from "../ports/harm-signal-facts.js"
import { ResponsiblePlayEvents } from "../ports/responsible-play-events.js"
import { Transactions } from "../ports/transactions.js"
import {
  type HarmSignal,
  harmCandidateFilter,
  harmSignalLookbackMs,
  harmSignals,
  PLAY_HARM_KINDS,
  startOfLondonMonth,
  validateReviewNote,
} from "../rules/harm-signals.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"

export class HarmSignalCustomerNotFound extends Data.TaggedError("HarmSignalCustomerNotFound")<{
  readonly customerId: string
}> {}

export class HarmSignalNothingToReview extends Data.TaggedError("HarmSignalNothingToReview")<{
  readonly customerId: string
}> {}

export class HarmSignalNoteInvalid extends Data.TaggedError("HarmSignalNoteInvalid")<{
  readonly message: string
}> {}

/** A customer the list shows: who, their signals, and the newest evidence among them. */
export interface FlaggedCustomer {
  readonly customer: HarmSignalCustomer
  readonly signals: readonly HarmSignal[]
  readonly latestEvidenceAt: Date
}

export interface CustomerHarmSignals {
  readonly customer: HarmSignalCustomer
  readonly signals: readonly HarmSignal[]
  readonly reviews: readonly HarmSignalReview[]
}

/** What the customer's own account pages show (never the signals themselves). */
export interface ResponsiblePlaySignposting {
  /** True while any play-harm signal fires, reviewed or not: the calm panel with help links. */
  readonly show: boolean
  readonly spendThisMonthPence: number
}

export type FlaggedFilter = "AwaitingReview" | "All"

const newest = (signals: readonly HarmSignal[]) =>
  new Date(Math.max(...signals.map((s) => s.latestEvidenceAt.getTime())))

/**
 * Harm signals (decision 0044): staff's list of customers whose
 * play suggests harm, one customer's signals and reviews, "mark reviewed"
 * with a note (ReviewHarmSignals; audited; a HarmSignalReviewed event, so
 * the signal stays quiet until newer evidence), and the customer's own
 * signposting.
 */
export class HarmSignals extends Effect.Service<HarmSignals>()("@howzat/core/HarmSignals", {
  effect: Effect.gen(function* () {
    const facts = yield* HarmSignalFacts
    const events = yield* ResponsiblePlayEvents
    const transactions = yield* Transactions
    const audit = yield* auditor

    const window = Effect.map(now, (at) => ({
      at,
      since: new Date(at.getTime() - harmSignalLookbackMs()),
    }))

    const judged = (gathered: CustomerHarmFacts, at: Date): CustomerHarmSignals => ({
      customer: gathered.customer,
      signals: harmSignals(gathered.facts, at),
      reviews: gathered.reviews,
    })

    const list = (by: Principal, query: { filter: FlaggedFilter; page: PageRequest }) =>
      Effect.gen(function* () {
        yield* authorize(by, "ReviewHarmSignals")
        const { at, since } = yield* window
        // Only customers core's filter lets through can be flagged: the rest
        // of the window's buyers are never gathered (docs/decisions/0094).
        const ids = yield* facts.candidatesFor(harmCandidateFilter(at))
        const gathered = yield* facts.factsOf(ids, since)
        const flagged: FlaggedCustomer[] = []
        for (const each of gathered.values()) {
          const all = harmSignals(each.facts, at)
          const shown = query.filter === "All" ? all : all.filter((signal) => signal.awaitingReview)
          if (shown.length > 0)
            flagged.push({
              customer: each.customer,
              signals: shown,
              latestEvidenceAt: newest(shown),
            })
        }
        flagged.sort(
          (a, b) =>
            b.latestEvidenceAt.getTime() - a.latestEvidenceAt.getTime() ||
            (a.customer.customerId < b.customer.customerId ? -1 : 1),
        )
        const { pageNumber, pageSize } = query.page
        return {
          items: flagged.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
          pageNumber,
          pageSize,
          totalCount: flagged.length,
        } satisfies Page<FlaggedCustomer>
      })

    const gatherOne = (customerId: string) =>
      Effect.gen(function* () {
        const { at, since } = yield* window
        const gathered = (yield* facts.factsOf([customerId], since)).get(customerId)
        if (gathered === undefined) return yield* new HarmSignalCustomerNotFound({ customerId })
        return { at, gathered }
      })

    const forCustomer = (by: Principal, customerId: string) =>
      Effect.gen(function* () {
        yield* authorize(by, "ReviewHarmSignals")
        const { at, gathered } = yield* gatherOne(customerId)
        return judged(gathered, at)
      })

    /** Covers every signal awaiting review; refused when there is none. */
    const review = (by: Principal, customerId: string, note: string) =>
      Effect.gen(function* () {
        yield* authorize(by, "ReviewHarmSignals")
        const noteError = validateReviewNote(note)
        if (noteError !== undefined) return yield* new HarmSignalNoteInvalid({ message: noteError })
        return yield* transactions.within(
          Effect.gen(function* () {
            const { at, gathered } = yield* gatherOne(customerId)
            const before = judged(gathered, at)
            const awaiting = before.signals.filter((s) => s.awaitingReview).map((s) => s.kind)
            if (awaiting.length === 0) return yield* new HarmSignalNothingToReview({ customerId })
            const detail = { signals: awaiting, note: note.trim(), reviewedBy: by.userId }
            yield* events.record({ customerId, kind: "HarmSignalReviewed", at, detail })
            yield* audit(by, {
              action: "HarmSignal.Review",
              subject: { type: "Customer", id: customerId },
              before: { awaitingReview: awaiting },
              after: detail,
              at,
            })
            return {
              ...before,
              signals: before.signals.map((s) =>
                awaiting.includes(s.kind) ? { ...s, reviewedAt: at, awaitingReview: false } : s,
              ),
              reviews: [
                ...before.reviews,
                { at, signals: awaiting, note: note.trim(), by: by.userId },
              ],
            } satisfies CustomerHarmSignals
          }),
        )
      })

    /** The owner's own view; anyone else is told the customer does not exist. */
    const signposting = (by: Principal, customerId: string) =>
      Effect.gen(function* () {
        if (by.customerId !== customerId)
          return yield* new HarmSignalCustomerNotFound({ customerId })
        const { at, gathered } = yield* gatherOne(customerId)
        const monthStart = startOfLondonMonth(at).getTime()
        return {
          // A refused referral is fraud for staff, not harm to signpost (decision 0065).
          show: harmSignals(gathered.facts, at).some((s) => PLAY_HARM_KINDS.includes(s.kind)),
          spendThisMonthPence: gathered.facts.spends
            .filter((s) => s.at.getTime() >= monthStart && s.at.getTime() <= at.getTime())
            .reduce((sum, s) => sum + s.pence, 0),
        } satisfies ResponsiblePlaySignposting
      })

    return { list, forCustomer, review, signposting }
  }),
}) {}
