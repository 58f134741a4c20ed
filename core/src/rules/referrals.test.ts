import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryOrderMoney } from "../testing/arbitraries/index.js"
import { pence } from "./money.js"
import { OrderStatus } from "./order-status.js"
import type { ReferralParty } from "./referral-self-dealing.js"
import {
  INVITATIONS_NOT_YET_ALLOWED,
  mayInviteFriends,
  normaliseReferralCode,
  qualifyingSpendOf,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ReferralOrder,
  referralCodeFromBytes,
  referralLink,
  referralRewardDecision,
} from "./referrals.js"

const order = (status: OrderStatus, ticketSpend: number, extra: Partial<ReferralOrder> = {}) =>
  ({
    status,
    ticketSpend: pence(ticketSpend),
    paidByCard: pence(ticketSpend),
    donation: pence(0),
    ...extra,
  }) satisfies ReferralOrder

const friend: ReferralParty = {
  email: "friend@example.com",
  addresses: [{ line1: "1 Long Lane", postCode: "AB1 2CD" }],
  cardFingerprints: ["fp-friend"],
  lastName: "Kerr",
  dateOfBirth: "2000-10-13",
  telephoneNumber: "07700 900222",
}
const referrer: ReferralParty = {
  email: "referrer@example.com",
  addresses: [{ line1: "9 Short Street", postCode: "ZX9 8YW" }, null],
  cardFingerprints: ["fp-referrer"],
  lastName: "Lanning",
  dateOfBirth: "1992-03-25",
  telephoneNumber: "07700 900777",
}
const open = { rewarded: false, refused: false }

describe("referralRewardDecision", () => {
  it("rewards both £5 once the friend's completed ticket spend reaches £5", () => {
    expect(
      referralRewardDecision(open, friend, referrer, [
        order(OrderStatus.Completed, 300),
        order(OrderStatus.Completed, 200),
      ]),
    ).toEqual({ _tag: "Reward", friendAmount: 500, referrerAmount: 500 })
  })

  it("waits while the spend is under £5", () => {
    expect(
      referralRewardDecision(open, friend, referrer, [order(OrderStatus.Completed, 499)]),
    ).toEqual({ _tag: "NoReward", reason: "NotEnoughSpend" })
  })

  it("does not count cancelled, expired or refunded orders", () => {
    for (const status of [
      OrderStatus.Cancelled,
      OrderStatus.SystemCancelled,
      OrderStatus.Refunded,
      OrderStatus.AwaitingPayment,
    ])
      expect(referralRewardDecision(open, friend, referrer, [order(status, 5000)])._tag).toBe(
        "NoReward",
      )
  })

  it("does not count spend paid with site credit, nor the charity round-up", () => {
    expect(qualifyingSpendOf(order(OrderStatus.Completed, 800, { paidByCard: pence(300) }))).toBe(
      300,
    )
    expect(
      qualifyingSpendOf(
        order(OrderStatus.Completed, 450, { paidByCard: pence(500), donation: pence(50) }),
      ),
    ).toBe(450)
    expect(
      qualifyingSpendOf(
        order(OrderStatus.Completed, 450, { paidByCard: pence(480), donation: pence(50) }),
      ),
    ).toBe(430)
  })

  it("refuses a friend who shares the referrer's mailbox, home, card, birthday and surname or telephone", () => {
    const spend = [order(OrderStatus.Completed, 1000)]
    expect(
      referralRewardDecision(
        open,
        { ...friend, email: " Referrer+Friend@Example.com " },
        referrer,
        spend,
      ),
    ).toEqual({ _tag: "Refused", matches: ["Email"] })
    expect(
      referralRewardDecision(
        open,
        { ...friend, addresses: [null, { line1: "9 short street.", postCode: "zx98yw" }] },
        referrer,
        spend,
      ),
    ).toEqual({ _tag: "Refused", matches: ["Address"] })
    expect(
      referralRewardDecision(
        open,
        { ...friend, cardFingerprints: ["fp-referrer"] },
        referrer,
        spend,
      ),
    ).toEqual({ _tag: "Refused", matches: ["Card"] })
    expect(
      referralRewardDecision(
        open,
        { ...friend, lastName: "LANNING ", dateOfBirth: referrer.dateOfBirth },
        referrer,
        spend,
      ),
    ).toEqual({ _tag: "Refused", matches: ["DateOfBirthAndSurname"] })
    expect(
      referralRewardDecision(
        open,
        { ...friend, telephoneNumber: "+44 7700 900777" },
        referrer,
        spend,
      ),
    ).toEqual({ _tag: "Refused", matches: ["Telephone"] })
  })

  it("decides a refusal only once a reward was due, and never again after", () => {
    const same = { ...friend, cardFingerprints: ["fp-referrer"] }
    // Under £5 nothing is refused yet: there was nothing to pay.
    expect(
      referralRewardDecision(open, same, referrer, [order(OrderStatus.Completed, 499)]),
    ).toEqual({ _tag: "NoReward", reason: "NotEnoughSpend" })
    expect(
      referralRewardDecision({ rewarded: false, refused: true }, friend, referrer, [
        order(OrderStatus.Completed, 5000),
      ]),
    ).toEqual({ _tag: "NoReward", reason: "AlreadyRefused" })
  })
})

describe("mayInviteFriends", () => {
  it("lets only a customer with a verified email and a paid order invite", () => {
    expect(mayInviteFriends({ emailVerified: true, hasPaidOrder: true })).toBe(true)
    expect(mayInviteFriends({ emailVerified: false, hasPaidOrder: true })).toBe(false)
    expect(mayInviteFriends({ emailVerified: true, hasPaidOrder: false })).toBe(false)
    expect(mayInviteFriends({ emailVerified: false, hasPaidOrder: false })).toBe(false)
    expect(INVITATIONS_NOT_YET_ALLOWED).toContain("verified your email address")
  })
})

describe("referral codes", () => {
  it("are drawn evenly from the unambiguous alphabet and read back however typed", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        const code = referralCodeFromBytes(bytes)
        if (code === undefined) return
        expect(code).toHaveLength(REFERRAL_CODE_LENGTH)
        for (const symbol of code) expect(REFERRAL_CODE_ALPHABET).toContain(symbol)
        expect(normaliseReferralCode(` ${code.toLowerCase()} `)).toBe(code)
      }),
    )
    // 251 and above would favour the first symbols: they are skipped.
    expect(referralCodeFromBytes(new Uint8Array(8).fill(255))).toBeUndefined()
    expect(normaliseReferralCode("O0O0O0O0")).toBeUndefined()
    expect(normaliseReferralCode("ABC")).toBeUndefined()
  })

  it("make a link to the registration page", () => {
    expect(referralLink("https://shop.example/", "ABCDEFGH")).toBe(
      "https://shop.example/Auth/Register?ref=ABCDEFGH",
    )
  })
})

// --- Properties (decision 0039: rewarded once, never for self-referral, never for refunded spend)

const arbOrders = fc.array(arbitraryOrderMoney(), { maxLength: 8 })
const arbLocal = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/)
const arbAddress = fc.record({
  line1: fc.stringMatching(/^[0-9]{1,3} [A-Za-z]{3,10} (Road|Street|Lane)$/),
  postCode: fc.stringMatching(/^[A-Z]{1,2}[0-9] [0-9][A-Z]{2}$/),
})
const arbParty = fc.record({
  email: fc
    .tuple(arbLocal, fc.constantFrom("example.com", "mail.test"))
    .map(([l, d]) => `${l}@${d}`),
  addresses: fc.array(fc.option(arbAddress, { nil: null }), { maxLength: 2 }),
  cardFingerprints: fc.array(fc.stringMatching(/^[0-9a-f]{8}$/), { maxLength: 2 }),
  lastName: fc.stringMatching(/^[A-Z][a-z]{2,10}$/),
  dateOfBirth: fc
    .date({ min: new Date("1930-01-01"), max: new Date("2007-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  telephoneNumber: fc.stringMatching(/^07[0-9]{9}$/),
})

/** The same mailbox, written differently. */
const disguise = (email: string, variant: number) => {
  const [local, domain] = email.split("@") as [string, string]
  const spaced = variant % 2 === 0 ? ` ${local.toUpperCase()}+ref@${domain} ` : `${local}@${domain}`
  return spaced
}

const disguiseGmail = (local: string, variant: number) =>
  `${local.split("").join(variant % 2 === 0 ? "." : "")}+x@${variant % 3 === 0 ? "googlemail" : "gmail"}.com`

describe("referral reward properties", () => {
  it("pays at most once, however many orders complete and in whatever order", () => {
    fc.assert(
      fc.property(arbParty, arbParty, arbOrders, (f, r, orders) => {
        let rewarded = false
        let rewards = 0
        // Each completion re-decides with the orders known so far, as the completion path does.
        for (let seen = 0; seen <= orders.length; seen++) {
          const decision = referralRewardDecision(
            { rewarded, refused: false },
            f,
            r,
            orders.slice(0, seen),
          )
          if (decision._tag === "Reward") {
            rewards++
            rewarded = true
          }
        }
        expect(rewards).toBeLessThanOrEqual(1)
        expect(referralRewardDecision({ rewarded: true, refused: false }, f, r, orders)._tag).toBe(
          "NoReward",
        )
      }),
    )
  })

  it("never rewards a friend who shares the referrer's mailbox, home or card, and refuses them once due", () => {
    fc.assert(
      fc.property(
        arbParty,
        arbParty,
        arbOrders,
        fc.nat(5),
        fc.constantFrom("Email", "GmailEmail", "Address", "Card"),
        arbAddress,
        fc.stringMatching(/^[0-9a-f]{8}$/),
        (f, r, orders, variant, shared, address, card) => {
          let friendParty = f
          let referrerParty = r
          if (shared === "Email") friendParty = { ...f, email: disguise(r.email, variant) }
          if (shared === "GmailEmail") {
            const local = r.email.split("@")[0] as string
            referrerParty = { ...r, email: `${local}@gmail.com` }
            friendParty = { ...f, email: disguiseGmail(local, variant) }
          }
          if (shared === "Address") {
            referrerParty = { ...r, addresses: [...r.addresses, address] }
            const typed = {
              line1: variant % 2 === 0 ? `${address.line1.toUpperCase()}.` : address.line1,
              postCode: address.postCode.replace(" ", variant % 3 === 0 ? "" : "  ").toLowerCase(),
            }
            friendParty = { ...f, addresses: [typed, ...f.addresses] }
          }
          if (shared === "Card") {
            referrerParty = { ...r, cardFingerprints: [...r.cardFingerprints, card] }
            friendParty = { ...f, cardFingerprints: [card, ...f.cardFingerprints] }
          }
          const lavish = [...orders, order(OrderStatus.Completed, 5000)]
          const decision = referralRewardDecision(open, friendParty, referrerParty, lavish)
          expect(decision._tag).toBe("Refused")
        },
      ),
    )
  })

  it("never counts spend that was cancelled, expired, refunded or never paid", () => {
    const notCompleted = fc.constantFrom(
      OrderStatus.Pending,
      OrderStatus.AwaitingPayment,
      OrderStatus.Cancelled,
      OrderStatus.SystemCancelled,
      OrderStatus.Refunded,
    )
    fc.assert(
      fc.property(
        arbParty,
        arbParty,
        arbOrders,
        fc.array(fc.record({ status: notCompleted, spend: fc.nat(100_000) }), { minLength: 1 }),
        (f, r, orders, unpaid) => {
          const extra = unpaid.map((u) => order(u.status, u.spend))
          // The same decision with or without any amount of refunded or cancelled spend.
          expect(referralRewardDecision(open, f, r, [...orders, ...extra])).toEqual(
            referralRewardDecision(open, f, r, orders),
          )
          expect(referralRewardDecision(open, f, r, extra)._tag).toBe("NoReward")
        },
      ),
    )
  })
})
