import { bytesToHex } from "@noble/hashes/utils.js"
import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { instantWinCommitment } from "../draws/procedure.js"
import { SEED_BYTES } from "../draws/secrets.js"
import { chooseFreeTicketNumbers } from "../draws/secure-choice.js"
import { now } from "../ports/clock.js"
import {
  type InstantWinCompetition,
  InstantWinGroupStore,
  type StaffInstantWinGroup,
} from "../ports/instant-win-groups.js"
import { LiveCompetitions } from "../ports/live-competitions.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import { onSale } from "../rules/competition-admin.js"
import { type InstantWinGroupErrors, validateInstantWinGroup } from "../rules/instant-win-groups.js"
import type { Pence } from "../rules/money.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import { InstantWinGroupNotFound } from "./errors.js"
import { guardInstantWinShare } from "./live-share.js"

/**
 * Instant wins are fixed before the first ticket can be bought: once the
 * competition is on sale (published and open, or any ticket held), its
 * groups cannot change, so nobody can move a prize onto or off a ticket
 * already sold, nor change what buyers were shown.
 */
export class CompetitionAlreadyOpen extends Data.TaggedError("CompetitionAlreadyOpen")<{
  readonly competitionId: string
  readonly startDateTimeUtc: Date
  readonly ticketsHeld: number
}> {}

/** Field name (as on the wire) to message; the edge answers with the validation problem. */
export class InstantWinGroupInvalid extends Data.TaggedError("InstantWinGroupInvalid")<{
  readonly errors: InstantWinGroupErrors
}> {}

export interface NewInstantWinGroupRequest {
  readonly name: string
  readonly ticketCount: number
  readonly imageUrls: readonly string[]
  readonly prizeSiteCredit: Pence | null
}

/** A whole group as staff send it; images and prize left out are kept as they are. */
export interface InstantWinGroupUpdate {
  readonly name: string
  readonly ticketCount: number
  readonly imageUrls?: readonly string[] | undefined
  readonly prizeSiteCredit?: Pence | null | undefined
}

export interface InstantWinGroupChanged {
  readonly instantWinGroup: StaffInstantWinGroup
  /** The competition's commitment after the change; null once it has no instant wins. */
  readonly instantWinCommitment: string | null
}

/**
 * A group as the audit log keeps it: never its winning numbers, which stay
 * secret until the close (the commitment hides them) from staff as well.
 */
const audited = (group: StaffInstantWinGroup) => ({
  competitionId: group.competitionId,
  name: group.name,
  ticketCount: group.ticketCount,
  imageUrls: group.imageGroup?.images.map((image) => image.url) ?? [],
  prizeSiteCredit: group.prizeSiteCredit,
})

const countOf = (groups: readonly StaffInstantWinGroup[]) =>
  groups.reduce((sum, group) => sum + group.ticketCount, 0)

/**
 * Staff create, change and delete a competition's instant-win groups, only
 * before it opens. Every change picks numbers with SecureRandom among those
 * no other group holds and publishes a new commitment over all the groups'
 * numbers under a fresh salt, in the transaction that makes the change: a
 * published commitment always hides exactly the numbers stored.
 */
export class InstantWinGroups extends Effect.Service<InstantWinGroups>()(
  "@howzat/core/InstantWinGroups",
  {
    effect: Effect.gen(function* () {
      const store = yield* InstantWinGroupStore
      const transactions = yield* Transactions
      const random = yield* SecureRandom
      const audit = yield* auditor
      const liveCompetitions = yield* LiveCompetitions

      const chooseNumbers = (total: number, taken: ReadonlySet<number>, count: number) =>
        Effect.provideService(chooseFreeTicketNumbers(total, taken, count), SecureRandom, random)

      /**
       * A fresh salt every time: the salt is what keeps the numbers secret
       * until the close, and reusing one would let anyone who saw two
       * commitments test guesses about what changed between them.
       */
      const recommit = (competitionId: string) =>
        Effect.gen(function* () {
          const lines = yield* store.lines(competitionId)
          if (lines.length === 0) {
            yield* store.commit(competitionId, null)
            return null
          }
          const salt = bytesToHex(yield* random.bytes(SEED_BYTES))
          const commitment = instantWinCommitment(salt, lines)
          yield* store.commit(competitionId, { salt, commitment })
          return commitment
        })

      /** Locks the competition, refuses once it is open, makes the change and recommits. */
      const beforeOpening = <A, E>(
        competitionId: string,
        by: Principal,
        change: (competition: InstantWinCompetition) => Effect.Effect<A, E>,
      ) =>
        Effect.gen(function* () {
          yield* authorize(by, "ManageCompetitions")
          return yield* transactions.within(
            Effect.gen(function* () {
              const competition = yield* store.lock(competitionId)
              const at = yield* now
              if (onSale({ ...competition, ticketsHeld: competition.ticketsAllocated }, at)) {
                return yield* new CompetitionAlreadyOpen({
                  competitionId,
                  startDateTimeUtc: competition.startDateTimeUtc,
                  ticketsHeld: competition.ticketsAllocated,
                })
              }
              const result = yield* change(competition)
              const commitment = yield* recommit(competitionId)
              return { result, commitment }
            }),
          )
        })

      const groupOf = (competition: InstantWinCompetition, instantWinGroupId: string) => {
        const group = competition.groups.find(
          (g) => g.id.toLowerCase() === instantWinGroupId.toLowerCase(),
        )
        return group === undefined
          ? Effect.fail(
              new InstantWinGroupNotFound({
                competitionId: competition.competitionId,
                instantWinGroupId,
              }),
            )
          : Effect.succeed(group)
      }

      /** The group as stored now, inside the change's transaction. */
      const reread = (competitionId: string, instantWinGroupId: string) =>
        Effect.flatMap(store.lock(competitionId), (competition) =>
          groupOf(competition, instantWinGroupId),
        )

      const validated = (
        draft: Parameters<typeof validateInstantWinGroup>[0],
        freeNumbers: number,
      ) => {
        const errors = validateInstantWinGroup(draft, freeNumbers)
        return Object.keys(errors).length > 0
          ? Effect.fail(new InstantWinGroupInvalid({ errors }))
          : Effect.void
      }

      const create = (competitionId: string, request: NewInstantWinGroupRequest, by: Principal) =>
        Effect.gen(function* () {
          const { result, commitment } = yield* beforeOpening(competitionId, by, (competition) =>
            Effect.gen(function* () {
              const free = competition.totalTickets - countOf(competition.groups)
              yield* validated({ ...request, prizeSiteCreditPence: request.prizeSiteCredit }, free)
              // The first group makes a published (scheduled) competition an instant-win one.
              if (competition.groups.length === 0)
                yield* Effect.provideService(
                  Effect.flatMap(now, (at) =>
                    guardInstantWinShare(competitionId, at, (current) =>
                      current === undefined ? null : { id: current.id, instantWin: true },
                    ),
                  ),
                  LiveCompetitions,
                  liveCompetitions,
                )
              const taken = new Set(competition.groups.flatMap((g) => g.ticketNumbers))
              const numbers = yield* chooseNumbers(
                competition.totalTickets,
                taken,
                request.ticketCount,
              )
              const id = yield* store.insert(
                competitionId,
                {
                  name: request.name.trim(),
                  imageUrls: request.imageUrls,
                  prizeSiteCredit: request.prizeSiteCredit,
                },
                numbers,
              )
              const created = yield* reread(competitionId, id)
              yield* audit(by, {
                action: "InstantWinGroup.Create",
                subject: { type: "InstantWinGroup", id: created.id },
                before: null,
                after: audited(created),
              })
              return created
            }),
          )
          return { instantWinGroup: result, instantWinCommitment: commitment }
        })

      const update = (
        competitionId: string,
        instantWinGroupId: string,
        request: InstantWinGroupUpdate,
        by: Principal,
      ) =>
        Effect.gen(function* () {
          const { result, commitment } = yield* beforeOpening(competitionId, by, (competition) =>
            Effect.gen(function* () {
              const group = yield* groupOf(competition, instantWinGroupId)
              const others = competition.groups.filter((g) => g.id !== group.id)
              const imageUrls =
                request.imageUrls ?? group.imageGroup?.images.map((image) => image.url) ?? []
              const prizeSiteCredit =
                request.prizeSiteCredit === undefined
                  ? group.prizeSiteCredit
                  : request.prizeSiteCredit
              yield* validated(
                {
                  name: request.name,
                  ticketCount: request.ticketCount,
                  imageUrls,
                  prizeSiteCreditPence: prizeSiteCredit,
                },
                competition.totalTickets - countOf(others),
              )
              // A new count is a new draw of the whole group, among the other groups' gaps.
              const numbers =
                request.ticketCount === group.ticketCount
                  ? undefined
                  : yield* chooseNumbers(
                      competition.totalTickets,
                      new Set(others.flatMap((g) => g.ticketNumbers)),
                      request.ticketCount,
                    )
              yield* store.update(
                group.id,
                { name: request.name.trim(), imageUrls, prizeSiteCredit },
                numbers,
              )
              const updated = yield* reread(competitionId, group.id)
              yield* audit(by, {
                action: "InstantWinGroup.Update",
                subject: { type: "InstantWinGroup", id: group.id },
                before: audited(group),
                after: audited(updated),
              })
              return updated
            }),
          )
          return { instantWinGroup: result, instantWinCommitment: commitment }
        })

      const remove = (competitionId: string, instantWinGroupId: string, by: Principal) =>
        Effect.gen(function* () {
          const { commitment } = yield* beforeOpening(competitionId, by, (competition) =>
            Effect.flatMap(groupOf(competition, instantWinGroupId), (group) =>
              Effect.zipRight(
                store.remove(group.id),
                audit(by, {
                  action: "InstantWinGroup.Delete",
                  subject: { type: "InstantWinGroup", id: group.id },
                  before: audited(group),
                  after: null,
                }),
              ),
            ),
          )
          return { instantWinCommitment: commitment }
        })

      return { create, update, remove }
    }),
  },
) {}
