import { Effect, Layer } from "effect"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { CategoryRepo, CompetitionRepo } from "../ports/catalogue.js"
import { CatalogueAdminStore } from "../ports/catalogue-admin.js"
import { CompetitionAdminStore, type LockedCompetition } from "../ports/competition-admin.js"
import { LiveCompetitions } from "../ports/live-competitions.js"
import { Transactions } from "../ports/transactions.js"
import { isLive } from "../rules/live-competitions.js"
import { pence } from "../rules/money.js"
import { makeMemoryCatalogueAdminStore } from "./catalogue-admin-store-doubles.js"
import { makeMemoryCategoryRepo } from "./catalogue-doubles.js"
import { makeMemoryCompetitionAdminStore } from "./competition-admin-store-doubles.js"
import { makeMemoryCompetitionRepo } from "./competition-repo-doubles.js"
import type { AttributeType, Category, Competition } from "./model.js"

/** Everything the in-memory catalogue keeps; a rollback puts all of it back. */
export interface MemoryCatalogue {
  competitions: LockedCompetition[]
  categories: Category[]
  attributeTypes: AttributeType[]
  imageGroupIds: string[]
  audit: AuditEntry[]
}

/**
 * A staff record as the storefront reads it. The staff store keeps no
 * images, numbers or seed, so those read as none; attributes and instant-win
 * groups are named from what it keeps.
 */
const shown =
  (memory: MemoryCatalogue) =>
  (c: LockedCompetition): Competition => ({
    ...c,
    ticketPrice: pence(c.ticketPrice),
    cashAlternativeValue: c.cashAlternativeValue === null ? null : pence(c.cashAlternativeValue),
    ticketsSoldToDate: c.ticketsSold,
    attributes: c.attributes.map((a) => ({
      attributeType: {
        id: a.attributeTypeId,
        description:
          memory.attributeTypes.find((t) => t.id === a.attributeTypeId)?.description ?? "",
      },
      value: a.value,
    })),
    imageGroup: null,
    instantWinGroups: c.instantWinGroups.map((g, i) => ({
      id: `${c.id}/instant-win-group-${i + 1}`,
      name: g.name,
      ticketCount: g.ticketCount,
      quantityWonToDate: 0,
      imageGroup: null,
    })),
    drawCommitment: "0".repeat(64),
    drawResult: null,
    drawOnSellOut: c.drawOnSellOut,
    drawBroughtForward: c.drawBroughtForward,
    instantWinCommitment: null,
  })

/**
 * The catalogue's staff ports on plain arrays, for core's tests, with a
 * Transactions double that restores the whole catalogue (audit entries
 * included) when the work fails, as the database's rollback would.
 */
export const memoryCatalogueAdmin = (memory: MemoryCatalogue) => {
  const competitionStore = Layer.succeed(
    CompetitionAdminStore,
    makeMemoryCompetitionAdminStore(memory),
  )

  // The one in-memory CompetitionRepo, over the staff's records as the storefront sees them.
  const reads = Layer.succeed(
    CompetitionRepo,
    makeMemoryCompetitionRepo({
      competitions: () => memory.competitions.map(shown(memory)),
      instantWinNumbers: () => [],
    }),
  )

  const catalogueStore = Layer.succeed(CatalogueAdminStore, makeMemoryCatalogueAdminStore(memory))

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = structuredClone({ ...memory, audit: [...memory.audit] })
        return effect.pipe(
          Effect.tapErrorCause(() =>
            Effect.sync(() => {
              Object.assign(memory, before)
            }),
          ),
        )
      }),
  })

  const live = Layer.succeed(LiveCompetitions, {
    lockedLive: (now) =>
      Effect.sync(() =>
        memory.competitions
          .filter((c) => isLive(c, now))
          .map((c) => ({ id: c.id, instantWin: c.instantWinGroups.length > 0 })),
      ),
  })

  return Layer.mergeAll(
    competitionStore,
    live,
    reads,
    catalogueStore,
    transactions,
    Layer.succeed(
      CategoryRepo,
      makeMemoryCategoryRepo(() => memory.categories),
    ),
    // Onto whichever array the catalogue holds now, so a rollback takes the entry back.
    Layer.succeed(AuditLog, {
      record: (entry) => Effect.sync(() => void memory.audit.push(entry)),
    }),
  )
}
