import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { competitionSecrets } from "../draws/secrets.js"
import { chooseFreeTicketNumbers } from "../draws/secure-choice.js"
import type { AuditValue } from "../ports/audit-log.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import {
  CompetitionAdminStore,
  type LockedCompetition,
  type MissingReferences,
} from "../ports/competition-admin.js"
import type { NewInstantWinGroup } from "../ports/competition-writer.js"
import { LiveCompetitions } from "../ports/live-competitions.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import {
  type ChangeRefusal,
  type CompetitionDraft,
  type CompetitionDraftErrors,
  changeRefusal,
  competitionMessages,
  type DeletionRefusal,
  deletionRefusal,
  validateCompetitionDraft,
} from "../rules/competition-admin.js"
import { isLive, openTooShort, openTooShortMessage } from "../rules/live-competitions.js"
import { pickYourNumbersSwitchRefusal } from "../rules/picked-numbers.js"
import {
  broughtForward,
  type DrawForwardRefusal,
  drawForwardError,
  drawForwardRefusal,
  sellOutClose,
} from "../rules/sold-out-early.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import { CompetitionPolicy } from "./competition-policy.js"
import { guardInstantWinShare } from "./live-share.js"

/** Field name (as on the wire) to message; the edge answers with the validation problem. */
export class CompetitionInvalid extends Data.TaggedError("CompetitionInvalid")<{
  readonly errors: CompetitionDraftErrors
}> {}

/** The change cannot be made now, whatever its values (409). */
export class CompetitionChangeRefused extends Data.TaggedError("CompetitionChangeRefused")<{
  readonly competitionId: string
  readonly refusal: ChangeRefusal
}> {}

export class CompetitionDeletionRefused extends Data.TaggedError("CompetitionDeletionRefused")<{
  readonly competitionId: string
  readonly reason: DeletionRefusal
}> {}

/** The draw cannot be brought forward now, whatever time is asked for (409). */
export class DrawForwardRefused extends Data.TaggedError("DrawForwardRefused")<{
  readonly competitionId: string
  readonly refusal: DrawForwardRefusal
}> {}

/** How many sold-out competitions the scheduler closes at a time. */
export const SELL_OUT_BATCH = 20

/** What a duplicate needs that the original cannot give: its own dates, and maybe a name. */
export interface DuplicateRequest {
  readonly name?: string | undefined
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString())

/** The audit log's picture of a competition: its fields as plain JSON. */
export const competitionAuditValue = (c: CompetitionDraft): AuditValue => ({
  name: c.name,
  description: c.description,
  ticketPrice: c.ticketPrice,
  totalTickets: c.totalTickets,
  maxTicketsPerCustomer: c.maxTicketsPerCustomer,
  defaultTicketSaleQuantity: c.defaultTicketSaleQuantity,
  cashAlternativeValue: c.cashAlternativeValue,
  startDateTimeUtc: iso(c.startDateTimeUtc),
  closeDateTimeUtc: iso(c.closeDateTimeUtc),
  drawDateTimeUtc: iso(c.drawDateTimeUtc),
  drawType: c.drawType,
  drawOnSellOut: c.drawOnSellOut,
  visibilityStatus: c.visibilityStatus,
  categoryIds: [...c.categoryIds],
  attributes: c.attributes.map((a) => ({ attributeTypeId: a.attributeTypeId, value: a.value })),
  imageGroupId: c.imageGroupId,
  pickYourNumbers: c.pickYourNumbers === true,
})

const referenceErrors = (missing: MissingReferences): CompetitionDraftErrors => ({
  ...(missing.categoryIds.length > 0
    ? { categoryIds: `${competitionMessages.unknownCategory}: ${missing.categoryIds.join(", ")}` }
    : {}),
  ...(missing.attributeTypeIds.length > 0
    ? {
        attributes: `${competitionMessages.unknownAttributeType}: ${missing.attributeTypeIds.join(", ")}`,
      }
    : {}),
  ...(missing.imageGroup ? { imageGroupId: competitionMessages.unknownImageGroup } : {}),
})

/** One id once, whatever its case: a link is a set. */
const tidy = (draft: CompetitionDraft): CompetitionDraft => ({
  ...draft,
  name: draft.name.trim(),
  categoryIds: [...new Set(draft.categoryIds.map((id) => id.toLowerCase()))],
  attributes: draft.attributes.map((a) => ({
    ...a,
    attributeTypeId: a.attributeTypeId.toLowerCase(),
  })),
})

const draftOf = (c: LockedCompetition): CompetitionDraft => ({
  name: c.name,
  description: c.description,
  ticketPrice: c.ticketPrice,
  totalTickets: c.totalTickets,
  maxTicketsPerCustomer: c.maxTicketsPerCustomer,
  defaultTicketSaleQuantity: c.defaultTicketSaleQuantity,
  cashAlternativeValue: c.cashAlternativeValue,
  startDateTimeUtc: c.startDateTimeUtc,
  closeDateTimeUtc: c.closeDateTimeUtc,
  drawDateTimeUtc: c.drawDateTimeUtc,
  drawType: c.drawType,
  drawOnSellOut: c.drawOnSellOut,
  visibilityStatus: c.visibilityStatus,
  categoryIds: c.categoryIds,
  attributes: c.attributes,
  imageGroupId: c.imageGroupId,
  pickYourNumbers: c.pickYourNumbers === true,
})

/**
 * Staff create, edit, duplicate, publish or hide, and delete competitions
 * (docs/decisions/0027). Every write asks `authorize` first,
 * is judged under the competition's row lock against what has already
 * happened to it, and records an audit entry in the same transaction.
 */
export class CompetitionAdmin extends Effect.Service<CompetitionAdmin>()(
  "@howzat/core/CompetitionAdmin",
  {
    effect: Effect.gen(function* () {
      const store = yield* CompetitionAdminStore
      const competitions = yield* CompetitionRepo
      const transactions = yield* Transactions
      const audit = yield* auditor
      const random = yield* SecureRandom
      const liveCompetitions = yield* LiveCompetitions
      const policy = yield* CompetitionPolicy

      /** The shop-wide share check, with the port this service was built with. */
      const guardShare = (...args: Parameters<typeof guardInstantWinShare>) =>
        Effect.provideService(guardInstantWinShare(...args), LiveCompetitions, liveCompetitions)

      const validated = (
        draft: CompetitionDraft,
        at: Date,
        previous?: CompetitionDraft,
        instantWinNumbers = 0,
      ) =>
        Effect.gen(function* () {
          const errors = validateCompetitionDraft(draft, at, previous)
          // Instant-win numbers are public: customers must not pick them (decision 0080).
          const pickRefusal = pickYourNumbersSwitchRefusal(
            draft.pickYourNumbers === true,
            instantWinNumbers,
          )
          if (pickRefusal !== null) errors.pickYourNumbers = pickRefusal
          if (
            errors.closeDateTimeUtc === undefined &&
            openTooShort(draft, policy.minimumOpenMs, previous)
          )
            errors.closeDateTimeUtc = openTooShortMessage(policy.minimumOpenMs)
          const missing = referenceErrors(yield* store.missing(draft))
          const all = { ...missing, ...errors }
          if (Object.keys(all).length > 0) return yield* new CompetitionInvalid({ errors: all })
        })

      const record = (
        by: Principal,
        action: string,
        competitionId: string,
        before: AuditValue,
        after: AuditValue,
      ) => audit(by, { action, subject: { type: "Competition", id: competitionId }, before, after })

      /** The competition as the API shows it, hidden or not, once the write has committed. */
      const shown = (competitionId: string) =>
        competitions.byId(competitionId, { visibleOnly: false })

      /** Fresh numbers for each group, chosen with SecureRandom as a new group's are. */
      const freshInstantWins = (total: number, groups: LockedCompetition["instantWinGroups"]) =>
        Effect.gen(function* () {
          const taken = new Set<number>()
          const made: NewInstantWinGroup[] = []
          for (const group of groups) {
            const numbers = yield* chooseFreeTicketNumbers(total, taken, group.ticketCount)
            for (const n of numbers) taken.add(n)
            made.push({ ...group, ticketNumbers: numbers })
          }
          return made
        }).pipe(Effect.provideService(SecureRandom, random))

      const insert = (
        by: Principal,
        draft: CompetitionDraft,
        groups: readonly NewInstantWinGroup[],
        action: string,
        source?: string,
      ) =>
        transactions.within(
          Effect.gen(function* () {
            const secrets = yield* Effect.provideService(competitionSecrets, SecureRandom, random)
            const id = yield* store.create(draft, secrets, groups)
            const stored = yield* store.lock(id)
            yield* record(
              by,
              action,
              id,
              source === undefined ? null : { copiedFrom: source },
              competitionAuditValue(draftOf(stored)),
            )
            return id
          }),
        )

      const create = (request: CompetitionDraft, by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          const draft = tidy(request)
          // No share check: a new competition has no instant-win groups yet, so publishing it
          // at once only ever lowers the instant-win share.
          // Checked in the insert's transaction, just before the links are written; a category
          // deleted in between fails the foreign key and the whole insert with it.
          const id = yield* transactions.within(
            Effect.zipRight(
              Effect.flatMap(now, (at) => validated(draft, at)),
              insert(by, draft, [], "Competition.Create"),
            ),
          )
          return yield* shown(id)
        })

      const update = (competitionId: string, request: CompetitionDraft, by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          const draft = tidy(request)
          yield* transactions.within(
            Effect.gen(function* () {
              const stored = yield* store.lock(competitionId)
              const at = yield* now
              const before = draftOf(stored)
              yield* validated(
                draft,
                at,
                before,
                stored.instantWinGroups.reduce((sum, g) => sum + g.ticketCount, 0),
              )
              const refusal = changeRefusal(stored, draft, at)
              if (refusal !== null)
                return yield* new CompetitionChangeRefused({ competitionId: stored.id, refusal })
              // Publishing or hiding changes the live set; other edits leave it as it was.
              const liveAfter = isLive(draft, at)
              if (isLive(stored, at) !== liveAfter)
                yield* guardShare(stored.id, at, () =>
                  liveAfter
                    ? { id: stored.id, instantWin: stored.instantWinGroups.length > 0 }
                    : null,
                )
              yield* store.update(stored.id, draft)
              const after = yield* store.lock(stored.id)
              yield* record(
                by,
                "Competition.Update",
                stored.id,
                competitionAuditValue(before),
                competitionAuditValue(draftOf(after)),
              )
            }),
          )
          return yield* shown(competitionId)
        })

      const remove = (competitionId: string, by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          yield* transactions.within(
            Effect.gen(function* () {
              const stored = yield* store.lock(competitionId)
              const reason = deletionRefusal(stored)
              if (reason !== null)
                return yield* new CompetitionDeletionRefused({ competitionId: stored.id, reason })
              const at = yield* now
              if (isLive(stored, at)) yield* guardShare(stored.id, at, () => null)
              yield* store.remove(stored.id)
              yield* record(
                by,
                "Competition.Delete",
                stored.id,
                competitionAuditValue(draftOf(stored)),
                null,
              )
            }),
          )
        })

      /**
       * A hidden copy to set up the next one like it: the same prize, price
       * and pool size, its own dates, a fresh seed and commitment, fresh
       * instant-win numbers, nothing sold.
       */
      const duplicate = (competitionId: string, request: DuplicateRequest, by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          const source = yield* transactions.within(store.lock(competitionId))
          const draft = tidy({
            ...draftOf(source),
            name: request.name ?? source.name,
            startDateTimeUtc: request.startDateTimeUtc,
            closeDateTimeUtc: request.closeDateTimeUtc,
            drawDateTimeUtc: request.drawDateTimeUtc,
            visibilityStatus: "Hidden",
          })
          const groups = yield* freshInstantWins(draft.totalTickets, source.instantWinGroups)
          const instantWinNumbers = groups.reduce((sum, g) => sum + g.ticketNumbers.length, 0)
          const id = yield* transactions.within(
            Effect.zipRight(
              Effect.flatMap(now, (at) => validated(draft, at, undefined, instantWinNumbers)),
              insert(by, draft, groups, "Competition.Duplicate", source.id),
            ),
          )
          return yield* shown(id)
        })

      /**
       * Staff bring a sold-out competition's draw forward, with a day's
       * notice and only ever earlier (rules/sold-out-early.ts); the close
       * comes forward to now, and the page says the draw was brought forward.
       */
      const bringDrawForward = (competitionId: string, drawDateTimeUtc: Date, by: Principal) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          yield* transactions.within(
            Effect.gen(function* () {
              const stored = yield* store.lock(competitionId)
              const refusal = drawForwardRefusal(stored)
              if (refusal !== null)
                return yield* new DrawForwardRefused({ competitionId: stored.id, refusal })
              const at = yield* now
              const error = drawForwardError(stored, drawDateTimeUtc, at)
              if (error !== null)
                return yield* new CompetitionInvalid({ errors: { drawDateTimeUtc: error } })
              const moved = broughtForward(stored, drawDateTimeUtc, at)
              yield* store.moveDraw(stored.id, moved)
              yield* record(
                by,
                "Competition.BringDrawForward",
                stored.id,
                {
                  closeDateTimeUtc: stored.closeDateTimeUtc.toISOString(),
                  drawDateTimeUtc: iso(stored.drawDateTimeUtc),
                },
                {
                  closeDateTimeUtc: moved.closeDateTimeUtc.toISOString(),
                  drawDateTimeUtc: moved.drawDateTimeUtc.toISOString(),
                  broughtForwardFrom: moved.drawBroughtForward.from.toISOString(),
                },
              )
            }),
          )
          return yield* shown(competitionId)
        })

      /**
       * The scheduler's step before its draw pass: each automatic
       * competition set to draw on sell-out whose last ticket is now paid is
       * closed and made due, under its row lock (so two processes close it
       * once; the draw itself is recorded once by Draws). Answers the ids it
       * closed. Not audited: the procedure's own, as the draw is.
       */
      const closeSoldOut = Effect.gen(function* () {
        const candidates = yield* store.soldOutAwaitingClose(yield* now, SELL_OUT_BATCH)
        const closed: string[] = []
        for (const competitionId of candidates) {
          const moved = yield* transactions.within(
            Effect.gen(function* () {
              const stored = yield* store.lock(competitionId)
              // The clock read under the lock: the close is the moment it was judged sold out.
              const move = sellOutClose(stored, yield* now)
              if (move !== null) yield* store.moveDraw(stored.id, move)
              return move !== null
            }),
          )
          if (moved) closed.push(competitionId)
        }
        return closed
      })

      return { create, update, remove, duplicate, bringDrawForward, closeSoldOut }
    }),
  },
) {}
