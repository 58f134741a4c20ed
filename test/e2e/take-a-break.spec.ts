import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import { ordinalDate } from "../../core/src/rules/dates"
import { pauseEnd } from "../../core/src/rules/standing"
import { addToBasketAndCheckout, openCompetition, customerTest as test } from "./support"

/**
 * The pause of decision 0043: a customer takes a 6-month break from
 * Take a break, the page and the account frame show its end, and checkout
 * is refused with the break's message and the responsible-play signposting.
 */

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)

test("a 6-month break shows its end date and checkout is refused with the message", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  await page.goto("/Account/TakeABreak")
  await expect(page.getByRole("heading", { name: "Take a break", level: 2 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("radio", { name: "6 months" }).check()
  await page.getByRole("button", { name: "Continue" }).click()
  const confirm = page.getByRole("region", { name: "Confirm your break" })
  await expect(confirm).toContainText(
    "This can't be undone: the break can't be ended early, by you or by us.",
  )
  const endDate = ordinalDate(pauseEnd(new Date(), "6Months"))
  await expect(confirm).toContainText(endDate)
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole("button", { name: "Yes, take a break" }).click()

  await expect(page.getByTestId("standing-status")).toContainText(
    `Your account is on a break until ${endDate} at`,
  )
  await expect(page.getByTestId("standing-banner")).toContainText(endDate)
  // Only longer breaks are offered now.
  await expect(page.getByRole("radio", { name: "30 days" })).toBeDisabled()
  await expect(page.getByRole("radio", { name: "1 year" })).toBeEnabled()
  expect(await seriousViolations(page)).toEqual([])

  const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 1 : 0)
  // The first add says so, in the basket it opens: not first at checkout.
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await page.getByRole("button", { name: "Add to basket" }).click()
  const panel = page.getByRole("dialog", { name: "Your Basket" })
  await expect(panel.getByTestId("standing-banner")).toContainText(
    `Your account is on a break until ${endDate}`,
  )
  await expect(panel.getByTestId("standing-banner")).toContainText("You can't buy tickets")
  await addToBasketAndCheckout(page, competition)
  // The checkout says so before anything is tried.
  await expect(page.getByTestId("standing-banner")).toContainText(endDate)
  await page.getByLabel("Address line 1").first().fill("4 Wellington Road")
  await page.getByLabel("Postcode").first().fill("NW8 9ST")
  await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()

  // By name: on a phone the basket drawer may still be closing, and it is a dialog too.
  const refusal = page.getByRole("dialog", { name: "Account on a break" })
  await expect(refusal).toContainText("Account on a break")
  await expect(refusal).toContainText(`Your account is on a break until ${endDate} at`)
  await expect(refusal).toContainText(
    "so you can't buy tickets or enter competitions until then. The break can't be ended early.",
  )
  await expect(refusal.getByRole("link", { name: "Responsible play" })).toBeVisible()
  await expect(page).toHaveURL(/\/Checkout$/)
  // The dialog fades in: colours are judged once it has (mid-fade they read as too faint).
  await refusal.evaluate((dialog) => Promise.all(dialog.getAnimations().map((a) => a.finished)))
  expect(await seriousViolations(page)).toEqual([])
})
