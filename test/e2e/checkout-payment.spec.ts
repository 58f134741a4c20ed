import { expect, type Page, test } from "@playwright/test"
import {
  CHECKOUT_CARDS,
  deliveriesAbout,
  fillFlow,
  orderIdIn,
  payWithFlow,
  releaseWebhooks,
  standInOf,
} from "./providers"
import { checkoutAsNewCustomer, listCompetitions, type NewCustomer, uniqueEmail } from "./support"

/**
 * Cards through Checkout.com's Flow (decisions 0070, 0073), on the shop
 * started with PAYMENT_METHODS=card:checkout,bank:truelayer against its stand-in
 * (playwright.config.ts, "providers" projects, desktop and mobile): the
 * page loads Flow's script from CHECKOUT_WEB_COMPONENTS_URL and mounts it
 * with the payment's session; the shop asks Checkout.com itself, and the
 * signed webhooks, held by the stand-in until released, are accepted after.
 */

const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

const CHARLOTTE: NewCustomer = {
  firstName: "Charlotte",
  lastName: "Edwards",
  phone: "07700 900987",
  dateOfBirth: "1979-12-17",
  addressLine1: "4 St Lawrence Ground",
  postcode: "CT1 3NZ",
}

const buy = async (page: Page, name: string | undefined, tickets: number, testInfo: string) => {
  const competitions = await listCompetitions(page.request)
  const competition =
    name === undefined
      ? competitions.find(
          (c) =>
            c.status === 1 &&
            c.instantWinGroups.length === 0 &&
            c.totalTickets - c.ticketsSoldToDate > 50 &&
            c.maxTicketsPerCustomer >= 5,
        )
      : competitions.find((c) => c.name === name)
  expect(competition, name ?? "a competition on sale without instant wins").toBeDefined()
  await page.goto(`/Competitions/Competition/${competition?.id ?? ""}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill(String(tickets))
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await checkoutAsNewCustomer(page, testInfo, CHARLOTTE)
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  return orderIdIn(page.url())
}

test("a debit card pays through Flow, and Checkout.com's signed webhooks are accepted", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const standIn = standInOf(testInfo, "checkoutStandIn")
  const orderId = await buy(page, undefined, 2, uniqueEmail(testInfo, "flow-debit"))
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await expect(page.locator(`script[src="${standIn}/index.js"]`)).toHaveCount(1)
  // Pay by bank is offered too, after the card where any card may pay.
  await expect(page.getByRole("button", { name: "Pay by bank" })).toBeVisible()

  await payWithFlow(page, CHECKOUT_CARDS.debit)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  expect(await deliveriesAbout(page, standIn, orderId)).toEqual([
    "payment_approved 0",
    "payment_captured 0",
  ])
  await releaseWebhooks(page, standIn, orderId)
  await expect
    .poll(() => deliveriesAbout(page, standIn, orderId))
    .toEqual(["payment_approved 200", "payment_captured 200"])
})

test("an instant-win order: Flow refuses a credit card at its number, and a debit card pays", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await buy(page, LUCKY_DIP, 1, uniqueEmail(testInfo, "flow-credit"))
  const notice =
    "Credit cards can't be used for instant win competitions. Please pay with a debit card."
  await expect(page.getByRole("note", { name: "Paying by credit card" })).toContainText(notice)

  await fillFlow(page, CHECKOUT_CARDS.credit)
  await expect(page.getByText(notice).last()).toBeVisible()
  await page.getByRole("button", { name: /^Pay £/ }).click()
  // Refused before any money moved: still on the payment page.
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toHaveCount(0)

  await page.getByLabel("Card number").fill(CHECKOUT_CARDS.debit)
  await page.getByRole("button", { name: /^Pay £/ }).click()
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
})

test("a declined card says why, and Retry pays after 3-D Secure through the return page", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const standIn = standInOf(testInfo, "checkoutStandIn")
  const orderId = await buy(page, undefined, 1, uniqueEmail(testInfo, "flow-declined"))

  await payWithFlow(page, CHECKOUT_CARDS.notEnoughMoney)
  await expect(page).toHaveURL(new RegExp(`/Checkout/PaymentFailed/${orderId}\\?error=`), {
    timeout: 20_000,
  })
  await expect(page.getByText("not enough money in the account")).toBeVisible()

  await page.getByRole("link", { name: "Retry" }).click()
  await payWithFlow(page, CHECKOUT_CARDS.debitWithChallenge)
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible()
  await page.getByRole("button", { name: "Complete authentication" }).click()

  // Back from 3-D Secure at the order's return page, which asks the shop.
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(new RegExp(`/Checkout/PaymentSucceeded/${orderId}`))
  await releaseWebhooks(page, standIn, orderId)
  await expect
    .poll(async () => (await deliveriesAbout(page, standIn, orderId)).sort())
    .toEqual(["payment_approved 200", "payment_captured 200", "payment_declined 200"])
})
