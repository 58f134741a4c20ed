import type { CompetitionResponseJson, TicketListJson } from "@howzat/contracts/catalogue"
import type { CustomerResponseJson } from "@howzat/contracts/customers"
import type {
  CustomerCompetitionListJson,
  OrderResponseJson,
  OrderTicketListJson,
  SiteCreditAccountResponseJson,
} from "@howzat/contracts/orders"
import { pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * Decision 0021 through the real composition on PGlite: a customer buys
 * tickets of a competition whose every ticket is an instant win, pays, and
 * the prizes are theirs: on their tickets, on the public list, in their
 * site credit and in one email. An unpaid order wins nothing.
 */
let shop: Shop
let visitor: Browser

beforeAll(async () => {
  shop = await openShop()
  visitor = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

/** Three tickets, every one a winner: 1 and 2 pay £1 of site credit, 3 is a match ball. */
const everyTicketWins = () =>
  competitionOnSale(shop, {
    totalTickets: 3,
    ticketPrice: pence(50),
    instantWinGroups: [
      {
        name: "£1 Site Credit",
        imageUrls: [],
        ticketNumbers: [1, 2],
        prizeSiteCredit: pence(100),
      },
      { name: "Kookaburra Match Ball", imageUrls: [], ticketNumbers: [3] },
    ],
  })

const signedIn = async (names: { firstName: string; lastName: string }) => {
  const browser = await new Browser(shop.app).open()
  const { user, email } = await register(browser, names)
  return { browser, customerId: user.customerId as string, email }
}

const ticketsOf = async (browser: Browser, path: string) =>
  (await json<OrderTicketListJson>(await browser.get(path))).tickets

const publicTickets = async (competitionId: string) =>
  (
    await json<TicketListJson>(
      await visitor.get(`/api/Competitions/${competitionId}/tickets?InstantWinTicketsOnly=true`),
    )
  ).tickets

const balanceOf = async (browser: Browser, customerId: string) =>
  (await json<CustomerResponseJson>(await browser.get(`/api/Customers/${customerId}`))).customer
    .siteCreditAccountBalance

const instantWinMail = async (to: string) =>
  (await shop.outbox.recent({ to, limit: 50 })).filter((m) => m.kind === "InstantWin")

describe("instant wins", () => {
  it("a paid order wins its instant-win numbers: tickets, public list, site credit and email", async () => {
    const competitionId = await everyTicketWins()
    const { browser, customerId, email } = await signedIn({
      firstName: "Sarah",
      lastName: "Walker",
    })
    const order = await placeOrder(browser, competitionId, 3)
    expect(order.status).toBe("AwaitingPayment")
    expect((await payForOrder(browser, order.id)).status).toBe("Completed")

    const tickets = await ticketsOf(browser, `/api/Orders/${order.id}/tickets`)
    expect(
      tickets.map((t) => [t.ticketNumber, t.instantWin?.won, t.instantWin?.instantWinGroup.name]),
    ).toEqual([
      [1, true, "£1 Site Credit"],
      [2, true, "£1 Site Credit"],
      [3, true, "Kookaburra Match Ball"],
    ])
    expect(
      await ticketsOf(
        browser,
        `/api/Orders/${order.id}/competitions/${competitionId}/tickets?InstantWinTicketsOnly=true`,
      ),
    ).toEqual(tickets)
    expect(
      await ticketsOf(
        browser,
        `/api/Customers/${customerId}/competitions/${competitionId}/tickets?InstantWinTicketsOnly=true`,
      ),
    ).toEqual(tickets)
    const upcoming = await json<CustomerCompetitionListJson>(
      await browser.get(`/api/Customers/${customerId}/competitions`),
    )
    expect(
      upcoming.competitions
        .find((c) => c.competition.id === competitionId)
        ?.instantWins.map((w) => [w.ticketNumber, w.won, w.instantWinGroup.name]),
    ).toEqual([
      [1, true, "£1 Site Credit"],
      [2, true, "£1 Site Credit"],
      [3, true, "Kookaburra Match Ball"],
    ])

    // The public list: WON! with only the display name, and "won / count won".
    expect(
      (await publicTickets(competitionId)).map((t) => [
        t.ticketNumber,
        t.instantWin?.won,
        t.customer,
      ]),
    ).toEqual([
      [1, true, { fullName: "Sarah W." }],
      [2, true, { fullName: "Sarah W." }],
      [3, true, { fullName: "Sarah W." }],
    ])
    const { competition } = await json<CompetitionResponseJson>(
      await visitor.get(`/api/Competitions/${competitionId}`),
    )
    expect(competition.instantWinGroups.map((g) => [g.quantityWonToDate, g.ticketCount])).toEqual([
      [2, 2],
      [1, 1],
    ])

    // The two £1 prizes are credited once each, with a description the account page lists.
    expect(await balanceOf(browser, customerId)).toBe(200)
    const { siteCreditAccount } = await json<SiteCreditAccountResponseJson>(
      await browser.get(`/api/Customers/${customerId}/site-credit-account`),
    )
    expect(siteCreditAccount.balance).toBe(200)
    expect(siteCreditAccount.accountEntries.map((e) => [e.description, e.amount]).sort()).toEqual(
      [1, 2].map((n) => [`Instant win: £1 Site Credit, ticket ${n} (${competition.name})`, 100]),
    )

    const [mail, ...more] = await instantWinMail(email)
    expect(more).toEqual([])
    expect(mail?.subject).toBe("You've won an instant prize")
    expect(mail?.text).toContain("has won 3 instant prizes!")
    expect(mail?.text).toContain(`Kookaburra Match Ball: ticket 3 in ${competition.name}`)

    // The browser's return again (and the provider's notification, however late): nothing twice.
    await browser.post(`/api/Orders/${order.id}/complete-order`)
    await shop.paymentNotificationsSettled()
    const { eventId } = await shop.db
      .selectFrom("sandboxPaymentIntents")
      .select("eventId")
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow()
    const heard = await shop.db
      .selectFrom("paymentNotifications")
      .select("eventId")
      .where("eventId", "=", eventId ?? "")
      .execute()
    expect(heard, "the provider's notification has been handled").toHaveLength(1)
    expect(await balanceOf(browser, customerId)).toBe(200)
    expect(await instantWinMail(email)).toHaveLength(1)
  })

  it("an unpaid order wins nothing; cancelled, its number wins for whoever pays for it next", async () => {
    const competitionId = await everyTicketWins()
    const ann = await signedIn({ firstName: "Ann", lastName: "Smith" })
    const unpaid = await placeOrder(ann.browser, competitionId, 3)
    // Unpaid, Ann is not even told which numbers she holds (docs/decisions/0059).
    expect(await ticketsOf(ann.browser, `/api/Orders/${unpaid.id}/tickets`)).toEqual([])
    expect((await publicTickets(competitionId)).every((t) => t.instantWin?.won === false)).toBe(
      true,
    )

    await json<OrderResponseJson>(await ann.browser.post(`/api/Orders/${unpaid.id}/cancel-order`))
    expect((await publicTickets(competitionId)).every((t) => t.instantWin?.won === false)).toBe(
      true,
    )
    expect(await balanceOf(ann.browser, ann.customerId)).toBe(0)
    expect(await instantWinMail(ann.email)).toEqual([])

    const tom = await signedIn({ firstName: "Tom", lastName: "Baker" })
    const paid = await placeOrder(tom.browser, competitionId, 3)
    await payForOrder(tom.browser, paid.id)
    expect((await publicTickets(competitionId)).map((t) => t.customer?.fullName)).toEqual([
      "Tom B.",
      "Tom B.",
      "Tom B.",
    ])
    expect(await balanceOf(tom.browser, tom.customerId)).toBe(200)
  })

  it("keeps a customer's tickets and site credit from anyone else", async () => {
    const { customerId } = await signedIn({ firstName: "Ann", lastName: "Smith" })
    const other = await signedIn({ firstName: "Bob", lastName: "Jones" })
    await problem(await other.browser.get(`/api/Customers/${customerId}/site-credit-account`), 404)
    await problem(await visitor.get(`/api/Customers/${customerId}/site-credit-account`), 401)
  })
})
