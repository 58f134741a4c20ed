import { expect, test } from "@playwright/test"
import { listCompetitions } from "./support"

/**
 * Issue 9 §5 and §8: a customer who buys a known instant-win number sees
 * WON! when the order is paid. The demo shop's Lucky Dip makes every ticket
 * an instant win, so any ticket the pool hands out wins. The demo customer
 * pays with their site credit; desktop and mobile each buy one ticket, well
 * within the per-person maximum of ten.
 */

const DEMO_EMAIL = "demo@howzat.example"
const DEMO_PASSWORD = "Howzat!2026"
const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

test("a customer who buys a Lucky Dip ticket sees WON! and the prize", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const lucky = (await listCompetitions(request)).find((c) => c.name === LUCKY_DIP)
  expect(lucky, "the demo data's Lucky Dip").toBeDefined()
  const competitionId = lucky?.id ?? ""

  await page.goto("/Auth/Login")
  await page.getByLabel("Email address").fill(DEMO_EMAIL)
  await page.getByLabel("Password").fill(DEMO_PASSWORD)
  await page.getByRole("button", { name: "LOGIN" }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto(`/Competitions/Competition/${competitionId}`)
  await expect(page.getByRole("heading", { name: LUCKY_DIP, level: 1 })).toBeVisible()
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("1")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)

  // Site credit pays for all of it: the order is paid at checkout.
  const credit = page.getByLabel("Site credit to use (£)")
  await credit.fill("999")
  await page
    .getByRole("region", { name: "Site credit" })
    .getByRole("button", { name: "APPLY" })
    .click()
  await expect(page.getByRole("region", { name: "Grand total" })).toContainText("£0.00")
  await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()

  await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole("heading", { name: "You've won an instant prize!" })).toBeVisible()
  const won = page.getByTestId("won-prize")
  await expect(won).toHaveCount(1)
  await expect(won).toContainText("WON!")
  await expect(won).toContainText(/£1 Site Credit|Kookaburra Match Ball/)
  const text = (await won.textContent()) ?? ""
  const ticketNumber = /ticket (\d+)/.exec(text)?.[1]
  expect(ticketNumber).toBeDefined()
  const prize = text.includes("£1 Site Credit") ? "£1 Site Credit" : "Kookaburra Match Ball"

  // The account's tickets say so too.
  await page.goto("/Account/Tickets")
  const card = page.getByRole("listitem").filter({ hasText: LUCKY_DIP })
  await expect(
    card.getByTestId("won-prize").filter({ hasText: `ticket ${ticketNumber}` }),
  ).toContainText(`WON! ${prize}`)

  // A prize of site credit is already in the account, saying what it was for.
  if (prize === "£1 Site Credit") {
    await page.goto("/Account/SiteCredit")
    await expect(
      page.getByRole("cell", {
        name: `Instant win: £1 Site Credit, ticket ${ticketNumber} (${LUCKY_DIP})`,
      }),
    ).toBeVisible()
  }
})
