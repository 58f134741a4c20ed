import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import { GOOD_CARD, customerTest as test } from "./support"

/**
 * Decision 0038: a customer buys £5.00 of site credit with the sandbox card,
 * and the balance and the statement show it; the buy button stays disabled
 * for 0 and for an amount it cannot read. Every run registers its own
 * customer, so the desktop and mobile runs share one server.
 */

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))

test("a customer buys £5 of credit by card; the balance and the statement show it", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto("/Account/SiteCredit")
  const balance = page.getByText("Your balance").locator("xpath=following-sibling::p[1]")
  await expect(balance).toHaveText("£0.00")
  await expect(page.getByText("Nothing here yet")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const amount = page.getByLabel("Buy Howzat Credit (£)")
  const buy = page.getByRole("button", { name: "BUY", exact: true })
  await expect(buy).toBeDisabled()
  await amount.fill("0")
  await amount.blur()
  await expect(amount).toHaveValue("0.00")
  await expect(page.getByText("The minimum purchase is £1.00.")).toBeVisible()
  await expect(buy).toBeDisabled()
  await amount.fill("1.2.3")
  await expect(buy).toBeDisabled()

  await amount.fill("5")
  await amount.blur()
  await expect(amount).toHaveValue("5.00")
  await expect(buy).toBeEnabled()
  await buy.click()

  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await page.getByLabel("Card number").fill(GOOD_CARD)
  await expect(page.getByLabel("Card number")).toHaveValue(GOOD_CARD)
  await page.getByLabel("Cardholder name").fill("N Sciver")
  await page.getByLabel("Expiry (MM/YY)").fill("1230")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay Now" }).click()

  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText("£5.00 of Howzat Credit has been added")).toBeVisible()
  await page.getByRole("link", { name: "Howzat Credit", exact: true }).click()

  await expect(page).toHaveURL(/\/Account\/SiteCredit/)
  await expect(balance).toHaveText("£5.00")
  const entry = page.getByRole("row", { name: /Bought Howzat Credit \(order \w+\)/ })
  await expect(entry).toContainText("+£5.00")
})
