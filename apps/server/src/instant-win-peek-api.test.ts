import type { TicketListJson } from "@howzat/contracts/catalogue"
import type { OrderJson, OrderResponseJson, OrderTicketListJson } from "@howzat/contracts/orders"
import { pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json } from "./test-support/browser"
import { checkout, competitionOnSale, payForOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The instant-win peek: the competition page lists the instant-win numbers
 * still to be won, so a customer who could read the number of an unpaid
 * order could check out one ticket again and again, cancel or abandon the
 * losers and pay only for a winner. Every answer a customer gets before
 * paying must hold no ticket number and no instant-win flag
 * (docs/decisions/0059-ticket-numbers-after-payment.md).
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const INSTANT_WIN_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8]

/** Ten tickets, eight of them instant wins: whatever an order holds, it is likely a winner. */
const mostlyInstantWins = () =>
  competitionOnSale(shop, {
    totalTickets: 10,
    maxTicketsPerCustomer: 10,
    ticketPrice: pence(100),
    instantWinGroups: [
      { name: "£1 Site Credit", imageUrls: [], ticketNumbers: INSTANT_WIN_NUMBERS },
    ],
  })

/**
 * Every place in an answer that would give a ticket away: a number under a
 * ticket-number key (a non-empty string or list under `ticketNumbers`), or
 * an instant-win flag on a ticket.
 */
const revealed = (answer: unknown, path = "$"): string[] => {
  if (Array.isArray(answer)) return answer.flatMap((item, i) => revealed(item, `${path}[${i}]`))
  if (answer === null || typeof answer !== "object") return []
  return Object.entries(answer).flatMap(([key, value]) => {
    const at = `${path}.${key}`
    if (key === "ticketNumber" && value !== null && value !== undefined) return [at]
    if (key === "ticketNumbers" && (value as string | unknown[]).length > 0) return [at]
    if ((key === "instantWin" || key === "instantWins") && value !== null) {
      if (!Array.isArray(value) || value.length > 0) return [at]
    }
    return revealed(value, at)
  })
}

/** The customer reads it; it must give no ticket away, and answer 2xx unless a refusal is expected. */
const readNothingGiven = async (
  browser: Browser,
  path: string,
  method = "GET",
  refused = false,
) => {
  const response = await browser.request(method, path)
  const body: unknown = await response.json()
  expect(response.status < 300, `${method} ${path} answered ${response.status}`).toBe(!refused)
  expect(revealed(body), `${method} ${path}`).toEqual([])
  return body
}

describe("the instant-win peek", () => {
  it("gives a customer no ticket number or instant-win flag until the order is paid", async () => {
    const competitionId = await mostlyInstantWins()
    const browser = await new Browser(shop.app).open()
    const { user, email } = await register(browser, { firstName: "Pete", lastName: "Peek" })
    const customerId = user.customerId as string
    const staff = (await signedInStaff(shop)).browser

    // The public list stays as it is: every instant-win number, none won yet.
    const listed = await json<TicketListJson>(
      await browser.get(`/api/Competitions/${competitionId}/tickets?InstantWinTicketsOnly=true`),
    )
    expect(listed.tickets.map((t) => [t.ticketNumber, t.instantWin?.won])).toEqual(
      INSTANT_WIN_NUMBERS.map((n) => [n, false]),
    )

    const unpaid: OrderJson[] = []
    for (let attempt = 0; attempt < 8; attempt++) {
      const basket = await readNothingGiven(browser, "/api/Baskets?ForceCreateNew=true", "POST")
      const basketId = (basket as { basket: { id: string } }).basket.id
      await browser.post(`/api/Baskets/${basketId}/items`, {
        competitionID: competitionId,
        ticketQuantity: 1,
      })
      const placed = await checkout(browser, basketId)
      expect(revealed(placed), "the checkout's answer").toEqual([])
      expect(placed.order.status).toBe("AwaitingPayment")
      expect(placed.order.ticketItems.map((line) => line.quantity)).toEqual([1])
      const orderId = placed.order.id
      // A checked-out basket is refused, naming its order.
      await readNothingGiven(browser, `/api/Baskets/${basketId}`, "GET", true)
      await readNothingGiven(browser, `/api/Orders/${orderId}`)
      await readNothingGiven(browser, `/api/Orders/${orderId}/tickets`)
      await readNothingGiven(browser, `/api/Orders/${orderId}/tickets?InstantWinTicketsOnly=true`)
      await readNothingGiven(
        browser,
        `/api/Orders/${orderId}/competitions/${competitionId}/tickets`,
      )
      await readNothingGiven(
        browser,
        `/api/Orders/${orderId}/competitions/${competitionId}/tickets?InstantWinTicketsOnly=true`,
      )
      await readNothingGiven(browser, `/api/Orders?CustomerId=${customerId}`)
      await readNothingGiven(browser, "/api/Orders")
      await readNothingGiven(browser, `/api/Customers/${customerId}/competitions`)
      await readNothingGiven(
        browser,
        `/api/Customers/${customerId}/competitions/${competitionId}/tickets`,
      )
      await readNothingGiven(
        browser,
        `/api/Customers/${customerId}/competitions/${competitionId}/tickets-held`,
      )
      // Starting the card payment answers with the order too.
      await readNothingGiven(browser, `/api/Orders/${orderId}/payments`, "POST")
      // Coming back from the card form without paying: still due, and still nothing given.
      await readNothingGiven(browser, `/api/Orders/${orderId}/complete-order`, "POST", true)
      // Half are cancelled (their tickets go back in the pool), half left unpaid.
      if (attempt % 2 === 0) {
        await readNothingGiven(browser, `/api/Orders/${orderId}/cancel-order`, "POST")
        await readNothingGiven(browser, `/api/Orders/${orderId}`)
        await readNothingGiven(browser, `/api/Orders/${orderId}/tickets`)
      } else {
        unpaid.push(placed.order)
      }
    }

    // No mail so far says anything about tickets.
    const mail = await shop.outbox.recent({ to: email, limit: 50 })
    expect(mail.filter((m) => m.kind === "OrderConfirmation" || m.kind === "InstantWin")).toEqual(
      [],
    )
    expect(mail.filter((m) => /ticket number/i.test(m.text))).toEqual([])

    // Staff see the numbers of an unpaid order.
    const held: number[] = []
    for (const order of unpaid) {
      const seen = (await json<OrderResponseJson>(await staff.get(`/api/Orders/${order.id}`))).order
      expect(seen.status).toBe("AwaitingPayment")
      const number = Number(seen.ticketItems[0]?.ticketNumbers)
      expect(number).toBeGreaterThanOrEqual(1)
      held.push(number)
      const tickets = await json<OrderTicketListJson>(
        await staff.get(`/api/Orders/${order.id}/tickets`),
      )
      expect(tickets.tickets.map((t) => [t.ticketNumber, t.instantWin?.won ?? null])).toEqual([
        [number, INSTANT_WIN_NUMBERS.includes(number) ? false : null],
      ])
    }

    // Paid, the numbers show everywhere, and an instant-win number shows WON.
    let wins = 0
    for (const [index, order] of unpaid.entries()) {
      const paid = await payForOrder(browser, order.id)
      expect(paid.status).toBe("Completed")
      const number = held[index] as number
      expect(paid.ticketItems[0]?.ticketNumbers).toBe(String(number))
      const read = (await json<OrderResponseJson>(await browser.get(`/api/Orders/${order.id}`)))
        .order
      expect(read.ticketItems[0]?.ticketNumbers).toBe(String(number))
      const tickets = await json<OrderTicketListJson>(
        await browser.get(`/api/Orders/${order.id}/tickets`),
      )
      const instantWin = INSTANT_WIN_NUMBERS.includes(number)
      if (instantWin) wins++
      expect(tickets.tickets.map((t) => [t.ticketNumber, t.instantWin?.won ?? null])).toEqual([
        [number, instantWin ? true : null],
      ])
    }
    expect(wins, "four of the ten tickets held, eight of ten instant wins").toBeGreaterThan(0)
    const mine = await json<OrderTicketListJson>(
      await browser.get(`/api/Customers/${customerId}/competitions/${competitionId}/tickets`),
    )
    expect(mine.tickets.map((t) => t.ticketNumber)).toEqual([...held].sort((a, b) => a - b))
    const confirmations = (await shop.outbox.recent({ to: email, limit: 50 })).filter(
      (m) => m.kind === "OrderConfirmation",
    )
    expect(confirmations).toHaveLength(unpaid.length)
    for (const number of held) {
      expect(confirmations.some((m) => m.text.includes(`Ticket numbers: ${number}\n`))).toBe(true)
    }
  })
})
