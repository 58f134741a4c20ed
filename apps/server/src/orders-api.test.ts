import type { BasketResponseJson } from "@howzat/contracts/baskets"
import type { CompetitionResponseJson } from "@howzat/contracts/catalogue"
import type { CustomerResponseJson } from "@howzat/contracts/customers"
import type {
  CustomerCompetitionListJson,
  OrderJson,
  OrderListJson,
  OrderResponseJson,
  OrderTicketListJson,
} from "@howzat/contracts/orders"
import { compressTicketNumbers, pence } from "@howzat/core/rules"
import { signatureHeader } from "@howzat/payments"
import { makePaymentRepo } from "@howzat/postgres"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  CARDS,
  checkout,
  competitionOnSale,
  newBasket,
  payByCard,
  sandboxIntent,
} from "./test-support/orders"
import {
  deliverNotification,
  notificationSecret,
  settleAtProvider,
  signedNotification,
} from "./test-support/payments"
import { mailed, openShop, register, type Shop, WITH_A_CHARITY } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * docs/product/api.md's orders for the customer who placed them, through the real
 * composition: checkout on PGlite, paying by the sandbox card provider, the
 * browser's return, the provider's signed notifications, cancelling and the
 * expiry of unpaid orders.
 */
let shop: Shop
let visitor: Browser

const NOBODY = "00000000-0000-4000-8000-000000000000"

beforeAll(async () => {
  // With a charity, so the round-up is priced (without one: baskets-api.test.ts).
  shop = await openShop({}, WITH_A_CHARITY)
  visitor = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

const signedIn = async () => {
  const browser = await new Browser(shop.app).open()
  const { user } = await register(browser)
  return { browser, customerId: user.customerId as string }
}

/** A signed-in customer's order awaiting payment: `quantity` tickets at £2.50. */
const placeOrder = async (browser: Browser, quantity = 2) => {
  const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
  const basket = await newBasket(browser)
  await addItem(browser, basket.id, competitionId, quantity)
  const { order } = await checkout(browser, basket.id)
  return { order, competitionId }
}

const orderOf = async (response: Response, status = 200): Promise<OrderJson> =>
  (await json<OrderResponseJson>(response, status)).order

const readOrder = async (browser: Browser, orderId: string) =>
  orderOf(await browser.get(`/api/Orders/${orderId}`))

const startPayment = async (browser: Browser, orderId: string) =>
  orderOf(await browser.post(`/api/Orders/${orderId}/payments`))

/** The card form starts with the pending payment's token (docs/product/errors.md). */
const pendingToken = (order: OrderJson): string => {
  const pending = order.payments.filter((p) => p.status === "Pending" && p.token !== null)
  expect(pending).toHaveLength(1)
  return pending[0]!.token as string
}

const ticketNumbersOf = async (browser: Browser, orderId: string) =>
  (await json<OrderTicketListJson>(await browser.get(`/api/Orders/${orderId}/tickets`))).tickets

const soldToDate = async (competitionId: string) =>
  (
    await json<CompetitionResponseJson>(
      // Read now, not the public cache's few-seconds-old answer (decision 0047).
      await visitor.get(`/api/Competitions/${competitionId}`, { "cache-control": "no-cache" }),
    )
  ).competition.ticketsSoldToDate

const balanceOf = async (browser: Browser, customerId: string) =>
  (await json<CustomerResponseJson>(await browser.get(`/api/Customers/${customerId}`))).customer
    .siteCreditAccountBalance

const grantSiteCredit = (customerId: string, amountPence: number) =>
  shop.db
    .insertInto("siteCreditEntries")
    .values({
      customerId,
      amountPence,
      reason: "Grant",
      description: "Goodwill credit",
      createdAt: new Date(),
    })
    .execute()

/** Pays the order's pending payment by card, as the payment page does, and returns the token used. */
const payOrder = async (browser: Browser, orderId: string, card: string) => {
  const token = pendingToken(await startPayment(browser, orderId))
  const answer = await payByCard(browser, token, card)
  return { token, answer }
}

describe("paying for an order by card", () => {
  it("answers a declined card with 402 and the provider's words; a retry pays with a new payment", async () => {
    const { browser } = await signedIn()
    const { order } = await placeOrder(browser, 2)
    expect([order.status, order.orderBalance, order.payments]).toEqual(["AwaitingPayment", 500, []])

    const declined = await payOrder(browser, order.id, CARDS.declined)
    expect(declined.answer).toEqual({ status: "Failed", failureDetail: "Your card was declined." })
    const refused = await problem(await browser.post(`/api/Orders/${order.id}/complete-order`), 402)
    expect(refused.type).toBe("https://howzat.example/problems/payment-failed")
    expect(refused.detail).toBe("Your card was declined.")

    const stillDue = await readOrder(browser, order.id)
    expect([stillDue.status, stillDue.orderBalance]).toEqual(["AwaitingPayment", 500])
    expect(stillDue.payments.map((p) => [p.status, p.failureDetail])).toEqual([
      ["Failed", "Your card was declined."],
    ])

    // The Retry link: the payment page starts again and gets a new intent.
    const retry = await startPayment(browser, order.id)
    const retryToken = pendingToken(retry)
    expect(retryToken).not.toBe(declined.token)
    expect(retry.payments).toHaveLength(2)
    expect(await payByCard(browser, retryToken, CARDS.succeeds)).toEqual({
      status: "Succeeded",
      failureDetail: null,
    })
    const completed = await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))
    expect([completed.status, completed.orderBalance]).toEqual(["Completed", 0])
    expect(completed.payments.map((p) => p.status)).toEqual(["Failed", "Succeeded"])

    const read = await readOrder(browser, order.id)
    expect([read.status, read.orderBalance]).toEqual(["Completed", 0])
    const listed = await json<OrderListJson>(await browser.get("/api/Orders"))
    expect(listed.orders.map((o) => [o.id, o.status])).toEqual([[order.id, "Completed"]])
  })

  it("gives insufficient funds its own words", async () => {
    const { browser } = await signedIn()
    const { order } = await placeOrder(browser, 1)
    await payOrder(browser, order.id, CARDS.insufficientFunds)
    const refused = await problem(await browser.post(`/api/Orders/${order.id}/complete-order`), 402)
    expect(refused.detail).toBe("Your card has insufficient funds.")
  })

  it("says the payment has not arrived when the card form was never submitted", async () => {
    const { browser } = await signedIn()
    const { order } = await placeOrder(browser, 1)
    const started = await startPayment(browser, order.id)
    // Starting again while the first is pending hands back the same token, not a second charge.
    expect(pendingToken(await startPayment(browser, order.id))).toBe(pendingToken(started))
    const refused = await problem(await browser.post(`/api/Orders/${order.id}/complete-order`), 402)
    expect(refused.detail).toBe("We have not received your payment yet.")
    expect((await readOrder(browser, order.id)).status).toBe("AwaitingPayment")
  })

  it("answers complete-order twice with the same completed order, and the tickets stay the order's", async () => {
    const { browser, customerId } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 3)
    // Unpaid, the customer is not given the numbers (docs/decisions/0059).
    expect(order.ticketItems[0]?.ticketNumbers).toBe("")
    await payOrder(browser, order.id, CARDS.succeeds)

    const first = await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))
    const second = await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))
    expect(first.status).toBe("Completed")
    expect(second).toEqual(first)
    const allocated = first.ticketItems[0]!.ticketNumbers.split(",").map(Number)
    expect(new Set(allocated).size).toBe(3)
    // Starting a payment on a paid order starts nothing.
    expect((await startPayment(browser, order.id)).payments).toEqual(first.payments)

    const tickets = await ticketNumbersOf(browser, order.id)
    expect(tickets.map((t) => t.ticketNumber)).toEqual(allocated)
    expect(new Set(tickets.map((t) => t.competitionId))).toEqual(new Set([competitionId]))
    expect(await soldToDate(competitionId)).toBe(3)

    // My Tickets shows them once the order is paid.
    const held = await json<CustomerCompetitionListJson>(
      await browser.get(`/api/Customers/${customerId}/competitions`),
    )
    expect(held.competitions.map((c) => [c.competition.id, c.ticketCount])).toEqual([
      [competitionId, 3],
    ])
    const inCompetition = await json<OrderTicketListJson>(
      await browser.get(`/api/Customers/${customerId}/competitions/${competitionId}/tickets`),
    )
    expect(inCompetition.tickets.map((t) => t.ticketNumber)).toEqual(allocated)
  })
})

describe("TicketStatus on a customer's and an order's tickets", () => {
  it("lists a paid order's tickets as sold and an unpaid one's (staff's view) as unsold", async () => {
    const { browser, customerId } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    const staff = (await signedInStaff(shop)).browser
    const numbers = async (who: Browser, url: string) =>
      (await json<OrderTicketListJson>(await who.get(url))).tickets.map((t) => t.ticketNumber)
    const path = `/api/Orders/${order.id}/tickets`
    const unpaid = await numbers(staff, path)
    expect(unpaid).toHaveLength(2)
    expect(await numbers(staff, `${path}?TicketStatus=Unsold`)).toEqual(unpaid)
    expect(await numbers(staff, `${path}?TicketStatus=Sold`)).toEqual([])

    await payOrder(browser, order.id, CARDS.succeeds)
    await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))
    const paid = await numbers(browser, path)
    expect(paid).toHaveLength(2)
    expect(await numbers(browser, `${path}?TicketStatus=Sold`)).toEqual(paid)
    expect(await numbers(browser, `${path}?TicketStatus=Unsold`)).toEqual([])
    const held = `/api/Customers/${customerId}/competitions/${competitionId}/tickets`
    expect(await numbers(browser, `${held}?TicketStatus=Sold`)).toEqual(paid)
    expect(await numbers(browser, `${held}?TicketStatus=All`)).toEqual(paid)
    expect(await numbers(browser, `${held}?TicketStatus=Unsold`)).toEqual([])
    for (const url of [path, held]) {
      const refused = await problem(await browser.get(`${url}?TicketStatus=Reserved`), 400)
      expect(JSON.stringify(refused)).toContain("TicketStatus")
    }
  })
})

describe("the provider's signed status notification", () => {
  it("racing the browser's return completes the order once, with no error either side", async () => {
    const { browser } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    const token = pendingToken(await startPayment(browser, order.id))
    const intent = await sandboxIntent(shop, token)
    const notification = await settleAtProvider(shop, intent.providerReference, {
      status: "Succeeded",
    })
    const { rawBody, signature } = signedNotification(await notificationSecret(shop), notification)

    const [delivered, returned] = await Promise.all([
      deliverNotification(shop, rawBody, signature),
      browser.post(`/api/Orders/${order.id}/complete-order`),
    ])
    expect(await json(delivered!)).toEqual({ received: true, replayed: false, ignored: false })
    const completed = await orderOf(returned!)
    expect(completed.status).toBe("Completed")

    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Completed")
    expect(after.payments.map((p) => p.status)).toEqual(["Succeeded"])
    expect(await soldToDate(competitionId)).toBe(2)

    // The provider delivers it again (a retry): acknowledged, and nothing moves.
    const replayed = await deliverNotification(shop, rawBody, signature)
    expect(await json(replayed)).toEqual({ received: true, replayed: true, ignored: false })
    expect(await readOrder(browser, order.id)).toEqual(after)
  })

  it("completes an order whose customer never came back from the card form", async () => {
    const { browser } = await signedIn()
    const { order } = await placeOrder(browser, 1)
    // The sandbox's card form notifies in the background, as a provider's webhook does.
    await payOrder(browser, order.id, CARDS.succeeds)
    await shop.paymentNotificationsSettled()
    const settled = await readOrder(browser, order.id)
    expect([settled.status, settled.orderBalance]).toEqual(["Completed", 0])
  })

  it("refuses a forged or stale notification with a 400 problem, and nothing changes", async () => {
    const { browser } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    const token = pendingToken(await startPayment(browser, order.id))
    const intent = await sandboxIntent(shop, token)
    const secret = await notificationSecret(shop)
    const before = await readOrder(browser, order.id)
    // The provider settles the intent, but the test hands the shop only forgeries at first.
    const notification = await settleAtProvider(shop, intent.providerReference, {
      status: "Succeeded",
    })
    const genuine = signedNotification(secret, notification)
    const nowSeconds = Math.floor(Date.now() / 1000)

    const forgeries: Array<[string, string | undefined, string]> = [
      [
        genuine.rawBody,
        signedNotification("not-the-shop-secret-but-long-enough-32", notification).signature,
        "The signature does not match the body.",
      ],
      [
        genuine.rawBody,
        signedNotification(secret, notification, nowSeconds - 60 * 60).signature,
        "The signature's timestamp is outside the tolerated window.",
      ],
      [
        JSON.stringify({ ...notification, providerReference: "sbx_pi_someone-elses" }),
        genuine.signature,
        "The signature does not match the body.",
      ],
      [
        genuine.rawBody,
        signedNotification(secret, notification, nowSeconds + 60 * 60).signature,
        "The signature's timestamp is outside the tolerated window.",
      ],
      [genuine.rawBody, undefined, "The signature header is missing."],
      [genuine.rawBody, "t=abc,v1=xyz", "The signature header is malformed."],
    ]
    for (const [rawBody, signature, reason] of forgeries) {
      const refused = await problem(await deliverNotification(shop, rawBody, signature), 400)
      expect(refused.detail).toBe(reason)
    }
    expect(await readOrder(browser, order.id)).toEqual(before)
    expect(await soldToDate(competitionId)).toBe(2)

    // Refusals were not remembered as events: the genuine delivery of that event still counts.
    expect(await json(await deliverNotification(shop, genuine.rawBody, genuine.signature))).toEqual(
      { received: true, replayed: false, ignored: false },
    )
    expect((await readOrder(browser, order.id)).status).toBe("Completed")
  })

  it("refuses a correctly signed body it cannot read with a 400, never a 500", async () => {
    const secret = await notificationSecret(shop)
    const nowSeconds = Math.floor(Date.now() / 1000)
    for (const rawBody of ["not json", "{}", JSON.stringify({ id: 1, type: "charge.refunded" })]) {
      const refused = await problem(
        await deliverNotification(shop, rawBody, signatureHeader(secret, nowSeconds, rawBody)),
        400,
      )
      expect(refused.detail).toBe("The notification's body is malformed.")
    }
  })
})

describe("POST /api/Orders/{orderId}/cancel-order", () => {
  it("cancels an unpaid order: its tickets go back on sale and its site credit comes back", async () => {
    const { browser, customerId } = await signedIn()
    await grantSiteCredit(customerId, 300)
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 4)
    await json<BasketResponseJson>(
      await browser.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: false },
        siteCreditDebitAmount: 300,
      }),
    )
    const { order } = await checkout(browser, basket.id)
    expect([order.status, order.siteCreditDebitTotal, order.orderBalance]).toEqual([
      "AwaitingPayment",
      300,
      700,
    ])
    expect(await balanceOf(browser, customerId)).toBe(0)
    expect(await soldToDate(competitionId)).toBe(4)
    await startPayment(browser, order.id)

    const cancelled = await orderOf(await browser.post(`/api/Orders/${order.id}/cancel-order`))
    expect([cancelled.status, cancelled.orderBalance]).toEqual(["Cancelled", 0])
    // The order says what came back, wherever it is read.
    expect([cancelled.siteCreditDebitTotal, cancelled.siteCreditRefundTotal]).toEqual([300, 300])
    expect((await readOrder(browser, order.id)).siteCreditRefundTotal).toBe(300)
    const listed = await json<OrderListJson>(await browser.get("/api/Orders"))
    expect(listed.orders.find((o) => o.id === order.id)?.siteCreditRefundTotal).toBe(300)
    expect((await readOrder(browser, order.id)).status).toBe("Cancelled")
    expect(await soldToDate(competitionId)).toBe(0)
    expect(await balanceOf(browser, customerId)).toBe(300)

    // Cancelling again (a double click) changes nothing and refunds nothing twice.
    expect((await orderOf(await browser.post(`/api/Orders/${order.id}/cancel-order`))).status).toBe(
      "Cancelled",
    )
    expect(await balanceOf(browser, customerId)).toBe(300)
    // A cancelled order can no longer be paid.
    const unpayable = await problem(await browser.post(`/api/Orders/${order.id}/payments`), 409)
    expect(unpayable.detail).toBe("This order has been cancelled, so it can no longer be paid.")
  })

  it("voids the payment first: the card form's old token then takes no money", async () => {
    const { browser } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    const token = pendingToken(await startPayment(browser, order.id))

    const cancelled = await orderOf(await browser.post(`/api/Orders/${order.id}/cancel-order`))
    expect(cancelled.status).toBe("Cancelled")
    expect(cancelled.payments.map((p) => [p.status, p.token])).toEqual([["Failed", null]])

    // The payment page left open in another tab: the card is refused by the provider.
    expect(await payByCard(browser, token, CARDS.succeeds)).toEqual({
      status: "Failed",
      failureDetail: "The payment was cancelled.",
    })
    expect(await sandboxIntent(shop, token)).toMatchObject({
      status: "Failed",
      failureDetail: "The payment was cancelled.",
      refundReference: null,
    })
    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Cancelled")
    expect(after.payments.map((p) => p.status)).toEqual(["Failed"])
    expect(await soldToDate(competitionId)).toBe(0)
    await problem(await browser.post(`/api/Orders/${order.id}/complete-order`), 409)
  })

  it("answers complete-order on a cancelled or expired order with 409, not 'still due'", async () => {
    const { browser } = await signedIn()
    const cancelled = await placeOrder(browser, 1)
    await orderOf(await browser.post(`/api/Orders/${cancelled.order.id}/cancel-order`))
    const refused = await problem(
      await browser.post(`/api/Orders/${cancelled.order.id}/complete-order`),
      409,
    )
    expect(refused.detail).toBe("This order has been cancelled, so it can no longer be paid.")

    const expired = await placeOrder(browser, 1)
    await shop.db
      .updateTable("orders")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", expired.order.id)
      .execute()
    // The background job may take it first: what counts is the order's state after a pass.
    await shop.expireUnpaidOrders()
    expect((await readOrder(browser, expired.order.id)).status).toBe("SystemCancelled")
    const late = await problem(
      await browser.post(`/api/Orders/${expired.order.id}/complete-order`),
      409,
    )
    expect(late.detail).toMatch(/^This order has expired/)
  })

  it("refuses to cancel an order site credit already paid with 409", async () => {
    const { browser, customerId } = await signedIn()
    await grantSiteCredit(customerId, 1000)
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    await browser.put(`/api/Baskets/${basket.id}`, {
      charitableDonation: { autoRoundup: false },
      siteCreditDebitAmount: 500,
    })
    const { order } = await checkout(browser, basket.id)
    expect(order.status).toBe("Completed")

    const refused = await problem(await browser.post(`/api/Orders/${order.id}/cancel-order`), 409)
    expect(refused.detail).toBe("This order has been paid, so it can no longer be cancelled.")
    expect((await readOrder(browser, order.id)).status).toBe("Completed")
    expect(await soldToDate(competitionId)).toBe(2)
    expect(await balanceOf(browser, customerId)).toBe(500)
  })

  it("refuses to cancel an order paid by card with 409", async () => {
    const { browser } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    await payOrder(browser, order.id, CARDS.succeeds)
    expect(
      (await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))).status,
    ).toBe("Completed")
    const refused = await problem(await browser.post(`/api/Orders/${order.id}/cancel-order`), 409)
    expect(refused.detail).toBe("This order has been paid, so it can no longer be cancelled.")
    expect((await readOrder(browser, order.id)).status).toBe("Completed")
    expect(await soldToDate(competitionId)).toBe(2)
  })
})

/** The customer's address, where their mail goes. */
const emailOf = async (browser: Browser, customerId: string) =>
  (await json<CustomerResponseJson>(await browser.get(`/api/Customers/${customerId}`))).customer
    .email

const confirmationsTo = async (email: string) =>
  (await shop.outbox.recent({ to: email, limit: 50 })).filter((m) => m.kind === "OrderConfirmation")

describe("money taken for an order that can no longer take it", () => {
  it("a success notification for a cancelled order refunds the payment, once, for staff to see", async () => {
    const { browser } = await signedIn()
    const { order } = await placeOrder(browser, 2)
    const token = pendingToken(await startPayment(browser, order.id))
    const intent = await sandboxIntent(shop, token)
    // The order was closed while this intent stayed open (a void that could not reach
    // the provider, a payment page racing the cancel), and then the card paid it.
    await shop.db
      .updateTable("orders")
      .set({ status: "Cancelled" })
      .where("id", "=", order.id)
      .execute()
    const notification = await settleAtProvider(shop, intent.providerReference, {
      status: "Succeeded",
    })
    const { rawBody, signature } = signedNotification(await notificationSecret(shop), notification)

    expect(await json(await deliverNotification(shop, rawBody, signature))).toEqual({
      received: true,
      replayed: false,
      ignored: false,
    })
    expect(await json(await deliverNotification(shop, rawBody, signature))).toEqual({
      received: true,
      replayed: true,
      ignored: false,
    })
    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Cancelled")
    expect(after.payments.map((p) => p.status)).toEqual(["Refunded"])

    const refunds = await Effect.runPromise(makePaymentRepo(shop.db).refundsForOrder(order.id))
    const refundReference = (await sandboxIntent(shop, token)).refundReference
    expect(refundReference).toMatch(/^sbx_re_/)
    expect(refunds).toEqual([
      expect.objectContaining({
        orderId: order.id,
        amount: 500,
        reason: "OrderCancelled",
        status: "Refunded",
        providerReference: intent.providerReference,
        providerRefundReference: refundReference,
      }),
    ])
    // The browser's return and the expiry pass find nothing more to give back.
    await problem(await browser.post(`/api/Orders/${order.id}/complete-order`), 409)
    await shop.expireUnpaidOrders()
    expect(await Effect.runPromise(makePaymentRepo(shop.db).refundsForOrder(order.id))).toEqual(
      refunds,
    )
  })
})

describe("the order confirmation", () => {
  it("a card-paid order mails one confirmation: reference, ticket ranges, the order's link", async () => {
    const { browser, customerId } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 3)
    const token = pendingToken(await startPayment(browser, order.id))
    const notification = await settleAtProvider(
      shop,
      (await sandboxIntent(shop, token)).providerReference,
      { status: "Succeeded" },
    )
    const { rawBody, signature } = signedNotification(await notificationSecret(shop), notification)
    await Promise.all([
      deliverNotification(shop, rawBody, signature),
      browser.post(`/api/Orders/${order.id}/complete-order`),
      browser.post(`/api/Orders/${order.id}/complete-order`),
    ])
    const paid = await readOrder(browser, order.id)
    expect(paid.status).toBe("Completed")

    const messages = await confirmationsTo(await emailOf(browser, customerId))
    expect(messages).toHaveLength(1)
    const [message] = messages
    const numbers = paid.ticketItems[0]!.ticketNumbers.split(",").map(Number)
    expect(numbers).toHaveLength(3)
    expect(message?.subject).toBe(`Your Howzat order ${order.orderRef} is confirmed`)
    expect(message?.text).toContain(`${order.ticketItems[0]!.competition.name}: 3 tickets, £7.50`)
    expect(message?.text).toContain(`Ticket numbers: ${compressTicketNumbers(numbers)}`)
    // The server's configured origin (http://localhost:3000 by default), not the one the
    // requests came to (http://localhost).
    expect(message?.text).toContain(`http://localhost:3000/Account/Order/${order.id}`)
    expect(await soldToDate(competitionId)).toBe(3)
  })

  it("an order site credit pays in full mails one confirmation at checkout", async () => {
    const { browser, customerId } = await signedIn()
    await grantSiteCredit(customerId, 1000)
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    await browser.put(`/api/Baskets/${basket.id}`, {
      charitableDonation: { autoRoundup: false },
      siteCreditDebitAmount: 500,
    })
    const { order } = await checkout(browser, basket.id)
    expect(order.status).toBe("Completed")
    await browser.post(`/api/Orders/${order.id}/complete-order`)
    const email = await emailOf(browser, customerId)
    const message = await mailed(shop, email, "OrderConfirmation")
    expect(message.text).toContain(`order ${order.orderRef}`)
    expect(message.text).toContain("Paid with site credit: £5.00")
    expect(await confirmationsTo(email)).toHaveLength(1)
  })

  it("an unpaid order that is cancelled mails nothing", async () => {
    const { browser, customerId } = await signedIn()
    const { order } = await placeOrder(browser, 1)
    await startPayment(browser, order.id)
    await orderOf(await browser.post(`/api/Orders/${order.id}/cancel-order`))
    expect(await confirmationsTo(await emailOf(browser, customerId))).toEqual([])
  })
})

describe("the expiry of unpaid orders", () => {
  it("system-cancels an unpaid order past its time and puts its tickets back on sale", async () => {
    const { browser, customerId } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 3)
    const fresh = await placeOrder(browser, 1)
    await startPayment(browser, order.id)
    expect(await soldToDate(competitionId)).toBe(3)
    await shop.db
      .updateTable("orders")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", order.id)
      .execute()

    // The background job may have taken it first: what counts is the order's state after a pass.
    expect(await shop.expireUnpaidOrders()).not.toContain(fresh.order.id)

    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("SystemCancelled")
    expect(await soldToDate(competitionId)).toBe(0)
    expect((await readOrder(browser, fresh.order.id)).status).toBe("AwaitingPayment")
    const held = await json<CustomerCompetitionListJson>(
      await browser.get(`/api/Customers/${customerId}/competitions`),
    )
    expect(held.competitions).toEqual([])

    // Coming back from the card form too late: the order has expired.
    const late = await problem(await browser.post(`/api/Orders/${order.id}/payments`), 409)
    expect(late.detail).toMatch(/has expired/)
  })

  it("completes instead an order past its time whose payment the provider took", async () => {
    const { browser } = await signedIn()
    const { order, competitionId } = await placeOrder(browser, 2)
    const token = pendingToken(await startPayment(browser, order.id))
    // Paid at the provider, but its notification has not arrived yet.
    await settleAtProvider(shop, (await sandboxIntent(shop, token)).providerReference, {
      status: "Succeeded",
    })
    await shop.db
      .updateTable("orders")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", order.id)
      .execute()

    expect(await shop.expireUnpaidOrders()).not.toContain(order.id)
    expect((await readOrder(browser, order.id)).status).toBe("Completed")
    expect(await soldToDate(competitionId)).toBe(2)
  })
})

describe("another customer's order", () => {
  it("is 'no such order' to a different customer for every call, and 401 without a session", async () => {
    const { browser: ann, customerId: annId } = await signedIn()
    const { browser: bob } = await signedIn()
    const { order, competitionId } = await placeOrder(ann, 2)
    const before = await readOrder(ann, order.id)
    const nobody = await problem(await bob.get(`/api/Orders/${NOBODY}`), 404)
    expect(nobody.detail).toBe("no such order")

    const attempts = [
      () => bob.get(`/api/Orders/${order.id}`),
      () => bob.post(`/api/Orders/${order.id}/payments`),
      () => bob.post(`/api/Orders/${order.id}/complete-order`),
      () => bob.post(`/api/Orders/${order.id}/cancel-order`),
      () => bob.get(`/api/Orders/${order.id}/tickets`),
    ]
    for (const attempt of attempts) expect(await problem(await attempt(), 404)).toEqual(nobody)
    expect((await json<OrderListJson>(await bob.get("/api/Orders"))).orders).toEqual([])
    await problem(await bob.get(`/api/Customers/${annId}/competitions`), 404)
    await problem(
      await bob.get(`/api/Customers/${annId}/competitions/${competitionId}/tickets`),
      404,
    )
    await problem(await bob.get(`/api/Orders?CustomerId=${annId}`), 403)

    const anonymous = await new Browser(shop.app).open()
    const unsigned = [
      () => anonymous.get("/api/Orders"),
      () => anonymous.get(`/api/Orders/${order.id}`),
      () => anonymous.post(`/api/Orders/${order.id}/payments`),
      () => anonymous.post(`/api/Orders/${order.id}/complete-order`),
      () => anonymous.post(`/api/Orders/${order.id}/cancel-order`),
      () => anonymous.get(`/api/Orders/${order.id}/tickets`),
      () => anonymous.get(`/api/Customers/${annId}/competitions`),
    ]
    for (const attempt of unsigned) await problem(await attempt(), 401)

    expect(await readOrder(ann, order.id)).toEqual(before)
    expect(await soldToDate(competitionId)).toBe(2)
  })
})

describe("malformed requests", () => {
  it("answers malformed ids and filters with 400 problems, never a 500", async () => {
    const { browser, customerId } = await signedIn()
    const ids = ["not-a-uuid", "1", "00000000-0000-4000-8000-00000000000Z", "%20"]
    for (const id of ids) {
      const calls = [
        () => browser.get(`/api/Orders/${id}`),
        () => browser.post(`/api/Orders/${id}/payments`),
        () => browser.post(`/api/Orders/${id}/complete-order`),
        () => browser.post(`/api/Orders/${id}/cancel-order`),
        () => browser.get(`/api/Orders/${id}/tickets`),
        () => browser.get(`/api/Customers/${id}/competitions`),
        () => browser.get(`/api/Customers/${customerId}/competitions/${id}/tickets`),
      ]
      for (const call of calls) {
        const refused = await problem(await call(), 400)
        expect(refused.title).not.toMatch(/internal/i)
      }
    }
    const queries = [
      "OrderStatus=Shipped",
      "CustomerId=someone",
      "PageNumber=first",
      "PageSize=-1",
      "OrderCreatedDateRange.FromDate=yesterday",
    ]
    for (const query of queries) await problem(await browser.get(`/api/Orders?${query}`), 400)
    await problem(await browser.get(`/api/Customers/${customerId}/competitions?Status=2`), 400)
  })
})

describe("paying with site credit alone", () => {
  it("completes the order at checkout and takes the debit from the balance", async () => {
    const { browser, customerId } = await signedIn()
    await grantSiteCredit(customerId, 2000)
    expect(await balanceOf(browser, customerId)).toBe(2000)
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 3)
    const priced = (
      await json<BasketResponseJson>(
        await browser.put(`/api/Baskets/${basket.id}`, {
          charitableDonation: { autoRoundup: true },
          siteCreditDebitAmount: 5000,
        }),
      )
    ).basket
    // Clamped to what the basket costs: £7.50 rounded up to £8.00.
    expect([priced.siteCreditDebitAmount, priced.basketTotal]).toEqual([800, 0])

    const { order } = await checkout(browser, basket.id)
    expect(order).toMatchObject({
      status: "Completed",
      siteCreditDebitTotal: 800,
      orderTotal: 800,
      orderBalance: 0,
      charitableDonationTotal: 50,
      payments: [],
    })
    expect(await balanceOf(browser, customerId)).toBe(2000 - order.siteCreditDebitTotal)

    // The payment page's complete call answers the paid order; no card payment is started.
    const completed = await orderOf(await browser.post(`/api/Orders/${order.id}/complete-order`))
    expect([completed.status, completed.payments]).toEqual(["Completed", []])
    expect((await startPayment(browser, order.id)).payments).toEqual([])
    expect(await soldToDate(competitionId)).toBe(3)
    expect(await balanceOf(browser, customerId)).toBe(1200)
  })
})
