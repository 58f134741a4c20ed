import { expect, test } from "@playwright/test"
import { checkoutAsNewCustomer, listCompetitions, uniqueEmail } from "./support"

/**
 * Decisions 0021 and 0024: a customer who buys a known instant-win number sees
 * WON! when the order is paid. The demo shop's Lucky Dip makes every ticket
 * an instant win, so any ticket the pool hands out wins. Each run is a new
 * customer paying with the sandbox's test card: the demo customer is shared
 * with other journeys running at the same time, and checking out their
 * basket here would pull it from under them.
 */

const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

test("a customer who buys a Lucky Dip ticket sees WON! and the prize", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const lucky = (await listCompetitions(request)).find((c) => c.name === LUCKY_DIP)
  expect(lucky, "the demo data's Lucky Dip").toBeDefined()
  const competitionId = lucky?.id ?? ""

  await page.goto(`/Competitions/Competition/${competitionId}`)
  await expect(page.getByRole("heading", { name: LUCKY_DIP, level: 1 })).toBeVisible()
  // Every ticket wins: said instead of odds, with no main draw to give odds of.
  await expect(page.getByText("Every ticket wins an instant prize").first()).toBeVisible()
  await expect(page.getByText(/1 in \d/)).toHaveCount(0)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("1")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)
  await checkoutAsNewCustomer(page, uniqueEmail(testInfo, "lucky-dip"), {
    firstName: "Nat",
    lastName: "Sciver",
    phone: "07700 900789",
    dateOfBirth: "1992-08-20",
    addressLine1: "1 Trent Bridge",
    postcode: "NG2 6AG",
  })

  await expect(page).toHaveURL(/\/Checkout\/Payment\//)
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await page.getByLabel("Card number").fill("4000 0566 5566 5556")
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0566 5566 5556")
  await page.getByLabel("Cardholder name").fill("N Sciver")
  await page.getByLabel("Expiry (MM/YY)").fill("1230")
  await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/30")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay Now" }).click()

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
  // No main draw: no draw date is promised, not even one "to be announced".
  await expect(card).toContainText("No main draw: every prize is an instant win")
  await expect(card).not.toContainText("Draw date")
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
