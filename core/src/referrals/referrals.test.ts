import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, TestClock } from "effect"
import type { Principal } from "../accounts/model.js"
import { Registration } from "../accounts/registration.js"
import {
  type AccountStore,
  emptyAccountStore,
  makeAccountDoubles,
  registrationRequest,
} from "../accounts/test-doubles.js"
import { RateLimitPolicy } from "../accounts/throttle.js"
import type { ReferralRepo } from "../ports/referrals.js"
import { ShopLinks } from "../ports/shop-links.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import {
  ReferralInvitationLimit,
  ReferralSignUps,
  Referrals,
  referralRewardOnCompletion,
} from "./referrals.js"
import {
  addReferralOrder,
  emptyReferralRows,
  makeReferralRepoDouble,
  type ReferralRows,
} from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")
const DAY = 24 * 60 * 60 * 1000

const layerOver = (store: AccountStore, rows: ReferralRows) => {
  const ports = Layer.merge(makeReferralRepoDouble(store, rows), makeAccountDoubles(store))
  return Layer.mergeAll(Registration.Default, Referrals.Default).pipe(
    Layer.provide(RateLimitPolicy.Default),
    Layer.provide(Layer.effect(ReferralSignUps, ReferralSignUps.fromRepo)),
    Layer.provide(Layer.succeed(ShopLinks, { origin: "https://shop.example" })),
    Layer.provide(Layer.succeed(ReferralInvitationLimit, { enabled: true, max: 5, windowMs: DAY })),
    Layer.provideMerge(ports),
  )
}

const run = <A, E>(
  test: (
    store: AccountStore,
    rows: ReferralRows,
  ) => Effect.Effect<A, E, Registration | Referrals | ReferralRepo>,
) => {
  const store = emptyAccountStore()
  const rows = emptyReferralRows()
  return Effect.provide(
    Effect.zipRight(TestClock.setTime(START), test(store, rows)),
    layerOver(store, rows),
  )
}

let people = 0

/**
 * Registers someone and answers them as the principal their session would
 * carry. Each has a telephone and a birthday of their own: two who shared
 * them would be one person to the self-dealing check.
 */
const join = (email: string, overrides: Parameters<typeof registrationRequest>[0] = {}) =>
  Effect.gen(function* () {
    const n = ++people
    const outcome = yield* (yield* Registration).register(
      registrationRequest({
        emailAddress: email,
        telephoneNumber: `07700 9${String(n).padStart(5, "0")}`,
        dateOfBirth: `1980-01-${String(1 + (n % 28)).padStart(2, "0")}`,
        ...overrides,
      }),
      {},
    )
    if (outcome._tag !== "Registered") throw new Error("not registered")
    const user = outcome.session.user
    return {
      userId: user.id,
      role: "Customer",
      customerId: user.customerId,
      email: user.emailAddress,
      name: user.firstName,
    } satisfies Principal as Principal & { customerId: string }
  })

const paid = {
  status: OrderStatus.Completed,
  itemTotal: 250,
  discountTotal: 0,
  donation: 0,
  orderTotal: 250,
  lineTotals: [250],
  cardFingerprint: "fp-inviter",
}

/** What lets a customer invite (decision 0065): a verified email and a paid order. */
const qualify = (
  store: AccountStore,
  rows: ReferralRows,
  who: { userId: string; customerId: string },
) =>
  Effect.sync(() => {
    store.users = store.users.map((u) => (u.id === who.userId ? { ...u, emailVerified: true } : u))
    addReferralOrder(rows, who.customerId, paid)
  })

describe("Referrals", () => {
  it.effect("makes a customer's code once, with a link at the shop's origin", () =>
    run(() =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        const referrals = yield* Referrals
        const first = yield* referrals.summary(ann, ann.customerId)
        expect(first.link).toBe(`https://shop.example/Auth/Register?ref=${first.code}`)
        expect((yield* referrals.summary(ann, ann.customerId)).code).toBe(first.code)
        const bob = yield* join("bob@example.com")
        expect((yield* Effect.flip(referrals.summary(bob, ann.customerId)))._tag).toBe(
          "CustomerNotFound",
        )
      }),
    ),
  )

  it.effect("records a friend who registers with the code, and ignores an own or unknown one", () =>
    run((_, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann.smith@gmail.com")
        const { code } = yield* (yield* Referrals).summary(ann, ann.customerId)
        const bob = yield* join("bob@example.com", { firstName: "Bob", referralCode: code })
        // Ann again under a Gmail alias: registered, but no referral.
        yield* join("annsmith+2@googlemail.com", { referralCode: code })
        yield* join("cat@example.com", { referralCode: "NOTACODE" })
        expect(rows.referrals).toEqual([
          expect.objectContaining({
            friendCustomerId: bob.customerId,
            referrerCustomerId: ann.customerId,
          }),
        ])
        const { friends } = yield* (yield* Referrals).summary(ann, ann.customerId)
        expect(friends).toEqual([expect.objectContaining({ firstName: "Bob", rewarded: false })])
      }),
    ),
  )

  it.effect("lets only a customer with a verified email and a paid order invite", () =>
    run((store, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        const referrals = yield* Referrals
        const refused = yield* Effect.flip(
          referrals.invite(ann, ann.customerId, ["new@example.com"]),
        )
        expect(refused).toMatchObject({
          _tag: "ReferralInvitationsNotAllowed",
          detail:
            "You can invite friends once you have verified your email address and completed a purchase.",
        })
        expect((yield* referrals.summary(ann, ann.customerId)).canInvite).toBe(false)
        // A free entry (nothing taken by card) is not a purchase.
        addReferralOrder(rows, ann.customerId, { ...paid, orderTotal: 0, cardFingerprint: null })
        store.users = store.users.map((u) =>
          u.id === ann.userId ? { ...u, emailVerified: true } : u,
        )
        expect((yield* referrals.summary(ann, ann.customerId)).canInvite).toBe(false)
        addReferralOrder(rows, ann.customerId, paid)
        expect((yield* referrals.summary(ann, ann.customerId)).canInvite).toBe(true)
        expect(yield* referrals.invite(ann, ann.customerId, ["new@example.com"])).toEqual({
          sent: 1,
        })
        expect(store.outbox.filter((m) => m.kind === "ReferralInvitation")).toHaveLength(1)
      }),
    ),
  )

  it.effect("mails only new addresses, counts every one taken, and not twice a week", () =>
    run((store, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        yield* qualify(store, rows, ann)
        yield* join("member@example.com")
        const referrals = yield* Referrals
        const sent = yield* referrals.invite(ann, ann.customerId, [
          "new@example.com",
          " ",
          "MEMBER@example.com",
          "ann+me@example.com",
          "New@Example.com",
        ])
        // new (once: the same mailbox twice), member and Ann herself: three addresses taken.
        expect(sent).toEqual({ sent: 3 })
        const invitations = store.outbox.filter((m) => m.kind === "ReferralInvitation")
        expect(invitations.map((m) => m.to)).toEqual(["new@example.com"])
        expect(invitations[0]?.text).toContain("https://shop.example/Auth/Register?ref=")

        yield* TestClock.adjust(6 * DAY)
        yield* referrals.invite(ann, ann.customerId, ["new@example.com"])
        expect(store.outbox.filter((m) => m.kind === "ReferralInvitation")).toHaveLength(1)
        yield* TestClock.adjust(2 * DAY)
        yield* referrals.invite(ann, ann.customerId, ["new@example.com"])
        expect(store.outbox.filter((m) => m.kind === "ReferralInvitation")).toHaveLength(2)
      }),
    ),
  )

  it.effect("refuses bad lists and stops at the customer's daily limit", () =>
    run((store, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        yield* qualify(store, rows, ann)
        const referrals = yield* Referrals
        const refusal = (emails: string[]) =>
          Effect.flip(referrals.invite(ann, ann.customerId, emails))
        expect((yield* refusal([" "]))._tag).toBe("ReferralInvitationInvalid")
        expect(yield* refusal(["a@example.com", "nope"])).toMatchObject({ invalid: ["nope"] })
        expect((yield* refusal(Array.from({ length: 11 }, (_, i) => `f${i}@x.com`)))._tag).toBe(
          "ReferralInvitationInvalid",
        )
        yield* referrals.invite(ann, ann.customerId, ["a@x.com", "b@x.com", "c@x.com", "d@x.com"])
        expect((yield* refusal(["e@x.com", "f@x.com"]))._tag).toBe("RateLimited")
      }),
    ),
  )
})

describe("the reward on completion", () => {
  const completed = (spend: number) => ({
    status: OrderStatus.Completed,
    ticketSpend: pence(spend),
    paidByCard: pence(spend),
    donation: pence(0),
  })

  it.effect("pays both once the friend's paid tickets reach £5, and never again", () =>
    run((_, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        const { code } = yield* (yield* Referrals).summary(ann, ann.customerId)
        const bob = yield* join("bob@example.com", { firstName: "Bob", referralCode: code })
        const reward = yield* referralRewardOnCompletion
        const at = new Date(START)

        rows.orders.set(bob.customerId, [completed(300), { ...completed(900), status: "Refunded" }])
        yield* reward(bob.customerId, at)
        expect(rows.rewards).toEqual([])

        rows.orders.set(bob.customerId, [completed(300), completed(200)])
        yield* reward(bob.customerId, at)
        yield* reward(bob.customerId, at)
        expect(rows.rewards).toEqual([
          expect.objectContaining({ customerId: bob.customerId, amount: 500 }),
          expect.objectContaining({
            customerId: ann.customerId,
            amount: 500,
            description: "Referral reward: Bob joined and played",
          }),
        ])
      }),
    ),
  )

  it.effect("pays nothing when the friend paid with the referrer's card", () =>
    run((_, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com")
        const { code } = yield* (yield* Referrals).summary(ann, ann.customerId)
        const bob = yield* join("bob@example.com", { referralCode: code })
        rows.cards.set(ann.customerId, ["print-1"])
        rows.cards.set(bob.customerId, ["print-1"])
        rows.orders.set(bob.customerId, [completed(5000)])
        yield* (yield* referralRewardOnCompletion)(bob.customerId, new Date(START))
        expect(rows.rewards).toEqual([])
      }),
    ),
  )

  it.effect("refuses a friend with the referrer's birthday and surname, once, when £5 is due", () =>
    run((_, rows) =>
      Effect.gen(function* () {
        const ann = yield* join("ann@example.com", { dateOfBirth: "1985-07-23" })
        const { code } = yield* (yield* Referrals).summary(ann, ann.customerId)
        const again = yield* join("ann.again@example.com", {
          lastName: " SMITH",
          dateOfBirth: "1985-07-23",
          referralCode: code,
        })
        const reward = yield* referralRewardOnCompletion
        rows.orders.set(again.customerId, [completed(300)])
        yield* reward(again.customerId, new Date(START))
        // Under £5: nothing was due, so nothing is refused yet.
        expect(rows.refusals).toEqual([])
        rows.orders.set(again.customerId, [completed(300), completed(300)])
        yield* reward(again.customerId, new Date(START))
        yield* reward(again.customerId, new Date(START + DAY))
        expect(rows.rewards).toEqual([])
        expect(rows.refusals).toEqual([
          expect.objectContaining({ matches: ["DateOfBirthAndSurname"], at: new Date(START) }),
        ])
        const { friends } = yield* (yield* Referrals).summary(ann, ann.customerId)
        expect(friends).toEqual([expect.objectContaining({ rewarded: false, refused: true })])
      }),
    ),
  )

  it.effect("does nothing for a customer nobody referred, or without a referral store", () =>
    Effect.gen(function* () {
      const reward = yield* referralRewardOnCompletion
      yield* reward("anyone", new Date(START))
    }),
  )
})
