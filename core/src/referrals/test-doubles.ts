/**
 * An in-memory ReferralRepo over the account doubles' customers, for the
 * use-case tests. It keeps what the services rely on (one code per
 * customer and per code, one referral per friend, a reward once) and
 * nothing else; the real store is adapters/postgres/src/repos/referrals.ts.
 */
import { Effect, Layer } from "effect"
import type { AccountStore } from "../accounts/test-doubles.js"
import { RepositoryError } from "../competitions/errors.js"
import { type Referral, ReferralRepo } from "../ports/referrals.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import type { SelfDealingMatch } from "../rules/referral-self-dealing.js"
import type { ReferralOrder } from "../rules/referrals.js"

export interface ReferralRows {
  codes: Map<string, string>
  referrals: Referral[]
  invitations: { inviterCustomerId: string; mailbox: string; at: Date }[]
  rewards: { referralId: string; customerId: string; amount: number; description: string }[]
  refusals: { referralId: string; matches: readonly SelfDealingMatch[]; at: Date }[]
  orders: Map<string, ReferralOrder[]>
  cards: Map<string, string[]>
}

export const emptyReferralRows = (): ReferralRows => ({
  codes: new Map(),
  referrals: [],
  invitations: [],
  rewards: [],
  refusals: [],
  orders: new Map(),
  cards: new Map(),
})

/** An order's figures as the orders store keeps them, for `addReferralOrder`. */
export interface ReferralOrderFigures {
  readonly status: OrderStatus
  readonly itemTotal: number
  readonly discountTotal: number
  readonly donation: number
  /** What was left to pay after site credit: the card's share. */
  readonly orderTotal: number
  /** The competition lines' totals after their discounts. */
  readonly lineTotals: readonly number[]
  /** The card that paid, if one did. */
  readonly cardFingerprint: string | null
}

/**
 * Adds the customer's order as ReferralRepo.ordersOf reads it: ticket spend
 * is what the lines came to after every discount, never more than the
 * items less the discount, and nothing for an order with no lines (site
 * credit bought). The Postgres adapter derives it the same way.
 */
export const addReferralOrder = (
  rows: ReferralRows,
  customerId: string,
  order: ReferralOrderFigures,
) => {
  const lines = order.lineTotals.reduce((sum, total) => sum + total, 0)
  const referralOrder: ReferralOrder = {
    status: order.status,
    ticketSpend: pence(Math.max(0, Math.min(lines, order.itemTotal - order.discountTotal))),
    paidByCard: pence(order.orderTotal),
    donation: pence(order.donation),
  }
  rows.orders.set(customerId, [...(rows.orders.get(customerId) ?? []), referralOrder])
  const cards = rows.cards.get(customerId) ?? []
  if (order.cardFingerprint !== null && !cards.includes(order.cardFingerprint)) {
    rows.cards.set(customerId, [...cards, order.cardFingerprint])
  }
}

export const makeReferralRepoDouble = (accounts: AccountStore, rows: ReferralRows) =>
  Layer.succeed(ReferralRepo, {
    codeOf: (customerId) => Effect.sync(() => rows.codes.get(customerId)),
    assignCode: (customerId, code) =>
      Effect.sync(() => {
        const held = rows.codes.get(customerId)
        if (held !== undefined) return held
        if ([...rows.codes.values()].includes(code)) return undefined
        rows.codes.set(customerId, code)
        return code
      }),
    customerByCode: (code) =>
      Effect.sync(() => [...rows.codes.entries()].find(([, c]) => c === code)?.[0]),
    record: ({ friendCustomerId, referrerCustomerId, at }) =>
      Effect.suspend(() => {
        // The store refuses it outright (a check constraint in Postgres): no one refers themselves.
        if (friendCustomerId === referrerCustomerId) {
          return Effect.fail(
            new RepositoryError({ operation: "referrals.record", cause: "self-referral" }),
          )
        }
        if (rows.referrals.some((r) => r.friendCustomerId === friendCustomerId)) return Effect.void
        rows.referrals.push({
          id: `referral-${rows.referrals.length + 1}`,
          friendCustomerId,
          referrerCustomerId,
          joinedAt: at,
          rewardedAt: null,
          refusedAt: null,
        })
        return Effect.void
      }),
    referralOfForUpdate: (friendCustomerId) =>
      Effect.sync(() => rows.referrals.find((r) => r.friendCustomerId === friendCustomerId)),
    reward: (referral, amounts, at) =>
      Effect.sync(() => {
        const index = rows.referrals.findIndex((r) => r.id === referral.id)
        const current = rows.referrals[index]
        if (current === undefined || current.rewardedAt !== null || current.refusedAt !== null)
          return false
        rows.referrals[index] = { ...current, rewardedAt: at }
        rows.rewards.push(
          { referralId: referral.id, customerId: referral.friendCustomerId, ...amounts.friend },
          { referralId: referral.id, customerId: referral.referrerCustomerId, ...amounts.referrer },
        )
        return true
      }),
    refuse: (referral, matches, at) =>
      Effect.sync(() => {
        const index = rows.referrals.findIndex((r) => r.id === referral.id)
        const current = rows.referrals[index]
        if (current === undefined || current.rewardedAt !== null || current.refusedAt !== null)
          return false
        rows.referrals[index] = { ...current, refusedAt: at }
        rows.refusals.push({ referralId: referral.id, matches: [...matches], at })
        return true
      }),
    friendsOf: (referrerCustomerId) =>
      Effect.sync(() =>
        rows.referrals
          .map((r, index) => ({ ...r, index }))
          .filter((r) => r.referrerCustomerId === referrerCustomerId)
          // Newest first, as the referrer's page lists them; the later of two joining together first.
          .sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime() || b.index - a.index)
          .map((r) => ({
            firstName:
              accounts.customers.find((c) => c.customerId === r.friendCustomerId)?.firstName ?? "",
            joinedAt: r.joinedAt,
            rewarded: r.rewardedAt !== null,
            refused: r.refusedAt !== null,
          })),
      ),
    identityOf: (customerId) =>
      Effect.sync(() => {
        const customer = accounts.customers.find((c) => c.customerId === customerId)
        if (customer === undefined) return undefined
        return {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          dateOfBirth: customer.dateOfBirth,
          telephoneNumber: customer.telephoneNumber,
          // Only what the check compares, as the store reads it: line 1 and the postcode.
          addresses: [customer.defaultBillingAddress, customer.defaultShippingAddress].map(
            (address) =>
              address === null ? null : { line1: address.line1, postCode: address.postCode },
          ),
          cardFingerprints: rows.cards.get(customerId) ?? [],
        }
      }),
    ordersOf: (customerId) => Effect.sync(() => rows.orders.get(customerId) ?? []),
    hasPaidOrder: (customerId) =>
      Effect.sync(() =>
        (rows.orders.get(customerId) ?? []).some(
          (order) => order.status === OrderStatus.Completed && order.paidByCard > 0,
        ),
      ),
    invitedSince: (mailbox, since) =>
      Effect.sync(() => rows.invitations.some((i) => i.mailbox === mailbox && i.at >= since)),
    recordInvitation: (invitation) =>
      Effect.sync(() => {
        rows.invitations.push(invitation)
      }),
  })
