import { describe, expect, it } from "@effect/vitest"
import type { WonInstantWin } from "../ports/instant-wins.js"
import { pence } from "../rules/money.js"
import { testBrand } from "../testing/mail-and-limits.js"
import { instantWinEmail, postalInstantWinEmail } from "./instant-win-email.js"
import { awaitingOrder } from "./payment-doubles.js"

const order = awaitingOrder({ orderRef: "HZ7K2Q", status: "Completed" })
const prize = (overrides: Partial<WonInstantWin>): WonInstantWin => ({
  instantWinTicketId: "w1",
  competitionId: "c1",
  competitionName: "Lucky Dip",
  ticketNumber: 7,
  instantWinGroupId: "g1",
  prizeName: "£1 Site Credit",
  siteCredit: pence(100),
  ...overrides,
})
const link = "https://shop.example/Account/Order/order-1"

describe("the instant-win email", () => {
  it("says one prize in the singular, with what happens next and the order's link", () => {
    const message = instantWinEmail(testBrand, "ann@example.com", "Ann", order, [prize({})], link)
    expect(message).toMatchObject({
      kind: "InstantWin",
      to: "ann@example.com",
      subject: "You've won an instant prize",
    })
    expect(message.text).toContain("Your order HZ7K2Q has won an instant prize!")
    expect(message.text).toContain(
      "- £1 Site Credit: ticket 7 in Lucky Dip (added to your site credit, ready to spend)",
    )
    expect(message.text).toContain(`See your order: ${link}`)
    expect(message.html).toContain(`<a href="${link}">See your order</a>`)
  })

  it("escapes what staff and customers typed in its HTML", () => {
    const message = instantWinEmail(
      testBrand,
      "ann@example.com",
      "<Ann>",
      order,
      [prize({ prizeName: "<b>Bat</b>", siteCredit: null, competitionName: "A & B" })],
      link,
    )
    expect(message.html).not.toContain("<b>Bat</b>")
    expect(message.html).not.toContain("<Ann>")
    expect(message.html).toContain("&#60;b&#62;Bat&#60;/b&#62;")
    expect(message.text).toContain(
      "<b>Bat</b>: ticket 7 in A & B (we will be in touch to arrange it)",
    )
  })

  it("tells a postal entrant without an account that staff arrange even a credit prize", () => {
    const competitionLink = "https://shop.example/Competitions/Competition/c1"
    const entry = { ticketNumber: 7, hasAccount: false }
    const message = postalInstantWinEmail(
      testBrand,
      "pat@example.com",
      "Pat",
      entry,
      [prize({})],
      competitionLink,
    )
    expect(message).toMatchObject({ kind: "InstantWin", to: "pat@example.com" })
    expect(message.text).toContain("Your free postal entry, ticket 7, has won an instant prize!")
    expect(message.text).toContain(
      "- £1 Site Credit: ticket 7 in Lucky Dip (we will be in touch to arrange it)",
    )
    expect(message.text).toContain(`See the competition: ${competitionLink}`)
    const withAccount = postalInstantWinEmail(
      testBrand,
      "pat@example.com",
      "Pat",
      { ...entry, hasAccount: true },
      [prize({})],
      competitionLink,
    )
    expect(withAccount.text).toContain("(added to your site credit, ready to spend)")
  })
})
