import AxeBuilder from "@axe-core/playwright"
import { test as anyone, expect, type Page } from "@playwright/test"
import {
  addToBasketAndCheckout,
  checkoutAsNewCustomer,
  GOOD_CARD,
  openCompetition,
  customerTest as test,
  uniqueEmail,
} from "./support"

/**
 * Decision 0041 end to end: a customer sets a £0 monthly spend limit on
 * /Account/SpendLimit and is refused at checkout with the message, the
 * basket kept. Every run registers its own customer.
 */

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))

test("a customer sets a £0 limit and is refused at checkout with the message", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto("/Account/SpendLimit")
  await expect(page.getByRole("heading", { name: "Monthly spend limit" })).toBeVisible()
  await expect(page.getByTestId("spend-limit-current")).toHaveText("No limit")
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("radio", { name: "A monthly amount" }).check()
  const amount = page.getByLabel("Monthly limit (£)")
  await amount.fill("-5")
  await amount.blur()
  await expect(page.getByText("Your spend limit cannot be less than £0.00.")).toBeVisible()
  await amount.fill("0")
  await page.getByRole("button", { name: "Save spend limit" }).click()
  await expect(page.getByText("Your spend limit has been saved.")).toBeVisible()
  // Lowering applies at once.
  await expect(page.getByTestId("spend-limit-current")).toHaveText("£0.00 a month")

  const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 1 : 0)
  await addToBasketAndCheckout(page, competition)
  await page.getByLabel("Address line 1").first().fill("1 Lord's Road")
  await page.getByLabel("Postcode").first().fill("NW8 8QN")
  await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()

  const dialog = page.getByRole("dialog", { name: "Monthly spend limit reached" })
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toContainText(
    "This order would take you over your monthly spend limit of £0.00. You have £0.00 left to spend this month.",
  )
  await expect(
    dialog.getByRole("link", { name: "See or change your monthly spend limit" }),
  ).toHaveAttribute("href", "/Account/SpendLimit")
  await expect(
    dialog.getByRole("link", { name: "Help and advice on playing responsibly" }),
  ).toHaveAttribute("href", "/ResponsiblePlay")
  // Checked once the dialog has faded in: mid-fade its button's colours are not yet its own.
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  )
  expect(await seriousViolations(page)).toEqual([])
  await expect(page).toHaveURL(/\/Checkout$/)
})

// A visitor registered at checkout, who left the question for later: not a signed-in customerTest.
anyone(
  "a new customer is asked the spend-limit question before the first payment, then pays",
  async ({ page, request }, testInfo) => {
    anyone.setTimeout(120_000)
    const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 3 : 2)
    await addToBasketAndCheckout(page, competition)
    await checkoutAsNewCustomer(
      page,
      uniqueEmail(testInfo, "first-payment"),
      {
        firstName: "Nat",
        lastName: "Sciver",
        phone: "07700 900654",
        dateOfBirth: "1992-08-20",
        addressLine1: "2 Trent Bridge",
        postcode: "NG2 6AG",
      },
      { spendLimit: "ask me" },
    )

    // The payment page asks first: no card form, nothing to pay with yet.
    await expect(page).toHaveURL(/\/Checkout\/Payment\//, { timeout: 20_000 })
    const question = page.getByTestId("spend-limit-before-payment")
    await expect(
      question.getByRole("heading", { name: "Before you pay: your monthly spend limit" }),
    ).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole("button", { name: "Pay Now" })).toHaveCount(0)
    await expect(page.getByLabel("Card number")).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])

    // Nothing chosen is no answer; £50 a month is.
    const save = question.getByRole("button", { name: "Save and continue to payment" })
    await save.click()
    await expect(
      question.getByText("Please enter a monthly amount or choose No limit."),
    ).toBeVisible()
    await question.getByLabel("Monthly limit (£)").fill("50")
    await save.click()
    await expect(question).toBeHidden({ timeout: 20_000 })

    await page.getByLabel("Card number").fill(GOOD_CARD)
    await page.getByLabel("Cardholder name").fill("N Sciver")
    await page.getByLabel("Expiry (MM/YY)").fill("1230")
    await page.getByLabel("Security code").fill("123")
    await page.getByRole("button", { name: "Pay Now" }).click()
    await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
    // Answered before paying: nothing left to ask afterwards.
    await expect(page.getByTestId("spend-limit-prompt")).toHaveCount(0)

    await page.goto("/Account/SpendLimit")
    await expect(page.getByTestId("spend-limit-current")).toHaveText("£50.00 a month")
  },
)
