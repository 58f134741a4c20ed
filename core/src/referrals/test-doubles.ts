/**
 * An in-memory ReferralRepo over the account doubles' customers, for the
 * use-case tests. It keeps what the services rely on (one code per
 * customer and per code, one referral per friend, a reward once) and
 * nothing else; the real store is adapters/postgres/src/repos/referrals.ts.
 */
import { Effect, Layer } from "effect"
import type { AccountStore } from "../accounts/test-doubles.js"
import { type Referral, ReferralRepo } from "../ports/referrals.js"
import type { ReferralOrder } from "../rules/referrals.js"

export interface ReferralRows {
  codes: Map<string, string>
  referrals: Referral[]
  invitations: { inviterCustomerId: string; mailbox: string; at: Date }[]
  rewards: { referralId: string; customerId: string; amount: number; description: string }[]
  orders: Map<string, ReferralOrder[]>
  cards: Map<string, string[]>
}

export const emptyReferralRows = (): ReferralRows => ({
  codes: new Map(),
  referrals: [],
  invitations: [],
  rewards: [],
  orders: new Map(),
  cards: new Map(),
})

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
      Effect.sync(() => {
        if (rows.referrals.some((r) => r.friendCustomerId === friendCustomerId)) return
        rows.referrals.push({
          id: `referral-${rows.referrals.length + 1}`,
          friendCustomerId,
          referrerCustomerId,
          joinedAt: at,
          rewardedAt: null,
        })
      }),
    referralOfForUpdate: (friendCustomerId) =>
      Effect.sync(() => rows.referrals.find((r) => r.friendCustomerId === friendCustomerId)),
    reward: (referral, amounts, at) =>
      Effect.sync(() => {
        const index = rows.referrals.findIndex((r) => r.id === referral.id)
        const current = rows.referrals[index]
        if (current === undefined || current.rewardedAt !== null) return false
        rows.referrals[index] = { ...current, rewardedAt: at }
        rows.rewards.push(
          { referralId: referral.id, customerId: referral.friendCustomerId, ...amounts.friend },
          { referralId: referral.id, customerId: referral.referrerCustomerId, ...amounts.referrer },
        )
        return true
      }),
    friendsOf: (referrerCustomerId) =>
      Effect.sync(() =>
        rows.referrals
          .filter((r) => r.referrerCustomerId === referrerCustomerId)
          .map((r) => ({
            firstName:
              accounts.customers.find((c) => c.customerId === r.friendCustomerId)?.firstName ?? "",
            joinedAt: r.joinedAt,
            rewarded: r.rewardedAt !== null,
          })),
      ),
    identityOf: (customerId) =>
      Effect.sync(() => {
        const customer = accounts.customers.find((c) => c.customerId === customerId)
        if (customer === undefined) return undefined
        return {
          firstName: customer.firstName,
          email: customer.email,
          addresses: [customer.defaultBillingAddress, customer.defaultShippingAddress],
          cardFingerprints: rows.cards.get(customerId) ?? [],
        }
      }),
    ordersOf: (customerId) => Effect.sync(() => rows.orders.get(customerId) ?? []),
    invitedSince: (mailbox, since) =>
      Effect.sync(() => rows.invitations.some((i) => i.mailbox === mailbox && i.at >= since)),
    recordInvitation: (invitation) =>
      Effect.sync(() => {
        rows.invitations.push(invitation)
      }),
  })
