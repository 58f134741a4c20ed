import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, type TestInfo, test } from "@playwright/test"
import {
  CHECKOUT_CARDS,
  deliveriesAbout,
  orderIdIn,
  payWithFlow,
  releaseWebhooks,
  standInOf,
} from "./providers"
import {
  checkoutAsNewCustomer,
  customerTest,
  listCompetitions,
  type NewCustomer,
  openCompetition,
  uniqueEmail,
} from "./support"

/**
 * Pay by bank (decisions 0069, 0071, 0072), on the shop started with
 * PAYMENT_METHODS=card:checkout,bank:truelayer against the TrueLayer stand-in (playwright.config.ts,
 * "providers" projects, desktop and mobile, beside Checkout.com for cards): the payment page sends the
 * customer to the provider's hosted page, they choose their bank and approve
 * or cancel there, and come back to /Checkout/PayByBank, which asks the shop.
 * The stand-in holds its signed webhooks until the journey releases them, so
 * the page is shown to work on what the shop asks the provider itself.
 */

const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

const ISA: NewCustomer = {
  firstName: "Isa",
  lastName: "Guha",
  phone: "07700 900654",
  dateOfBirth: "1985-05-21",
  addressLine1: "3 Grace Road",
  postcode: "LE2 8AD",
}

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))

const buy = async (page: Page, competitionId: string, tickets: number) => {
  await page.goto(`/Competitions/Competition/${competitionId}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill(String(tickets))
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)
}

/** The provider's hosted page (the stand-in's): choose a bank, then approve or cancel. */
const atTheBank = async (page: Page, testInfo: TestInfo, outcome: "Approve" | "Cancel") => {
  await expect(page).toHaveURL(new RegExp(`^${standInOf(testInfo, "trueLayerStandIn")}/hpp\\?`), {
    timeout: 20_000,
  })
  const link = new URL(page.url())
  expect(link.searchParams.get("return_uri")).toMatch(/\/Checkout\/PayByBank$/)
  await expect(page.getByRole("heading", { name: /by bank/ })).toBeVisible()
  if (outcome === "Approve") await page.getByLabel("Mock UK Bank").check()
  await page.getByRole("button", { name: outcome }).click()
}

test("an instant-win order offers pay by bank first, and the bank's approval pays it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const lucky = (await listCompetitions(request)).find((c) => c.name === LUCKY_DIP)
  expect(lucky, "the demo data's Lucky Dip").toBeDefined()
  await buy(page, lucky?.id ?? "", 1)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "bank-payer"), ISA)
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  const orderId = orderIdIn(page.url())
  const bankStandIn = standInOf(testInfo, "trueLayerStandIn")

  // A credit card may not pay an instant-win competition: the bank comes before the card.
  const bank = page.getByRole("region", { name: "PAY BY BANK" })
  await expect(bank).toBeVisible()
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  const bankTop = (await bank.boundingBox())?.y ?? Number.POSITIVE_INFINITY
  const cardTop = (await page.getByRole("heading", { name: "CARD PAYMENT" }).boundingBox())?.y ?? 0
  expect(bankTop).toBeLessThan(cardTop)
  await expect(bank).toContainText("never a credit card")
  expect(await seriousViolations(page)).toEqual([])

  await bank.getByRole("button", { name: "Pay by bank" }).click()
  await atTheBank(page, testInfo, "Approve")

  // Back at the shop, before any webhook: the shop asked the provider and completed the order.
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(new RegExp(`/Checkout/PaymentSucceeded/${orderId}`))
  // (The stand-in still holds the webhook: listed, never yet answered.)
  expect(await deliveriesAbout(page, bankStandIn, orderId)).toEqual(["payment_executed 0"])

  // Then TrueLayer's signed webhook arrives at the shop's own address for it, and is accepted.
  await releaseWebhooks(page, bankStandIn, orderId)
  await expect
    .poll(() => deliveriesAbout(page, bankStandIn, orderId))
    .toEqual(["payment_executed 200"])
  await page.goto(`/Account/Order/${orderId}`)
  await expect(page.getByText("Completed").first()).toBeVisible()
})

test("a customer who cancels at their bank is told so, and pays by card on Retry", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = await openCompetition(request, 2)
  await buy(page, competition.id, 2)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "bank-cancel"), ISA)
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  const orderId = orderIdIn(page.url())
  const bankStandIn = standInOf(testInfo, "trueLayerStandIn")

  await page.getByRole("button", { name: "Pay by bank" }).click()
  await atTheBank(page, testInfo, "Cancel")

  await expect(page).toHaveURL(new RegExp(`/Checkout/PaymentFailed/${orderId}\\?error=`), {
    timeout: 20_000,
  })
  await expect(page.getByText("The payment was not authorised at your bank.")).toBeVisible()
  await page.getByRole("link", { name: "Retry" }).click()

  await payWithFlow(page, CHECKOUT_CARDS.debit)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })

  await releaseWebhooks(page, bankStandIn, orderId)
  await expect
    .poll(() => deliveriesAbout(page, bankStandIn, orderId))
    .toEqual(["payment_failed 200"])
})

customerTest(
  "the return address with a payment that is not the customer's says only that no order was found",
  async ({ page }) => {
    await page.goto("/Checkout/PayByBank?payment_id=someone-elses-payment")
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible()
    await expect(page).toHaveTitle(/Paying by bank/)
  },
)
