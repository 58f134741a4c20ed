import { expect, type Page, test } from "@playwright/test"
import { DEMO_STAFF } from "./back-office"
import {
  addToBasketAndCheckout,
  checkoutAsNewCustomer,
  customerTest,
  GOOD_CARD,
  type NewCustomer,
  openCompetition,
  payThroughSandbox,
  placeOrderThroughApi,
  signInThroughApi,
  ticketNumbersIn,
  uniqueEmail,
} from "./support"

/**
 * Decision 0008's money journeys: a new visitor buys tickets and pays with the
 * sandbox card, a declined card is retried, and a customer with enough site
 * credit pays without a card. Every run registers its own customer, so the
 * desktop and mobile runs share one server.
 */

const DECLINED_CARD = "4000 0000 0000 0002"

const SOPHIE: NewCustomer = {
  firstName: "Sophie",
  lastName: "Ecclestone",
  phone: "07700 900456",
  dateOfBirth: "1999-05-06",
  addressLine1: "1 Grace Road",
  postcode: "LE2 8AD",
}

const payWith = async (page: Page, cardNumber: string) => {
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await page.getByLabel("Card number").fill(cardNumber)
  await expect(page.getByLabel("Card number")).toHaveValue(cardNumber)
  await page.getByLabel("Cardholder name").fill("S Ecclestone")
  await page.getByLabel("Expiry (MM/YY)").fill("1230")
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/30")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay Now" }).click()
}

test("a new visitor buys tickets, pays by card and finds them under My Tickets", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 1 : 0)
  await addToBasketAndCheckout(page, competition)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "buyer"), SOPHIE)

  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  // The sandbox's test cards are shown with its form; wallets are not offered until they work.
  await expect(page.getByRole("complementary", { name: "Test cards" })).toContainText(
    "4242 4242 4242 4242",
  )
  await expect(page.getByText(/coming soon/i)).toHaveCount(0)
  await payWith(page, GOOD_CARD)

  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/Checkout\/PaymentSucceeded\//)
  const line = page.getByRole("row").filter({ hasText: competition.name })
  await expect(line).toBeVisible()
  const shown = line.getByTestId("ticket-numbers").filter({ visible: true })
  const tickets = ticketNumbersIn((await shown.textContent()) ?? "")
  expect(tickets).toHaveLength(3)

  await page.getByRole("link", { name: "My Account" }).click()
  await expect(page).toHaveURL(/\/Account\/Tickets/)
  const entry = page.getByRole("listitem").filter({ hasText: competition.name })
  await expect(entry).toBeVisible()
  await expect(entry.getByText("3 tickets")).toBeVisible()

  await page.goto("/Account/Orders")
  await page
    .getByRole("link", { name: /Order / })
    .first()
    .click()
  await expect(page).toHaveURL(/\/Account\/Order\//)
  await expect(page.getByText("Completed").first()).toBeVisible()
})

test("a declined card fails, and Retry with a good card succeeds", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 3 : 2)
  await addToBasketAndCheckout(page, competition)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "declined"), SOPHIE)

  await payWith(page, DECLINED_CARD)
  await expect(page).toHaveURL(/\/Checkout\/PaymentFailed\/[^?]+\?error=/, { timeout: 20_000 })
  await expect(
    page.getByText("Oh no! We received this error while processing your payment:"),
  ).toBeVisible()
  await expect(page.getByRole("link", { name: "Cancel Order" })).toBeVisible()

  await page.getByRole("link", { name: "Retry" }).click()
  await payWith(page, GOOD_CARD)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
})

customerTest(
  "the payment failed page says what the shop recorded, never what its address says",
  async ({ page, customer }, testInfo) => {
    const api = page.request
    const { headers } = customer
    // A new customer and one ticket: any competition on sale will do, however
    // many others the journeys running beside this one have bought.
    const competition = await openCompetition(api, testInfo.project.name === "mobile" ? 1 : 0)
    const order = await placeOrderThroughApi(api, headers, competition, 1)

    // Nothing recorded yet: the page's own texts, and none of the link's words.
    await page.goto(`/Checkout/PaymentFailed/${order.id}?error=Call%200900%20123%20to%20claim`)
    await expect(
      page.getByText("Oh no! We received this error while processing your payment:"),
    ).toBeVisible()
    await expect(page.getByText("(not found)")).toBeVisible()
    await expect(page.getByText(/0900/)).toHaveCount(0)
    await page.goto(`/Checkout/PaymentFailed/${order.id}`)
    await expect(
      page.getByText("Oh no! An unknown error occurred while processing your payment."),
    ).toBeVisible()
    await expect(page.getByRole("link", { name: "Retry" })).toHaveAttribute(
      "href",
      `/Checkout/Payment/${order.id}`,
    )

    // A declined attempt: the reason the shop recorded, whatever the address says.
    const started = await api.post(`/api/Orders/${order.id}/payments`, { headers })
    expect(started.ok()).toBe(true)
    const { payments } = ((await started.json()) as { order: { payments: { token: string }[] } })
      .order
    const declined = await api.post("/sandbox-gateway/confirm", {
      headers: { "X-XSRF-TOKEN": headers["X-XSRF-TOKEN"] },
      data: {
        clientToken: payments[0]?.token,
        cardNumber: DECLINED_CARD.replace(/ /g, ""),
        cardholderName: "A Customer",
        expiry: "12/30",
        securityCode: "123",
      },
    })
    expect(declined.ok()).toBe(true)
    expect((await api.post(`/api/Orders/${order.id}/complete-order`, { headers })).status()).toBe(
      402,
    )
    await page.goto(`/Checkout/PaymentFailed/${order.id}?error=Call%200900%20123%20to%20claim`)
    await expect(page.getByText(/declined/i).first()).toBeVisible()
    await expect(page.getByText(/0900/)).toHaveCount(0)

    // Paid since: the page sends the customer to the order's success page.
    await payThroughSandbox(api, headers, order)
    await page.goto(`/Checkout/PaymentFailed/${order.id}?error=Declined`)
    await expect(page).toHaveURL(new RegExp(`/Checkout/PaymentSucceeded/${order.id}`))
  },
)

customerTest(
  "a customer with site credit pays for the whole order without a card",
  async ({ page, request, playwright, baseURL, customer }, testInfo) => {
    customerTest.setTimeout(120_000)
    // A customer of its own, given £50 of credit by staff: a basket follows its
    // customer across browsers, so a shared account would share baskets too.
    const staff = await playwright.request.newContext({ baseURL })
    const { headers } = await signInThroughApi(staff, DEMO_STAFF)
    const granted = await staff.post(
      `/api/Customers/${customer.customerId}/site-credit-adjustments`,
      {
        headers,
        data: { amount: 5000, reason: "Goodwill" },
      },
    )
    expect(granted.status(), await granted.text()).toBe(201)
    await staff.dispose()
    const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 1 : 0)

    await addToBasketAndCheckout(page, competition)
    const credit = page.getByLabel("Site credit to use (£)")
    await expect(credit).toBeVisible()
    // More than the order costs: the shop applies what the order needs, no more.
    await credit.fill("999")
    await page
      .getByRole("region", { name: "Site credit" })
      .getByRole("button", { name: "APPLY" })
      .click()
    const total = (3 * competition.ticketPrice) / 100
    await expect(credit).toHaveValue(total.toFixed(2))
    await expect(page.getByRole("region", { name: "Grand total" })).toContainText("£0.00")
    await page.getByLabel("Address line 1").first().fill("1 Crease Lane")
    await page.getByLabel("Postcode").first().fill("LS6 3BR")
    await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()

    // No card form: the order was paid at checkout.
    await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toHaveCount(0)
    const line = page.getByRole("row").filter({ hasText: competition.name })
    const shown = line.getByTestId("ticket-numbers").filter({ visible: true })
    expect(ticketNumbersIn((await shown.textContent()) ?? "")).toHaveLength(3)
  },
)
