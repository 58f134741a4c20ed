import type { DrawHostSheetJson, DrawnCompetitionAnswerJson } from "@howzat/contracts/draws"
import type { OrderTicketListJson } from "@howzat/contracts/orders"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The live-draw host's sheet and the entry list as CSV (decision 0079),
 * through the real composition: a customer and a postal entrant enter, the
 * competition closes, the host reads the sheet, downloads the list, draws.
 * The list is published, so it must carry no contact details at all.
 */
let shop: Shop
let anonymous: Browser
let customer: { browser: Browser; email: string }
let host: Browser
let admin: Browser

const PHONE = "07700 900461"
const FORMULA = '=HYPERLINK("http://evil.example","Anne")'
const POSTCARD = {
  firstName: "Winifred",
  lastName: "Postcard",
  emailAddress: "winifred.postcard@example.com",
  dateOfBirth: "1985-03-02",
  telephoneNumber: "07700 900999",
  address: { line1: "2 Low Road", line2: "Flat 9", city: "York", postCode: "YO1 7HH" },
}

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  const browser = await new Browser(shop.app).open()
  const { email } = await register(browser, {
    firstName: "Anne",
    lastName: "Quartermaine",
    telephoneNumber: PHONE,
  })
  customer = { browser, email }
  // Names are checked as they are typed now; one kept from before (or typed in by hand
  // into the database) may still start like a spreadsheet formula.
  await shop.db
    .updateTable("users")
    .set({ firstName: FORMULA })
    .where("email", "=", email)
    .execute()
  host = (await signedInStaff(shop)).browser
  admin = (await signedInStaff(shop, "Admin")).browser
})
afterAll(async () => {
  await shop?.close()
})

const buy = async (competitionId: string, quantity: number) => {
  const order = await placeOrder(customer.browser, competitionId, quantity)
  expect((await payForOrder(customer.browser, order.id)).status).toBe("Completed")
  const { tickets } = await json<OrderTicketListJson>(
    await customer.browser.get(`/api/Orders/${order.id}/tickets`),
  )
  return tickets.map((t) => t.ticketNumber)
}

/**
 * A live competition with the customer's two paid tickets and a postcard,
 * closed a second ago, its draw `drawAfterMs` after the close.
 */
const closedWithEntries = async (drawAfterMs = 0) => {
  const competitionId = await competitionOnSale(shop, { drawType: "Live" })
  const bought = await buy(competitionId, 2)
  const entered = await json<{ postalEntry: { ticketNumber: number } }>(
    await host.post(`/api/Competitions/${competitionId}/free-postal-entry`, POSTCARD),
    201,
  )
  const closeAt = new Date(Date.now() - 1000)
  const drawAt = new Date(closeAt.getTime() + drawAfterMs)
  await shop.db
    .updateTable("competitions")
    .set({ closeDateTimeUtc: closeAt, drawDateTimeUtc: drawAt })
    .where("id", "=", competitionId)
    .execute()
  return { competitionId, bought, postal: entered.postalEntry.ticketNumber, drawAt }
}

const csvPath = (id: string) => `/api/Draws/entry-list/${id}`
const sheetPath = (id: string) => `/api/Draws/host/${id}`

describe("the entry list as CSV", () => {
  it("is refused to nobody (401) and to a customer (403), even one with an entry", async () => {
    const { competitionId } = await closedWithEntries()
    await problem(await anonymous.get(csvPath(competitionId)), 401)
    await problem(await customer.browser.get(csvPath(competitionId)), 403)
  })

  it("names each entry by first name and initial, with no email, phone or address", async () => {
    const { competitionId, bought, postal } = await closedWithEntries()
    const answer = await host.get(csvPath(competitionId))
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/)
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="entry-list-${competitionId}.csv"`,
    )
    const csv = await answer.text()
    const expected = [
      ...bought.map((n) => ({
        n,
        line: `${n},"'=HYPERLINK(""http://evil.example"",""Anne"") Q.",Online`,
      })),
      { n: postal, line: `${postal},Winifred P.,Postal` },
    ].sort((a, b) => a.n - b.n)
    expect(csv.split("\r\n")).toEqual([
      "Ticket number,Name,Entry route",
      ...expected.map((e) => e.line),
      "",
    ])
    for (const secret of [
      customer.email,
      PHONE,
      POSTCARD.emailAddress,
      POSTCARD.telephoneNumber,
      POSTCARD.address.line1,
      POSTCARD.address.line2,
      POSTCARD.address.postCode,
      "York",
      "Quartermaine",
      "Postcard",
      "1985",
      "@",
    ])
      expect(csv).not.toContain(secret)
  })

  it("is for staff and admins alike, and a competition that does not exist is 404", async () => {
    const { competitionId } = await closedWithEntries()
    expect((await admin.get(csvPath(competitionId))).status).toBe(200)
    await problem(await host.get(csvPath("00000000-0000-4000-8000-000000000000")), 404)
  })
})

describe("the host's sheet", () => {
  it("before the draw time: the entries, the commitment and when it may be drawn", async () => {
    const { competitionId, drawAt } = await closedWithEntries(60 * 60_000)
    const sheet = await json<DrawHostSheetJson>(await host.get(sheetPath(competitionId)))
    const { competition } = await json<{ competition: { drawCommitment: string } }>(
      await host.get(`/api/Competitions/${competitionId}`),
    )
    expect(sheet).toMatchObject({
      competition: { id: competitionId, drawType: "Live" },
      drawableFrom: drawAt.toISOString(),
      commitment: competition.drawCommitment,
      entryCount: 3,
      ordersAwaitingPayment: 0,
      draw: null,
    })
    // The server refuses an early draw, as the screen's countdown says.
    await problem(await host.post(`/api/Draws/draw-competition-winner/${competitionId}`), 409)
    await problem(await customer.browser.get(sheetPath(competitionId)), 403)
    await problem(await anonymous.get(sheetPath(competitionId)), 401)
  })

  it("drawn once: the second host is answered the first draw, told it was not made now", async () => {
    const { competitionId, bought, postal } = await closedWithEntries()
    const first = await json<DrawnCompetitionAnswerJson>(
      await host.post(`/api/Draws/draw-competition-winner/${competitionId}`),
    )
    const second = await json<DrawnCompetitionAnswerJson>(
      await admin.post(`/api/Draws/draw-competition-winner/${competitionId}`),
    )
    expect(first.madeNow).toBe(true)
    expect(second).toEqual({ draw: first.draw, madeNow: false })

    const sheet = await json<DrawHostSheetJson>(await host.get(sheetPath(competitionId)))
    const won = first.draw.winningTicketNumber
    expect([...bought, postal]).toContain(won)
    expect(sheet.draw).toMatchObject({
      outcome: "Winner",
      winningTicketNumber: won,
      winnerName: won === postal ? "Winifred P." : `${FORMULA} Q.`,
    })
    expect(JSON.stringify(sheet)).not.toMatch(/Quartermaine|Postcard|@|07700/)
  })
})
