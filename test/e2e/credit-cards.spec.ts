import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { checkoutAsNewCustomer, listCompetitions, uniqueEmail } from "./support"

/**
 * Decision 0042: no credit card for an instant-win competition. The payment
 * page says so before the card form; a credit card is refused with the same
 * words, the order kept, and the debit card then pays. A new customer each
 * run, as the demo customer is shared with other journeys.
 */

const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"
const CREDIT_CARD = "4242 4242 4242 4242"
const DEBIT_CARD = "4000 0566 5566 5556"
const NOTICE =
  "Credit cards can't be used for instant win competitions. Please pay with a debit card."

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))

const payWith = async (page: Page, cardNumber: string) => {
  await page.getByLabel("Card number").fill(cardNumber)
  await expect(page.getByLabel("Card number")).toHaveValue(cardNumber)
  await page.getByLabel("Cardholder name").fill("S Ecclestone")
  await page.getByLabel("Expiry (MM/YY)").fill("1230")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay Now" }).click()
}

test("a credit card is refused for an instant-win competition, then a debit card pays", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const lucky = (await listCompetitions(request)).find((c) => c.name === LUCKY_DIP)
  expect(lucky, "the demo data's Lucky Dip").toBeDefined()

  await page.goto(`/Competitions/Competition/${lucky?.id ?? ""}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("1")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "credit-card"), {
    firstName: "Sophie",
    lastName: "Ecclestone",
    phone: "07700 900456",
    dateOfBirth: "1999-05-06",
    addressLine1: "1 Old Trafford",
    postcode: "M16 0PX",
  })

  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  const notice = page.getByRole("note", { name: "Paying by credit card" })
  await expect(notice).toContainText(NOTICE)
  await expect(notice.getByRole("link", { name: /responsible play/i })).toHaveAttribute(
    "href",
    "/ResponsiblePlay",
  )
  expect(await seriousViolations(page)).toEqual([])

  await payWith(page, CREDIT_CARD)
  await expect(page).toHaveURL(/\/Checkout\/PaymentFailed\//, { timeout: 20_000 })
  await expect(page.getByRole("alert")).toContainText(NOTICE)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("link", { name: "Retry" }).click()
  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  await expect(page.getByRole("note", { name: "Paying by credit card" })).toContainText(NOTICE)
  await payWith(page, DEBIT_CARD)
  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
})
