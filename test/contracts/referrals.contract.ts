import { ReferralRepo, type ReferralRepoShape } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import type { ReferralOrderFigures } from "@howzat/core/testing"
import { Effect, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

export type { ReferralOrderFigures }

/** What a referral's customer is made of, as far as referrals read them. */
export interface ReferralCustomer {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  /** "yyyy-mm-dd". */
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly billing: { readonly line1: string; readonly postCode: string } | null
  readonly shipping: { readonly line1: string; readonly postCode: string } | null
}

/**
 * A ReferralRepo to test and the seeding its contract needs: customers,
 * their orders, and a read of the rewards the ledger holds.
 */
export interface ReferralsWorld {
  readonly layer: Layer.Layer<ReferralRepo>
  readonly newCustomer: (customer?: Partial<ReferralCustomer>) => Promise<string>
  readonly placeOrder: (customerId: string, order: ReferralOrderFigures) => Promise<void>
  readonly rewardsOf: (
    customerId: string,
  ) => Promise<readonly { readonly amount: number; readonly description: string }[]>
  readonly close: () => Promise<void>
}

export const NOW = new Date("2026-06-15T12:00:00.000Z")
const HOUR = 3_600_000

const words = {
  friend: { amount: pence(500), description: "Referral reward: welcome" },
  referrer: { amount: pence(300), description: "Referral reward: a friend" },
}

/**
 * The ReferralRepo port's contract (decision 0039), run on the in-memory
 * adapter and on PGlite and PostgreSQL: codes unique per customer and
 * across customers, one referral per friend and never oneself, the reward
 * paid once or refused once (never both), and the facts the reward and
 * invitation rules read.
 */
export const referralsContract = (name: string, open: () => Promise<ReferralsWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: ReferralsWorld
    const run = <A, E>(use: (repo: ReferralRepoShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(ReferralRepo, use).pipe(Effect.provide(world.layer)))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    const referred = async (at = NOW) => {
      const friend = await world.newCustomer()
      const referrer = await world.newCustomer()
      await run((repo) =>
        repo.record({ friendCustomerId: friend, referrerCustomerId: referrer, at }),
      )
      const referral = await run((repo) => repo.referralOfForUpdate(friend))
      if (referral === undefined) throw new Error("no referral")
      return { friend, referrer, referral }
    }

    it("gives each customer one code, and no code to two customers", async () => {
      const a = await world.newCustomer()
      const b = await world.newCustomer()
      const code = `T${a.replace(/-/g, "").slice(-7).toUpperCase()}`
      expect(await run((repo) => repo.codeOf(a))).toBeUndefined()
      expect(await run((repo) => repo.assignCode(a, code))).toBe(code)
      // Asked again with another code: the customer keeps the first.
      expect(await run((repo) => repo.assignCode(a, "OTHERCOD"))).toBe(code)
      expect(await run((repo) => repo.codeOf(a))).toBe(code)
      expect(await run((repo) => repo.assignCode(b, code))).toBeUndefined()
      expect(await run((repo) => repo.customerByCode(code))).toBe(a)
      expect(await run((repo) => repo.customerByCode("NOSUCHCO"))).toBeUndefined()
      expect(await run((repo) => repo.codeOf(b))).toBeUndefined()
    })

    it("records one referral per friend and never a customer referring themselves", async () => {
      const { friend, referrer, referral } = await referred()
      expect(referral).toMatchObject({
        friendCustomerId: friend,
        referrerCustomerId: referrer,
        joinedAt: NOW,
        rewardedAt: null,
        refusedAt: null,
      })
      const other = await world.newCustomer()
      await run((repo) =>
        repo.record({ friendCustomerId: friend, referrerCustomerId: other, at: NOW }),
      )
      expect((await run((repo) => repo.referralOfForUpdate(friend)))?.referrerCustomerId).toBe(
        referrer,
      )
      await expect(
        run((repo) => repo.record({ friendCustomerId: other, referrerCustomerId: other, at: NOW })),
      ).rejects.toThrow()
      expect(await run((repo) => repo.referralOfForUpdate(other))).toBeUndefined()
    })

    it("pays the reward once, to both, however often it is asked", async () => {
      const { friend, referrer, referral } = await referred()
      const answers = await Promise.all([
        run((repo) => repo.reward(referral, words, NOW)),
        run((repo) => repo.reward(referral, words, NOW)),
      ])
      expect(answers.filter(Boolean)).toHaveLength(1)
      expect(await run((repo) => repo.reward(referral, words, NOW))).toBe(false)
      expect(await world.rewardsOf(friend)).toEqual([words.friend])
      expect(await world.rewardsOf(referrer)).toEqual([words.referrer])
      expect((await run((repo) => repo.referralOfForUpdate(friend)))?.rewardedAt).toEqual(NOW)
    })

    it("refuses a referral once, and a refused referral is never paid", async () => {
      const { friend, referrer, referral } = await referred()
      const answers = await Promise.all([
        run((repo) => repo.refuse(referral, ["DateOfBirthAndSurname", "Telephone"], NOW)),
        run((repo) => repo.refuse(referral, ["Card"], NOW)),
      ])
      expect(answers.filter(Boolean)).toHaveLength(1)
      const stored = await run((repo) => repo.referralOfForUpdate(friend))
      expect(stored).toMatchObject({ refusedAt: NOW, rewardedAt: null })
      // Even asked with the referral as it was before the refusal.
      expect(await run((repo) => repo.reward(referral, words, NOW))).toBe(false)
      expect(await world.rewardsOf(friend)).toEqual([])
      expect(await world.rewardsOf(referrer)).toEqual([])
      expect(await run((repo) => repo.friendsOf(referrer))).toMatchObject([
        { rewarded: false, refused: true },
      ])
    })

    it("never refuses a referral already paid", async () => {
      const { friend, referral } = await referred()
      expect(await run((repo) => repo.reward(referral, words, NOW))).toBe(true)
      expect(await run((repo) => repo.refuse(referral, ["Card"], NOW))).toBe(false)
      expect(await run((repo) => repo.referralOfForUpdate(friend))).toMatchObject({
        rewardedAt: NOW,
        refusedAt: null,
      })
    })

    it("knows whether a customer has paid for an order, not counting free or unpaid ones", async () => {
      const paid = {
        status: "Completed",
        itemTotal: 250,
        discountTotal: 0,
        donation: 0,
        orderTotal: 250,
        lineTotals: [250],
        cardFingerprint: "fp-paid",
      } as const
      const customer = await world.newCustomer()
      expect(await run((repo) => repo.hasPaidOrder(customer))).toBe(false)
      await world.placeOrder(customer, { ...paid, orderTotal: 0, cardFingerprint: null })
      await world.placeOrder(customer, { ...paid, status: "Cancelled" })
      await world.placeOrder(customer, { ...paid, status: "Refunded" })
      expect(await run((repo) => repo.hasPaidOrder(customer))).toBe(false)
      await world.placeOrder(customer, paid)
      expect(await run((repo) => repo.hasPaidOrder(customer))).toBe(true)
      expect(await run((repo) => repo.hasPaidOrder("not-a-customer"))).toBe(false)
    })

    it("lists a referrer's friends by first name, newest first, with their reward", async () => {
      const referrer = await world.newCustomer()
      const early = await world.newCustomer({ firstName: "Early" })
      const late = await world.newCustomer({ firstName: "Late" })
      const join = (friend: string, at: Date) =>
        run((repo) => repo.record({ friendCustomerId: friend, referrerCustomerId: referrer, at }))
      await join(late, new Date(NOW.getTime() + HOUR))
      await join(early, NOW)
      const lateReferral = await run((repo) => repo.referralOfForUpdate(late))
      if (lateReferral === undefined) throw new Error("no referral")
      await run((repo) => repo.reward(lateReferral, words, NOW))
      expect(await run((repo) => repo.friendsOf(referrer))).toEqual([
        {
          firstName: "Late",
          joinedAt: new Date(NOW.getTime() + HOUR),
          rewarded: true,
          refused: false,
        },
        { firstName: "Early", joinedAt: NOW, rewarded: false, refused: false },
      ])
      expect(await run((repo) => repo.friendsOf(late))).toEqual([])
    })

    it("reads the friend's orders as ticket spend, card money and round-up", async () => {
      const customer = await world.newCustomer()
      await world.placeOrder(customer, {
        status: "Completed",
        itemTotal: 700,
        discountTotal: 100,
        donation: 40,
        orderTotal: 640,
        lineTotals: [600],
        cardFingerprint: "fp-1",
      })
      // Site credit bought: no competition lines, so no ticket spend.
      await world.placeOrder(customer, {
        status: "Cancelled",
        itemTotal: 1000,
        discountTotal: 0,
        donation: 0,
        orderTotal: 1000,
        lineTotals: [],
        cardFingerprint: null,
      })
      const orders = await run((repo) => repo.ordersOf(customer))
      expect([...orders].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
        { status: "Cancelled", ticketSpend: 0, paidByCard: 1000, donation: 0 },
        { status: "Completed", ticketSpend: 600, paidByCard: 640, donation: 40 },
      ])
      const newcomer = await world.newCustomer()
      expect(await run((repo) => repo.ordersOf(newcomer))).toEqual([])
    })

    it("reads the identity the self-dealing check compares", async () => {
      const customer = await world.newCustomer({
        firstName: "Jo",
        lastName: "Root",
        email: `jo-${Date.now()}@example.com`,
        dateOfBirth: "1990-12-30",
        telephoneNumber: "+44 7700 900456",
        billing: { line1: "1 Long Lane", postCode: "AB1 2CD" },
        shipping: null,
      })
      const order = {
        status: "Completed",
        itemTotal: 100,
        discountTotal: 0,
        donation: 0,
        orderTotal: 100,
        lineTotals: [100],
      } as const
      await world.placeOrder(customer, { ...order, cardFingerprint: "fp-2" })
      await world.placeOrder(customer, { ...order, cardFingerprint: "fp-2" })
      await world.placeOrder(customer, { ...order, cardFingerprint: null })
      expect(await run((repo) => repo.identityOf(customer))).toEqual({
        firstName: "Jo",
        lastName: "Root",
        email: expect.stringMatching(/^jo-\d+@example\.com$/),
        // A calendar date as stored, whatever the server's time zone.
        dateOfBirth: "1990-12-30",
        telephoneNumber: "+44 7700 900456",
        addresses: [{ line1: "1 Long Lane", postCode: "AB1 2CD" }, null],
        cardFingerprints: ["fp-2"],
      })
      const other = await world.newCustomer()
      await world.placeOrder(other, { ...order, cardFingerprint: "fp-3" })
      expect((await run((repo) => repo.identityOf(other)))?.cardFingerprints).toEqual(["fp-3"])
      // A customer the store never had has no identity to compare.
      expect(await run((repo) => repo.identityOf("not-a-customer"))).toBeUndefined()
    })

    it("remembers invitations by mailbox from when they were sent", async () => {
      const inviter = await world.newCustomer()
      const mailbox = `hash-${inviter}`
      const since = (offset: number) => new Date(NOW.getTime() + offset)
      expect(await run((repo) => repo.invitedSince(mailbox, since(-HOUR)))).toBe(false)
      await run((repo) => repo.recordInvitation({ inviterCustomerId: inviter, mailbox, at: NOW }))
      expect(await run((repo) => repo.invitedSince(mailbox, since(-HOUR)))).toBe(true)
      expect(await run((repo) => repo.invitedSince(mailbox, since(0)))).toBe(true)
      expect(await run((repo) => repo.invitedSince(mailbox, since(HOUR)))).toBe(false)
      expect(await run((repo) => repo.invitedSince(`other-${mailbox}`, since(-HOUR)))).toBe(false)
    })
  })
