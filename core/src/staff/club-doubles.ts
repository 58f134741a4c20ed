import { Effect, Exit, Layer } from "effect"
import type { AuditEntry } from "../ports/audit-log.js"
import { ClubDirectory, ClubStore, type StaffClub } from "../ports/club-store.js"
import { Transactions } from "../ports/transactions.js"
import type { ClubLedgerEntry } from "../rules/clubs.js"
import { figuresOf, ordersKeepClub } from "../rules/clubs.js"
import type { OrderStatus } from "../rules/order-status.js"
import { memoryPage } from "../testing/paging.js"
import { auditLogOver } from "./audit-log-doubles.js"

export interface MemoryClubs {
  clubs: { id: string; name: string; createdAt: Date; voucherPromotionId: string | null }[]
  vouchers: {
    id: string
    code: string
    description: string
    clubId: string | null
    usageCount: number
    /** Not yet valid before this (none unless told). */
    validFrom?: Date | null
    validTo: Date | null
  }[]
  /** Credit, reversals and payouts, as the club's ledger lists them. */
  ledger: (ClubLedgerEntry & { clubId: string })[]
  audit: AuditEntry[]
  /** Orders that used a voucher, in their status now (the database's promotion uses). */
  ordersUsingVouchers: { promotionId: string; status: OrderStatus }[]
}

export const emptyClubs = (): MemoryClubs => ({
  clubs: [],
  vouchers: [],
  ledger: [],
  audit: [],
  ordersUsingVouchers: [],
})

const copy = (state: MemoryClubs) => ({
  clubs: state.clubs.map((c) => ({ ...c })),
  vouchers: state.vouchers.map((v) => ({ ...v })),
  ledger: [...state.ledger],
  audit: [...state.audit],
  ordersUsingVouchers: state.ordersUsingVouchers.map((o) => ({ ...o })),
})

/**
 * The club store in memory, with the audit log and a Transactions double
 * that puts everything back when the work fails, as a rollback would.
 */
/** Names are unique in any case, as the database's index has them. */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

// Module-wide: each use case run builds the layer again, and ids must not repeat.
let ids = 0

export const memoryClubs = (state: MemoryClubs) => {
  const summary = (id: string): StaffClub | null => {
    const club = state.clubs.find((c) => c.id === id)
    if (club === undefined) return null
    const own = state.vouchers.filter((v) => v.clubId === id)
    const current = own.find((v) => v.id === club.voucherPromotionId)
    const entries = state.ledger.filter((e) => e.clubId === id)
    return {
      id,
      name: club.name,
      createdAt: club.createdAt,
      voucherCode: current?.code ?? null,
      currentVoucherId: current?.id ?? null,
      vouchers: own.map((v) => ({
        promotionId: v.id,
        code: v.code,
        usageCount: v.usageCount,
        validTo: v.validTo,
      })),
      ...figuresOf(entries),
      orderCount: new Set(entries.filter((e) => e.kind === "Credit").map((e) => e.orderId)).size,
    }
  }
  const store = Layer.succeed(ClubStore, {
    list: (query) =>
      Effect.sync(() =>
        memoryPage(
          query.page,
          state.clubs
            .filter((c) => !query.name || c.name.toLowerCase().includes(query.name.toLowerCase()))
            .sort((a, b) => a.name.localeCompare(b.name))
            .flatMap((c) => summary(c.id) ?? []),
        ),
      ),
    byId: (id) => Effect.sync(() => summary(id)),
    held: (id) => Effect.sync(() => summary(id)),
    ledger: (id, p) =>
      Effect.sync(() =>
        memoryPage(
          p,
          state.ledger
            .filter((e) => e.clubId === id)
            .sort((a, b) => b.at.getTime() - a.at.getTime())
            // The ledger's entries as the port has them: which club is the caller's question.
            .map(({ clubId: _, ...entry }): ClubLedgerEntry => entry),
        ),
      ),
    insert: (name) =>
      Effect.sync(() => {
        if (state.clubs.some((c) => same(c.name, name))) return "NameTaken" as const
        const id = `club-${++ids}`
        state.clubs.push({ id, name, createdAt: new Date(0), voucherPromotionId: null })
        return { id }
      }),
    rename: (id, name) =>
      Effect.sync(() => {
        if (state.clubs.some((c) => same(c.name, name) && c.id !== id)) return "NameTaken" as const
        for (const c of state.clubs) if (c.id === id) c.name = name
        return "Renamed" as const
      }),
    voucherByCode: (code) =>
      Effect.sync(() => {
        const v = state.vouchers.find((x) => x.code === code.toUpperCase())
        return v === undefined ? null : { promotionId: v.id, clubId: v.clubId }
      }),
    newVoucher: (clubId, code, description) =>
      Effect.sync(() => {
        if (state.vouchers.some((v) => v.code === code)) return "CodeTaken" as const
        const id = `voucher-${++ids}`
        state.vouchers.push({ id, code, description, clubId, usageCount: 0, validTo: null })
        for (const c of state.clubs) if (c.id === clubId) c.voucherPromotionId = id
        return "Made" as const
      }),
    adoptVoucher: (clubId, promotionId) =>
      Effect.sync(() => {
        for (const v of state.vouchers) if (v.id === promotionId) v.clubId = clubId
        for (const c of state.clubs) {
          if (c.id === clubId) c.voucherPromotionId = promotionId
          else if (c.voucherPromotionId === promotionId) c.voucherPromotionId = null
        }
      }),
    endVoucher: (promotionId, at) =>
      Effect.sync(() => {
        for (const v of state.vouchers)
          if (v.id === promotionId && (v.validTo === null || v.validTo > at)) v.validTo = at
      }),
    removalFacts: (id) =>
      Effect.sync(() => {
        const vouchers = new Set(state.vouchers.filter((v) => v.clubId === id).map((v) => v.id))
        return {
          everEarned: state.ledger.some((e) => e.clubId === id),
          openOrderUsedItsVoucher: ordersKeepClub(
            state.ordersUsingVouchers
              .filter((o) => vouchers.has(o.promotionId))
              .map((o) => o.status),
          ),
        }
      }),
    remove: (id, at) =>
      Effect.sync(() => {
        state.vouchers = state.vouchers.filter((v) => v.clubId !== id || v.usageCount > 0)
        for (const v of state.vouchers)
          if (v.clubId === id) {
            v.clubId = null
            if (v.validTo === null || v.validTo > at) v.validTo = at
          }
        state.clubs = state.clubs.filter((c) => c.id !== id)
      }),
    recordPayout: (payout) =>
      Effect.sync(() => {
        state.ledger.push({
          clubId: payout.clubId,
          at: payout.at,
          kind: "Payout",
          orderId: null,
          amount: -payout.amount,
          reference: payout.reference,
        })
      }),
  })
  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const saved = copy(state)
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) {
              state.clubs = saved.clubs
              state.vouchers = saved.vouchers
              state.ledger = saved.ledger
              state.ordersUsingVouchers = saved.ordersUsingVouchers
              state.audit.splice(0, state.audit.length, ...saved.audit)
            }
          }),
        )
      }),
  })
  return Layer.mergeAll(store, transactions, auditLogOver(state.audit))
}

/**
 * The club-perks list in memory: clubs whose current voucher is still
 * theirs and works at `at` (from its start, before its end), by name.
 */
export const memoryClubDirectory = (state: MemoryClubs) =>
  Layer.succeed(ClubDirectory, {
    listed: (at) =>
      Effect.sync(() =>
        state.clubs
          .flatMap((club) => {
            const current = state.vouchers.find(
              (v) =>
                v.id === club.voucherPromotionId &&
                v.clubId === club.id &&
                (v.validFrom == null || v.validFrom <= at) &&
                (v.validTo === null || v.validTo > at),
            )
            return current === undefined
              ? []
              : [{ id: club.id, name: club.name, voucherCode: current.code }]
          })
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      ),
  })
