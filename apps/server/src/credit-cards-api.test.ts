import type { OrderResponseJson, SiteCreditAccountResponseJson } from "@howzat/contracts/orders"
import { creditCardTexts, pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { CARDS, competitionOnSale, payByCard, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * Credit cards under the DCMS code (decision 0042) through the real
 * composition on PGlite with the sandbox provider: none for an instant-win
 * order, at most £250 a month, said before the card form and refused with
 * the same words, the order kept for a debit card.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const signedIn = async () => {
  const browser = await new Browser(shop.app).open()
  const { user } = await register(browser)
  return { browser, customerId: user.customerId as string }
}

const startPayment = async (browser: Browser, orderId: string) => {
  const { order } = await json<OrderResponseJson>(
    await browser.post(`/api/Orders/${orderId}/payments`),
  )
  const pending = order.payments.find((p) => p.status === "Pending")
  if (!pending?.token) throw new Error("no pending payment")
  return { order, pending: { ...pending, token: pending.token } }
}

const buyCredit = async (browser: Browser, customerId: string, amount: number) =>
  (
    await json<OrderResponseJson>(
      await browser.post(`/api/Customers/${customerId}/site-credit-orders`, { amount }),
      201,
    )
  ).order

const balanceOf = async (browser: Browser, customerId: string) =>
  (
    await json<SiteCreditAccountResponseJson>(
      await browser.get(`/api/Customers/${customerId}/site-credit-account`),
    )
  ).siteCreditAccount.balance

const completeOrder = (browser: Browser, orderId: string) =>
  browser.post(`/api/Orders/${orderId}/complete-order`)

const instantWinCompetition = () =>
  competitionOnSale(shop, {
    ticketPrice: pence(500),
    instantWinGroups: [{ name: "£5 Site Credit", imageUrls: [], ticketNumbers: [1] }],
  })

describe("credit cards at the payment step", () => {
  it("an instant-win order: the notice up front, a credit card refused, then a debit card pays", async () => {
    const { browser, customerId } = await signedIn()
    const order = await placeOrder(browser, await instantWinCompetition(), 1)
    const { pending } = await startPayment(browser, order.id)
    expect(pending.creditCardNotice).toBe(creditCardTexts.instantWin)

    const refused = await payByCard(browser, pending.token, CARDS.credit)
    expect(refused).toEqual({ status: "Failed", failureDetail: creditCardTexts.instantWin })
    // The provider's notification lands before the customer's browser comes back.
    await shop.paymentNotificationsSettled()
    const due = await problem(await completeOrder(browser, order.id), 402)
    expect(due.detail).toBe(creditCardTexts.instantWin)
    const events = await shop.db
      .selectFrom("responsiblePlayEvents")
      .select("kind")
      .where("customerId", "=", customerId)
      // The payment's own events: registration and checkout log the age check and the limit.
      .where("kind", "in", ["CreditCardRefused", "PaymentDeclined"])
      .execute()
    expect(events.map((e) => e.kind)).toEqual(["CreditCardRefused"])

    const again = await startPayment(browser, order.id)
    expect(again.pending.id).not.toBe(pending.id)
    expect((await payByCard(browser, again.pending.token, CARDS.succeeds)).status).toBe("Succeeded")
    const paid = await json<OrderResponseJson>(await completeOrder(browser, order.id))
    expect(paid.order.status).toBe("Completed")
  })

  it("£250 a month: what is left is said up front, and a debit card is never capped", async () => {
    const { browser } = await signedIn()
    const big = await placeOrder(
      browser,
      await competitionOnSale(shop, { ticketPrice: pence(20_000) }),
      1,
    )
    const first = await startPayment(browser, big.id)
    expect(first.pending.creditCardNotice ?? null).toBeNull()
    expect((await payByCard(browser, first.pending.token, CARDS.creditMastercard)).status).toBe(
      "Succeeded",
    )
    expect((await json<OrderResponseJson>(await completeOrder(browser, big.id))).order.status).toBe(
      "Completed",
    )

    const next = await placeOrder(
      browser,
      await competitionOnSale(shop, { ticketPrice: pence(6_000) }),
      1,
    )
    const second = await startPayment(browser, next.id)
    expect(second.pending.creditCardNotice).toBe(creditCardTexts.monthlyCap(pence(5_000)))
    expect(await payByCard(browser, second.pending.token, CARDS.credit)).toEqual({
      status: "Failed",
      failureDetail: creditCardTexts.monthlyCap(pence(5_000)),
    })
    // The shop has heard of the decline before the customer tries again: till
    // then the declined payment is still the pending one a new attempt is handed.
    await shop.paymentNotificationsSettled()
    const retry = await startPayment(browser, next.id)
    expect((await payByCard(browser, retry.pending.token, CARDS.succeeds)).status).toBe("Succeeded")
    expect(
      (await json<OrderResponseJson>(await completeOrder(browser, next.id))).order.status,
    ).toBe("Completed")
  })

  it("a credit card the provider let through is refused by the shop: refunded, order kept", async () => {
    const { browser, customerId } = await signedIn()
    const order = await placeOrder(browser, await instantWinCompetition(), 1)
    const { pending } = await startPayment(browser, order.id)
    // A provider with no rule to block it (an operator without the Radar rule).
    await shop.db
      .updateTable("sandboxPaymentIntents")
      .set({ creditCardsAllowed: true })
      .where("clientToken", "=", pending.token)
      .execute()
    expect((await payByCard(browser, pending.token, CARDS.credit)).status).toBe("Succeeded")

    const refused = await problem(await completeOrder(browser, order.id), 402)
    expect(refused.detail).toBe(creditCardTexts.refused(creditCardTexts.instantWin))
    await shop.paymentNotificationsSettled()
    const refund = await shop.db
      .selectFrom("paymentRefunds")
      .select(["reason", "status"])
      .where("orderId", "=", order.id)
      .execute()
    expect(refund).toEqual([{ reason: "CreditCardRefused", status: "Refunded" }])
    const { order: after } = await json<OrderResponseJson>(
      await browser.get(`/api/Orders/${order.id}`),
    )
    expect(after.status).toBe("AwaitingPayment")
    expect(after.payments[0]).toMatchObject({
      status: "Refunded",
      failureDetail: creditCardTexts.refused(creditCardTexts.instantWin),
    })
    const kinds = await shop.db
      .selectFrom("responsiblePlayEvents")
      .select("kind")
      .where("customerId", "=", customerId)
      .execute()
    expect(kinds.map((k) => k.kind)).toContain("CreditCardRefused")
  })

  it("site credit bought by credit card: refused up front, and refunded if a provider let it through", async () => {
    const { browser, customerId } = await signedIn()
    const bought = await buyCredit(browser, customerId, 2_000)
    const { pending } = await startPayment(browser, bought.id)
    expect(pending.creditCardNotice).toBe(creditCardTexts.siteCredit)
    expect(await payByCard(browser, pending.token, CARDS.credit)).toEqual({
      status: "Failed",
      failureDetail: creditCardTexts.siteCredit,
    })
    await shop.paymentNotificationsSettled()

    // The laundering route: the provider lets the credit card through, the
    // credit would land, and then pays for an instant-win ticket.
    const again = await startPayment(browser, bought.id)
    await shop.db
      .updateTable("sandboxPaymentIntents")
      .set({ creditCardsAllowed: true })
      .where("clientToken", "=", again.pending.token)
      .execute()
    expect((await payByCard(browser, again.pending.token, CARDS.credit)).status).toBe("Succeeded")
    const refused = await problem(await completeOrder(browser, bought.id), 402)
    expect(refused.detail).toBe(creditCardTexts.refused(creditCardTexts.siteCredit))
    expect(await balanceOf(browser, customerId)).toBe(0)
  })

  it("credit bought by credit card counts towards the £250 a month", async () => {
    const { browser, customerId } = await signedIn()
    // Credit bought by credit card before the shop refused it: a payment the
    // provider reports as credit-funded, kept.
    const bought = await buyCredit(browser, customerId, 20_000)
    await payForOrder(browser, bought.id)
    await shop.db
      .updateTable("payments")
      .set({ cardFunding: "Credit" })
      .where("orderId", "=", bought.id)
      .execute()
    const next = await placeOrder(
      browser,
      await competitionOnSale(shop, { ticketPrice: pence(6_000) }),
      1,
    )
    const { pending } = await startPayment(browser, next.id)
    expect(pending.creditCardNotice).toBe(creditCardTexts.monthlyCap(pence(5_000)))
  })

  it("card details it cannot read are a 400 problem, never a 500", async () => {
    const { browser } = await signedIn()
    const order = await placeOrder(browser, await instantWinCompetition(), 1)
    const { pending } = await startPayment(browser, order.id)
    const malformed = await new Browser(shop.app).request("POST", "/sandbox-gateway/confirm", {
      body: { clientToken: pending.token, cardNumber: 4242 },
      bearer: false,
    })
    await problem(malformed, 400)
  })
})
