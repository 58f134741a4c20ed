import { Effect, Layer } from "effect"
import { CompetitionNotFound } from "../competitions/errors.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { InstantWinGroupStore, type StaffInstantWinGroup } from "../ports/instant-win-groups.js"
import { LiveCompetitions } from "../ports/live-competitions.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import type { Pence } from "../rules/money.js"

/** A competition as the in-memory store keeps it, for core's tests. */
export interface MemoryCompetition {
  competitionId: string
  startDateTimeUtc: Date
  totalTickets: number
  ticketsAllocated: number
  salt: string | null
  commitment: string | null
  groups: MemoryGroup[]
  /** Visible and not closed: counted by the instant-win share rule. */
  live?: boolean
}

export interface MemoryGroup {
  id: string
  name: string
  imageUrls: string[]
  prizeSiteCredit: Pence | null
  ticketNumbers: number[]
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
  quantityWonToDate: 0,
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
 * store back when the work fails, as the database's rollback would.
 */
export const memoryInstantWinGroups = (store: MemoryStore) => {
  const competition = (competitionId: string) =>
    store.competitions.find((c) => c.competitionId === competitionId)
  const groupById = (groupId: string) =>
    store.competitions.flatMap((c) => c.groups).find((g) => g.id === groupId)
  const mustFind = <A>(found: A | undefined, what: string): A => {
    if (found === undefined) throw new Error(`memory store: no ${what}`)
    return found
  }

  const groups = Layer.succeed(InstantWinGroupStore, {
    lock: (competitionId) =>
      Effect.suspend(() => {
        const found = competition(competitionId)
        if (found === undefined) return Effect.fail(new CompetitionNotFound({ competitionId }))
        return Effect.succeed({
          competitionId,
          startDateTimeUtc: found.startDateTimeUtc,
          totalTickets: found.totalTickets,
          ticketsAllocated: found.ticketsAllocated,
          groups: found.groups.map((g) => toStaffGroup(competitionId, g)),
        })
      }),
    insert: (competitionId, fields, ticketNumbers) =>
      Effect.sync(() => {
        const id = newId()
        mustFind(competition(competitionId), "competition").groups.push({
          id,
          name: fields.name,
          imageUrls: [...fields.imageUrls],
          prizeSiteCredit: fields.prizeSiteCredit,
          ticketNumbers: [...ticketNumbers],
        })
        return id
      }),
    update: (groupId, fields, ticketNumbers) =>
      Effect.sync(() => {
        const group = mustFind(groupById(groupId), "group")
        group.name = fields.name
        group.imageUrls = [...fields.imageUrls]
        group.prizeSiteCredit = fields.prizeSiteCredit
        if (ticketNumbers !== undefined) group.ticketNumbers = [...ticketNumbers]
      }),
    remove: (groupId) =>
      Effect.sync(() => {
        for (const c of store.competitions) c.groups = c.groups.filter((g) => g.id !== groupId)
      }),
    lines: (competitionId) =>
      Effect.sync(() =>
        mustFind(competition(competitionId), "competition").groups.flatMap((g) =>
          g.ticketNumbers.map((ticketNumber) => ({ instantWinGroupId: g.id, ticketNumber })),
        ),
      ),
    commit: (competitionId, commitment) =>
      Effect.sync(() => {
        const c = mustFind(competition(competitionId), "competition")
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
