import { Effect, Layer } from "effect"
import { CompetitionNotFound, RepositoryError } from "../competitions/errors.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import {
  InstantWinGroupStore,
  type StaffInstantWinGroup,
  type TicketHolderDetails,
} from "../ports/instant-win-groups.js"
import { LiveCompetitions } from "../ports/live-competitions.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import type { Pence } from "../rules/money.js"
import type { VisibilityStatus } from "./model.js"

/** A competition as the in-memory store keeps it, for core's tests. */
export interface MemoryCompetition {
  competitionId: string
  startDateTimeUtc: Date
  /** Visible unless told: a fixture whose opening has passed is on sale, as before. */
  visibilityStatus?: VisibilityStatus
  totalTickets: number
  ticketsAllocated: number
  salt: string | null
  commitment: string | null
  groups: MemoryGroup[]
  /** Visible and not closed: counted by the instant-win share rule. */
  live?: boolean
  /**
   * Sold tickets (paid orders', and sales with no order row) and their
   * holders, for StaffTicketReads: an unpaid order's tickets are not here.
   */
  sold?: Map<number, TicketHolderDetails | null>
}

export interface MemoryGroup {
  id: string
  name: string
  imageUrls: string[]
  prizeSiteCredit: Pence | null
  ticketNumbers: number[]
  /** Those of `ticketNumbers` already won (none unless told). */
  wonTicketNumbers?: number[]
}

export interface MemoryStore {
  competitions: MemoryCompetition[]
  /** The audit log's entries, kept only when their transaction commits. */
  audit: AuditEntry[]
}

let ids = 0
const newId = () => {
  ids += 1
  return `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`
}

const toStaffGroup = (competitionId: string, group: MemoryGroup): StaffInstantWinGroup => ({
  id: group.id,
  competitionId,
  name: group.name,
  ticketCount: group.ticketNumbers.length,
  quantityWonToDate: (group.wonTicketNumbers ?? []).filter((n) => group.ticketNumbers.includes(n))
    .length,
  imageGroup:
    group.imageUrls.length === 0
      ? null
      : {
          id: `${group.id}-images`,
          name: group.name,
          description: group.name,
          images: group.imageUrls.map((url, i) => ({
            id: `${group.id}-${i}`,
            url,
            description: "",
          })),
        },
  prizeSiteCredit: group.prizeSiteCredit,
  ticketNumbers: [...group.ticketNumbers].sort((a, b) => a - b),
})

/**
 * The store on plain arrays, with a Transactions double that puts the whole
 * store back when the work fails, as the database's rollback would. It
 * refuses what the database's keys refuse, and passes the contract of
 * test/contracts/instant-win-groups.*.
 */
export const memoryInstantWinGroups = (store: MemoryStore) => {
  const unreachable = new RepositoryError({ operation: "instantWinGroups", cause: "no group" })
  const competition = (competitionId: string) =>
    store.competitions.find((c) => c.competitionId === competitionId)
  const groupById = (groupId: string) =>
    store.competitions.flatMap((c) => c.groups).find((g) => g.id === groupId)
  /**
   * What the database refuses: a group of no competition, a number outside
   * the pool (its foreign key), a number another group holds (its unique key).
   */
  const refusal = (
    operation: string,
    found: MemoryCompetition | undefined,
    groupId: string | null,
    ticketNumbers: readonly number[],
  ): RepositoryError | null => {
    const refused = (why: string) => new RepositoryError({ operation, cause: new Error(why) })
    if (found === undefined) return refused("no such competition or group")
    if (new Set(ticketNumbers).size !== ticketNumbers.length) return refused("a number twice")
    for (const n of ticketNumbers) {
      if (!Number.isInteger(n) || n < 1 || n > found.totalTickets)
        return refused(`${n} not in the pool`)
      if (found.groups.some((g) => g.id !== groupId && g.ticketNumbers.includes(n)))
        return refused(`${n} held by another group`)
    }
    return null
  }
  const competitionOfGroup = (groupId: string) =>
    store.competitions.find((c) => c.groups.some((g) => g.id === groupId))

  const groups = Layer.succeed(InstantWinGroupStore, {
    lock: (competitionId) =>
      Effect.suspend(() => {
        const found = competition(competitionId)
        if (found === undefined) return Effect.fail(new CompetitionNotFound({ competitionId }))
        return Effect.succeed({
          competitionId,
          startDateTimeUtc: found.startDateTimeUtc,
          visibilityStatus: found.visibilityStatus ?? "Visible",
          totalTickets: found.totalTickets,
          ticketsAllocated: found.ticketsAllocated,
          groups: found.groups.map((g) => toStaffGroup(competitionId, g)),
        })
      }),
    insert: (competitionId, fields, ticketNumbers) =>
      Effect.suspend(() => {
        const found = competition(competitionId)
        const refused = refusal("instantWinGroups.insert", found, null, ticketNumbers)
        if (refused !== null || found === undefined) return Effect.fail(refused ?? unreachable)
        const id = newId()
        found.groups.push({
          id,
          name: fields.name,
          imageUrls: [...fields.imageUrls],
          prizeSiteCredit: fields.prizeSiteCredit,
          ticketNumbers: [...ticketNumbers],
        })
        return Effect.succeed(id)
      }),
    update: (groupId, fields, ticketNumbers) =>
      Effect.suspend(() => {
        const found = competitionOfGroup(groupId)
        const refused = refusal("instantWinGroups.update", found, groupId, ticketNumbers ?? [])
        const group = groupById(groupId)
        if (refused !== null || group === undefined) return Effect.fail(refused ?? unreachable)
        group.name = fields.name
        group.imageUrls = [...fields.imageUrls]
        group.prizeSiteCredit = fields.prizeSiteCredit
        // The database deletes the group's numbers and writes them afresh: unwon.
        if (ticketNumbers !== undefined) {
          group.ticketNumbers = [...ticketNumbers]
          group.wonTicketNumbers = []
        }
        return Effect.void
      }),
    remove: (groupId) =>
      Effect.sync(() => {
        for (const c of store.competitions) c.groups = c.groups.filter((g) => g.id !== groupId)
      }),
    lines: (competitionId) =>
      Effect.sync(() =>
        (competition(competitionId)?.groups ?? []).flatMap((g) =>
          g.ticketNumbers.map((ticketNumber) => ({ instantWinGroupId: g.id, ticketNumber })),
        ),
      ),
    commit: (competitionId, commitment) =>
      Effect.sync(() => {
        const c = competition(competitionId)
        if (c === undefined) return
        c.salt = commitment?.salt ?? null
        c.commitment = commitment?.commitment ?? null
      }),
  })

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = structuredClone(store.competitions)
        const audited = store.audit.length
        return effect.pipe(
          Effect.tapErrorCause(() =>
            Effect.sync(() => {
              store.competitions = before
              store.audit.splice(audited)
            }),
          ),
        )
      }),
  })

  const auditLog = Layer.succeed(AuditLog, {
    record: (entry) => Effect.sync(() => void store.audit.push(entry)),
  })

  const live = Layer.succeed(LiveCompetitions, {
    lockedLive: () =>
      Effect.sync(() =>
        store.competitions
          .filter((c) => c.live === true)
          .map((c) => ({ id: c.competitionId, instantWin: c.groups.length > 0 })),
      ),
  })

  return Layer.mergeAll(groups, transactions, auditLog, live)
}

/** The platform's CSPRNG: the properties must hold for real randomness, not a script. */
export const WebCryptoRandom = Layer.succeed(SecureRandom, {
  bytes: (length) => Effect.sync(() => globalThis.crypto.getRandomValues(new Uint8Array(length))),
})
