import type { HarmSignalListJson } from "@howzat/contracts/harm-signals"
import type {
  ReferralInvitationsResponseJson,
  ReferralsResponseJson,
} from "@howzat/contracts/referrals"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { CARDS, competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { LINK_ORIGIN, mailed, mailTo, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Refer a friend through the real composition (decision 0039): the code and
 * link, invitations through the outbox, the friend joining through the link,
 * and £5 each on the ledger once the friend's paid tickets reach £5, once.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop({ RATE_LIMIT_REFERRAL_INVITATIONS_PER_CUSTOMER: "12/1d" })
})
afterAll(async () => {
  await shop?.close()
})

let people = 0
/**
 * A new customer, signed in. Each has a telephone number and a date of
 * birth of their own: two people who share them are one person to the
 * self-dealing check (decision 0065).
 */
const someone = async (overrides: Record<string, unknown> = {}) => {
  const browser = await new Browser(shop.app).open()
  const n = ++people
  const auth = await register(browser, {
    emailAddress: `referral-${n}-${Date.now()}@example.com`,
    telephoneNumber: `07700 9${String(n).padStart(5, "0")}`,
    dateOfBirth: `19${50 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
    ...overrides,
  })
  const customerId = auth.user.customerId as string
  return { browser, customerId, email: auth.email }
}

/** Verifies the customer's email with the link the shop mailed. */
const verifyEmail = async (who: { browser: Browser; email: string }) => {
  const { token } = await mailTo(shop, who.email, "VerifyEmail")
  await json(await who.browser.post("/api/auth/verify-email", { token }))
}

const summaryOf = async (who: { browser: Browser; customerId: string }) =>
  (
    await json<ReferralsResponseJson>(
      await who.browser.get(`/api/Customers/${who.customerId}/referrals`),
    )
  ).referrals

const invite = (who: { browser: Browser; customerId: string }, emails: unknown) =>
  who.browser.post(`/api/Customers/${who.customerId}/referral-invitations`, { emails })

const ledger = (customerId: string) =>
  shop.db
    .selectFrom("siteCreditEntries")
    .select(["amountPence", "reason", "description"])
    .where("customerId", "=", customerId)
    .where("reason", "=", "ReferralReward")
    .execute()

/** Buys `tickets` at £2.50 each with the succeeding card. */
const buy = async (who: { browser: Browser }, tickets: number) => {
  const competitionId = await competitionOnSale(shop)
  const order = await placeOrder(who.browser, competitionId, tickets)
  return payForOrder(who.browser, order.id)
}

/**
 * A customer who may invite friends (decision 0065): their email verified
 * and one ticket paid for, with a card no friend in these tests uses.
 */
const referrer = async (overrides: Record<string, unknown> = {}) => {
  const who = await someone(overrides)
  await verifyEmail(who)
  const competitionId = await competitionOnSale(shop)
  const order = await placeOrder(who.browser, competitionId, 1)
  await payForOrder(who.browser, order.id, CARDS.creditMastercard)
  return who
}

describe("GET /api/Customers/{id}/referrals", () => {
  it("gives the customer one code and a link to registration, made on first need", async () => {
    const ann = await someone()
    const first = await summaryOf(ann)
    expect(first.code).toMatch(/^[A-Z0-9]{8}$/)
    expect(first.link).toBe(`${LINK_ORIGIN}/Auth/Register?ref=${first.code}`)
    expect(first.friends).toEqual([])
    expect((await summaryOf(ann)).code).toBe(first.code)
  })

  it("is the customer's own: anyone else is answered 404, no session 401", async () => {
    const ann = await someone()
    const bob = await someone()
    await problem(await bob.browser.get(`/api/Customers/${ann.customerId}/referrals`), 404)
    await problem(
      await new Browser(shop.app).get(`/api/Customers/${ann.customerId}/referrals`),
      401,
    )
    await problem(await ann.browser.get("/api/Customers/not-a-uuid/referrals"), 400)
  })
})

describe("a friend who joins through the link", () => {
  it("earns both £5 once their paid tickets reach £5, and only once", async () => {
    const ann = await someone()
    const { code } = await summaryOf(ann)
    const bob = await someone({ referralCode: code.toLowerCase(), firstName: "Bob" })
    expect((await summaryOf(ann)).friends).toEqual([
      expect.objectContaining({ firstName: "Bob", rewarded: false }),
    ])

    await buy(bob, 1) // £2.50: not yet
    expect(await ledger(bob.customerId)).toEqual([])
    await buy(bob, 1) // £5.00 in all
    expect(await ledger(bob.customerId)).toMatchObject([{ amountPence: 500 }])
    expect(await ledger(ann.customerId)).toMatchObject([
      { amountPence: 500, description: "Referral reward: Bob joined and played" },
    ])
    await buy(bob, 4)
    expect(await ledger(bob.customerId)).toHaveLength(1)
    expect(await ledger(ann.customerId)).toHaveLength(1)
    expect((await summaryOf(ann)).friends).toMatchObject([{ rewarded: true }])
    // The statement the site-credit page reads lists it.
    const account = await json<{
      siteCreditAccount: { accountEntries: { description: string; amount: number }[] }
    }>(await ann.browser.get(`/api/Customers/${ann.customerId}/site-credit-account`))
    expect(account.siteCreditAccount.accountEntries).toContainEqual(
      expect.objectContaining({ amount: 500 }),
    )
  })

  it("is ignored with an unknown code, or the referrer's own mailbox behind it", async () => {
    const stranger = await someone({ referralCode: "ZZZZZZZZ" })
    await buy(stranger, 2)
    expect(await ledger(stranger.customerId)).toEqual([])

    const carol = await someone({ emailAddress: `carol.jones.${Date.now()}@gmail.com` })
    const { code } = await summaryOf(carol)
    const [local, domain] = carol.email.split("@") as [string, string]
    const again = await someone({
      emailAddress: `${local.replace(/\./g, "")}+again@${domain.replace("gmail", "googlemail")}`,
      referralCode: code,
    })
    expect((await summaryOf(carol)).friends).toEqual([])
    await buy(again, 2)
    expect(await ledger(again.customerId)).toEqual([])
  })

  it("does not count spend that staff refunded, and keeps a reward already paid", async () => {
    const staff = (await signedInStaff(shop)).browser
    const hal = await someone()
    const ivy = await someone({ referralCode: (await summaryOf(hal)).code })
    const first = await buy(ivy, 1)
    await json(await staff.post(`/api/Orders/${first.id}/refund`))
    await buy(ivy, 1) // £2.50 standing: the refunded £2.50 does not count
    expect(await ledger(ivy.customerId)).toEqual([])
    const third = await buy(ivy, 1) // £5.00 standing
    expect(await ledger(ivy.customerId)).toMatchObject([{ amountPence: 500 }])
    // A refund after the reward takes nothing back (decision 0039).
    await json(await staff.post(`/api/Orders/${third.id}/refund`))
    expect(await ledger(ivy.customerId)).toMatchObject([{ amountPence: 500 }])
    expect(await ledger(hal.customerId)).toMatchObject([{ amountPence: 500 }])
  })

  it("earns nothing when the friend pays with the referrer's card", async () => {
    const fay = await someone()
    await buy(fay, 1) // the sandbox's succeeding card
    const gus = await someone({ referralCode: (await summaryOf(fay)).code })
    await buy(gus, 2) // the same card
    const prints = await shop.db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.orderId")
      .select("payments.cardFingerprint")
      .where("orders.customerId", "in", [fay.customerId, gus.customerId])
      .execute()
    expect(prints).toHaveLength(2)
    expect(new Set(prints.map((p) => p.cardFingerprint)).size).toBe(1)
    expect(prints[0]?.cardFingerprint).toMatch(/^[\w-]{10,}$/)
    expect(await ledger(gus.customerId)).toEqual([])
    expect(await ledger(fay.customerId)).toEqual([])
  })

  it("earns nothing when the friend lives at the referrer's address", async () => {
    const dan = await someone()
    await shop.db
      .updateTable("customers")
      .set({ billingLine1: "12 High Street", billingPostCode: "AB1 2CD" })
      .where("id", "=", dan.customerId)
      .execute()
    const eve = await someone({ referralCode: (await summaryOf(dan)).code })
    await shop.db
      .updateTable("customers")
      .set({ shippingLine1: "12 high street.", shippingPostCode: "ab12cd" })
      .where("id", "=", eve.customerId)
      .execute()
    await buy(eve, 2)
    expect(await ledger(eve.customerId)).toEqual([])
    expect(await ledger(dan.customerId)).toEqual([])
  })
})

describe("a friend who is the referrer under another mailbox and card", () => {
  const staffSignals = async () => {
    const staff = (await signedInStaff(shop)).browser
    return json<HarmSignalListJson>(await staff.get("/api/HarmSignals?PageSize=100"))
  }
  const signalOf = (list: HarmSignalListJson, customerId: string) =>
    list.customers
      .find((c) => c.customer.customerId === customerId)
      ?.signals.find((s) => s.kind === "ReferralRefused")

  it("earns nothing with the referrer's surname and date of birth, and staff are told", async () => {
    const kit = await someone({ lastName: "Brunt", dateOfBirth: "1985-07-23" })
    const again = await someone({
      lastName: " brunt ",
      dateOfBirth: "1985-07-23",
      referralCode: (await summaryOf(kit)).code,
    })
    await buy(again, 2)
    expect(await ledger(again.customerId)).toEqual([])
    expect(await ledger(kit.customerId)).toEqual([])
    // The referrer's page does not pretend the friend has yet to spend £5.
    expect((await summaryOf(kit)).friends).toMatchObject([{ rewarded: false, refused: true }])
    const signals = await staffSignals()
    expect(signalOf(signals, again.customerId)?.description).toContain(
      "Referral refused: matches referrer (date of birth and surname)",
    )
    expect(signalOf(signals, kit.customerId)?.awaitingReview).toBe(true)
  })

  it("earns nothing with the referrer's telephone number, however it is written", async () => {
    const liz = await someone({ telephoneNumber: "07700 912345" })
    const again = await someone({
      telephoneNumber: "+44 (0)7700 912 345",
      referralCode: (await summaryOf(liz)).code,
    })
    await buy(again, 2)
    expect(await ledger(again.customerId)).toEqual([])
    expect(await ledger(liz.customerId)).toEqual([])
    const told = signalOf(await staffSignals(), again.customerId)
    expect(told?.description).toContain("Referral refused: matches referrer (telephone)")
    // Refused for good: more spend later pays nothing, and tells staff nothing new.
    await buy(again, 2)
    expect(await ledger(again.customerId)).toEqual([])
    expect(signalOf(await staffSignals(), again.customerId)?.latestEvidenceAt).toEqual(
      told?.latestEvidenceAt,
    )
  })
})

describe("POST /api/Customers/{id}/referral-invitations", () => {
  it("refuses a customer until their email is verified and a purchase is paid for", async () => {
    const GATE =
      "You can invite friends once you have verified your email address and completed a purchase."
    const fresh = await someone()
    const stranger = `stranger-${Date.now()}@example.com`
    const refused = await problem(await invite(fresh, [stranger]), 403)
    expect(refused.detail).toBe(GATE)
    expect((await summaryOf(fresh)).canInvite).toBe(false)
    // Verified but nothing bought yet: still refused.
    await verifyEmail(fresh)
    expect((await problem(await invite(fresh, [stranger]), 403)).detail).toBe(GATE)
    // Bought but never verified: refused too.
    const buyer = await someone()
    await buy(buyer, 1)
    expect((await problem(await invite(buyer, [stranger]), 403)).detail).toBe(GATE)
    await expect(mailed(shop, stranger, "ReferralInvitation")).rejects.toThrow()
    // Both: the invitation goes.
    await buy(fresh, 1)
    expect((await summaryOf(fresh)).canInvite).toBe(true)
    expect(await json(await invite(fresh, [stranger]))).toEqual({ sent: 1 })
    await mailed(shop, stranger, "ReferralInvitation")
  })

  it("mails each new address the inviter's link, and says how many were taken", async () => {
    const ann = await referrer()
    const { link } = await summaryOf(ann)
    const friend = `friend-${Date.now()}@example.com`
    const member = await someone()
    const answer = await json<ReferralInvitationsResponseJson>(
      await invite(ann, [friend, " ", member.email]),
    )
    // The member is skipped but counted: the answer never tells who has an account.
    expect(answer).toEqual({ sent: 2 })
    const message = await mailed(shop, friend, "ReferralInvitation")
    expect(message.text).toContain(link)
    expect(message.subject).toBe("A friend invited you to Howzat")
    await expect(mailed(shop, member.email, "ReferralInvitation")).rejects.toThrow()

    // Not twice in a week, whoever asks.
    const bob = await referrer()
    expect(await json(await invite(bob, [friend.toUpperCase()]))).toEqual({ sent: 1 })
    const messages = await shop.outbox.recent({ to: friend, limit: 50 })
    expect(messages.filter((m) => m.kind === "ReferralInvitation")).toHaveLength(1)
  })

  it("carries nothing the inviter typed to the stranger it mails", async () => {
    // Letters and spaces make a valid name, and a message all the same.
    const spammer = await referrer({ firstName: "Claim your prize now", lastName: "Reply today" })
    const stranger = `stranger-${Date.now()}@example.com`
    expect(await json(await invite(spammer, [stranger]))).toEqual({ sent: 1 })
    const message = await mailed(shop, stranger, "ReferralInvitation")
    for (const part of [message.subject, message.text, message.html])
      expect(part).not.toMatch(/Claim your prize|Reply today/)
    expect(message.text).toContain((await summaryOf(spammer)).link)
  })

  it("refuses an empty list, too many at once, and addresses that are not addresses", async () => {
    const ann = await referrer()
    expect((await problem(await invite(ann, []), 400)).detail).toContain("at least one")
    expect((await problem(await invite(ann, ["", "  "]), 400)).detail).toContain("at least one")
    const eleven = Array.from({ length: 11 }, (_, i) => `f${i}@example.com`)
    expect((await problem(await invite(ann, eleven), 400)).detail).toContain("at most 10")
    const bad = await problem(await invite(ann, ["ok@example.com", "not-an-email"]), 400)
    expect(bad.errors?.emails).toEqual(["not-an-email is not an email address."])
  })

  it("answers malformed bodies 400, another customer 404 and no session 401", async () => {
    const ann = await someone()
    const bob = await someone()
    await problem(await invite(ann, "x@example.com"), 400)
    await problem(
      await ann.browser.post(`/api/Customers/${ann.customerId}/referral-invitations`, {}),
      400,
    )
    await problem(await invite(ann, [42]), 400)
    await problem(await invite({ ...bob, customerId: ann.customerId }, ["y@example.com"]), 404)
    await problem(
      await (await new Browser(shop.app).open()).post(
        `/api/Customers/${ann.customerId}/referral-invitations`,
        {
          emails: ["x@example.com"],
        },
      ),
      401,
    )
  })

  it("limits how many friends one customer invites a day", async () => {
    const ann = await referrer()
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => `limit-${n}-${i}-${Date.now()}@example.com`)
    expect(await json(await invite(ann, batch(10)))).toEqual({ sent: 10 })
    const refused = await invite(ann, batch(3))
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/)
    await problem(refused, 429)
  })
})
