import { type APIRequestContext, expect, type Page, type TestInfo, test } from "@playwright/test"
import {
  addToBasketAndCheckout,
  checkoutAsNewCustomer,
  type NewCustomer,
  openCompetition,
  ticketNumbersIn,
  uniqueEmail,
} from "./support"

/**
 * The real provider's card form (decision 0018), on the shop started with
 * PAYMENT_METHODS=card:stripe against the Stripe stand-in (playwright.config.ts,
 * "stripe" project): the page loads Stripe.js from STRIPE_JS_URL, confirms
 * the payment intent with its client secret, and the provider's signed
 * webhook reaches the shop.
 */

const GOOD_CARD = "4242 4242 4242 4242"
const DECLINED_CARD = "4000 0000 0000 0002"

const HEATHER: NewCustomer = {
  firstName: "Heather",
  lastName: "Knight",
  phone: "07700 900321",
  dateOfBirth: "1990-12-26",
  addressLine1: "2 County Ground",
  postcode: "TA1 1JT",
}

const standIn = (testInfo: TestInfo) => {
  const url = (testInfo.project.metadata as { stripeStandIn?: string }).stripeStandIn
  if (!url) throw new Error("the stripe project names its stand-in in metadata.stripeStandIn")
  return url
}

/** The stand-in Stripe.js's inputs carry the real frames' accessible names. */
const payWith = async (page: Page, cardNumber: string) => {
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await page.getByLabel("Credit or debit card number").fill(cardNumber)
  await page.getByLabel("Credit or debit card expiration date").fill("12 / 30")
  await page.getByLabel("Credit or debit card CVC/CVV").fill("123")
  await page.getByLabel("Cardholder name").fill("H Knight")
  await page.getByRole("button", { name: "Pay Now" }).click()
}

interface Delivery {
  readonly type: string
  readonly intentId: string
  readonly orderId: string
  readonly status: number
}

/** The provider's webhooks about one order, as the shop answered them. */
const deliveries = async (request: APIRequestContext, testInfo: TestInfo, orderId: string) => {
  const response = await request.get(`${standIn(testInfo)}/__stand-in/deliveries`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as Delivery[]).filter((d) => d.orderId === orderId)
}

/** Lets the provider's webhooks about one order go out (the stand-in holds them till then). */
const releaseWebhooks = async (request: APIRequestContext, testInfo: TestInfo, orderId: string) => {
  const response = await request.post(
    `${standIn(testInfo)}/__stand-in/deliveries/release?orderId=${encodeURIComponent(orderId)}`,
  )
  expect(response.ok()).toBe(true)
}

const orderIdIn = (url: string) =>
  /\/(?:Payment|PaymentFailed|PaymentSucceeded)\/([^/?]+)/.exec(url)?.[1] ?? ""

test("a customer pays through Stripe.js, and the signed webhook is accepted", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const scriptUrl = `${standIn(testInfo)}/v3/`
  // First the provider cannot be reached: the page says so and offers another go.
  await page.route(scriptUrl, (route) => route.abort("connectionrefused"))

  const competition = await openCompetition(request, 0)
  await addToBasketAndCheckout(page, competition)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "stripe-buyer"), HEATHER)
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  const orderId = orderIdIn(page.url())

  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toBeVisible()
  await page.unroute(scriptUrl)
  await page.getByRole("button", { name: "Try again" }).click()
  await expect(page.getByLabel("Credit or debit card number")).toBeVisible()

  // A real provider's form: no sandbox test cards, no wallets that don't work yet.
  await expect(page.getByRole("complementary", { name: "Test cards" })).toHaveCount(0)
  await expect(page.getByText(GOOD_CARD)).toHaveCount(0)
  await expect(page.getByText(/coming soon/i)).toHaveCount(0)
  await expect(page.locator(`script[src="${scriptUrl}"]`)).toHaveCount(1)

  await payWith(page, GOOD_CARD)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/Checkout\/PaymentSucceeded\//)
  const line = page.getByRole("row").filter({ hasText: competition.name })
  const shown = line.getByTestId("ticket-numbers").filter({ visible: true })
  expect(ticketNumbersIn((await shown.textContent()) ?? "")).toHaveLength(3)

  // The shop acted on what the browser reported; now the provider's webhook arrives.
  await releaseWebhooks(request, testInfo, orderId)
  await expect
    .poll(async () =>
      (await deliveries(request, testInfo, orderId)).map((d) => `${d.type} ${d.status}`),
    )
    .toEqual(["payment_intent.succeeded 200"])
})

test("a declined card shows the provider's words, and Retry pays with a new attempt", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = await openCompetition(request, 1)
  await addToBasketAndCheckout(page, competition)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "stripe-declined"), HEATHER)

  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  const orderId = orderIdIn(page.url())
  await payWith(page, DECLINED_CARD)
  await expect(page).toHaveURL(/\/Checkout\/PaymentFailed\/[^?]+\?error=/, { timeout: 20_000 })
  await expect(
    page.getByText("Oh no! We received this error while processing your payment:"),
  ).toBeVisible()
  await expect(page.getByText("Your card was declined.")).toBeVisible()

  // Before the provider's webhook about the decline has arrived: the stand-in holds it.
  await page.getByRole("link", { name: "Retry" }).click()
  await payWith(page, GOOD_CARD)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await releaseWebhooks(request, testInfo, orderId)

  // The page had the decline put on record, so Retry started a new intent rather than reuse one
  // the shop would later think failed, and the shop voided the declined one first (decision
  // 0011: Stripe keeps a declined intent open for another card, so two attempts could both be
  // paid); every webhook then arrives and is accepted.
  await expect
    .poll(async () =>
      (await deliveries(request, testInfo, orderId)).map((d) => `${d.type} ${d.status}`).sort(),
    )
    .toEqual([
      "payment_intent.canceled 200",
      "payment_intent.payment_failed 200",
      "payment_intent.succeeded 200",
    ])
  const all = await deliveries(request, testInfo, orderId)
  const declined = all.find((d) => d.type === "payment_intent.payment_failed")
  const voided = all.find((d) => d.type === "payment_intent.canceled")
  const paid = all.find((d) => d.type === "payment_intent.succeeded")
  expect(voided?.intentId).toBe(declined?.intentId)
  expect(paid?.intentId).not.toBe(declined?.intentId)
  await page.goto(`/Account/Order/${orderId}`)
  await expect(page.getByText("Completed").first()).toBeVisible()
})
