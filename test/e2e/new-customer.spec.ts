import { expect, test } from "@playwright/test"
import { listCompetitions } from "./support"

/** What a new customer meets (issue 8 §8): the storefront's findings, each checked in Chromium. */

test("a sold-out competition's tile says SOLD OUT and links to its details", async ({
  page,
  request,
}) => {
  const soldOut = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate >= c.totalTickets,
  )
  expect(soldOut, "the demo data has a sold-out competition").toBeDefined()
  await page.goto("/")
  const tile = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: soldOut!.name }) })
  await expect(tile.getByRole("link", { name: /^SOLD OUT/ })).toBeVisible()
  await expect(tile.getByRole("link", { name: "ENTER NOW" })).toHaveCount(0)
  await tile.getByRole("link", { name: /^SOLD OUT/ }).click()
  await expect(page).toHaveURL(new RegExp(`/Competitions/Competition/${soldOut!.id}$`))
  await expect(page.getByText("Sold out!")).toBeVisible()
})

test("Esc closes the basket panel and focus returns to the basket button", async ({
  page,
  request,
}) => {
  const open = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )
  expect(open).toBeDefined()
  await page.goto(`/Competitions/Competition/${open!.id}`)
  const panel = page.getByRole("dialog", { name: "Your Basket" })
  const basketButton = page.getByTestId("basket-button")

  // Opened by adding tickets: the Add button is disabled while it works, so it cannot take focus back.
  await page.getByRole("button", { name: "Add to basket" }).click()
  await expect(panel.getByRole("link", { name: open!.name })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(basketButton).toBeFocused()

  // Opened from the top bar by keyboard.
  await page.keyboard.press("Enter")
  await expect(panel).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(basketButton).toBeFocused()
})
