import { describe, expect, it } from "@effect/vitest"
import { pence } from "../rules/money.js"
import { testBrand } from "../testing/mail-and-limits.js"
import { orderConfirmationEmail } from "./emails.js"
import { awaitingOrder } from "./payment-doubles.js"

const order = awaitingOrder({
  orderRef: "HZ7K2Q",
  status: "Completed",
  lines: [
    {
      competitionId: "c1",
      competitionName: "Bat signed by the <b>XI</b>",
      quantity: 5,
      price: pence(250),
      preDiscountTotal: pence(1250),
      lineTotal: pence(1125),
      ticketNumbers: [9, 3, 1, 2, 7],
    },
    {
      competitionId: "c2",
      competitionName: "Test match weekend",
      quantity: 1,
      price: pence(99),
      preDiscountTotal: pence(99),
      lineTotal: pence(99),
      ticketNumbers: [42],
    },
  ],
  itemTotal: pence(1349),
  discountTotal: pence(125),
  donation: pence(76),
  siteCreditDebit: pence(1000),
  orderTotal: pence(300),
})
const link = "https://shop.example/Account/Order/order-1"

describe("the order confirmation", () => {
  const message = orderConfirmationEmail(testBrand, "ann@example.com", "Ann", order, link)

  it("names the order, each line with its tickets as ranges, the totals and the link", () => {
    expect(message).toMatchObject({
      kind: "OrderConfirmation",
      to: "ann@example.com",
      subject: "Your Howzat order HZ7K2Q is confirmed",
    })
    expect(message.text).toContain("Thank you for your order HZ7K2Q.")
    expect(message.text).toContain("Bat signed by the <b>XI</b>: 5 tickets, £11.25")
    expect(message.text).toContain("  Ticket numbers: 1-3, 7, 9")
    expect(message.text).toContain("Test match weekend: 1 ticket, £0.99")
    expect(message.text).toContain("  Ticket numbers: 42")
    for (const row of [
      "Discounts: -£1.25",
      "Charity round-up: £0.76",
      "Order total: £13.00",
      "Paid with site credit: £10.00",
      "Paid by card: £3.00",
    ]) {
      expect(message.text).toContain(row)
    }
    expect(message.text).toContain(`View your order: ${link}`)
  })

  it("says the same in HTML, with every text escaped", () => {
    expect(message.html).toContain("Bat signed by the &#60;b&#62;XI&#60;/b&#62;")
    expect(message.html).not.toContain("<b>XI")
    expect(message.html).toContain("1-3, 7, 9")
    expect(message.html).toContain(`<a href="${link}">View your order</a>`)
  })

  it("leaves out what the order did not have", () => {
    const plain = orderConfirmationEmail(
      testBrand,
      "ann@example.com",
      "Ann",
      { ...order, discountTotal: pence(0), donation: pence(0), siteCreditDebit: pence(0) },
      link,
    )
    expect(plain.text).not.toMatch(/Discounts|round-up|site credit/)
    expect(plain.text).toContain("Order total: £3.00")
    const creditOnly = orderConfirmationEmail(
      testBrand,
      "ann@example.com",
      "Ann",
      { ...order, orderTotal: pence(0) },
      link,
    )
    expect(creditOnly.text).not.toContain("Paid by card")
  })
})

describe("the confirmation of an order that bought site credit", () => {
  const credit = awaitingOrder({
    orderRef: "HZCREDIT1",
    status: "Completed",
    itemTotal: pence(0),
    orderTotal: pence(2500),
    creditItems: [{ description: "Howzat Credit", lineTotal: pence(2500) }],
  })
  const message = orderConfirmationEmail(testBrand, "ann@example.com", "Ann", credit, link)

  it("says credit was added, with no ticket table and no luck wished", () => {
    expect(message.text).toContain(
      "It is paid, and £25.00 of Howzat Credit has been added to your account.",
    )
    expect(message.text).toContain("Howzat Credit: £25.00")
    expect(message.text).not.toMatch(/ticket/i)
    expect(message.html).not.toMatch(/ticket/i)
    expect(message.html).toContain("Howzat Credit")
    expect(message.text).not.toContain("Good luck")
  })
})
