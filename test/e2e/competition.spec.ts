import { expect, test } from "@playwright/test"
import { listCompetitions } from "./support"

/** The competition page's selector, instant wins and the layout's controls. */

const competitions = listCompetitions

test("a coming-soon competition says so instead of selling", async ({ page, request }) => {
  const comingSoon = (await competitions(request)).find((c) => c.status === 0)
  expect(comingSoon, "the demo data has a coming-soon competition").toBeDefined()
  await page.goto(`/Competitions/Competition/${comingSoon!.id}`)
  await expect(page.getByText("COMPETITION OPENS IN").first()).toBeVisible()
  await expect(page.getByText("Competition coming soon!")).toBeVisible()
  await expect(page.getByRole("spinbutton", { name: "Number of tickets" })).toHaveCount(0)
})

test("a sold-out competition says Sold out!", async ({ page, request }) => {
  const soldOut = (await competitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate >= c.totalTickets,
  )
  expect(soldOut, "the demo data has a sold-out competition").toBeDefined()
  await page.goto(`/Competitions/Competition/${soldOut!.id}`)
  await expect(page.getByText("Sold out!")).toBeVisible()
})

test("quick picks set the quantity, the price and the odds", async ({ page, request }) => {
  const open = (await competitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate < c.totalTickets && c.maxTicketsPerCustomer >= 10,
  )
  expect(open).toBeDefined()
  await page.goto(`/Competitions/Competition/${open!.id}`)
  const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })
  await expect(quantity).toBeVisible()
  const quickPick = page.getByRole("button", { name: /^\d+ tickets?$/ }).last()
  const label =
    (await quickPick.getAttribute("aria-label")) ?? (await quickPick.textContent()) ?? ""
  const picked = Number.parseInt(label, 10)
  await quickPick.click()
  await expect(quantity).toHaveValue(String(picked))
  await expect(page.getByText(`Total for ${picked} ticket${picked === 1 ? "" : "s"}`)).toBeVisible()
  const expectedOdds = Math.ceil(open!.totalTickets / picked).toLocaleString("en-GB")
  await expect(page.getByText(`1 in ${expectedOdds}`).first()).toBeVisible()
  await expect(page.getByRole("button", { name: "Add to basket" })).toBeEnabled()
})

test("instant wins list their groups and tickets", async ({ page, request }) => {
  const withInstantWins = (await competitions(request, "&Type=InstantWin")).find(
    (c) => c.status === 1,
  )
  expect(withInstantWins).toBeDefined()
  const group = withInstantWins!.instantWinGroups[0]!
  await page.goto(`/Competitions/Competition/${withInstantWins!.id}`)
  await page.getByText("Instant Wins", { exact: true }).first().click()
  await expect(
    page.getByText(`${group.quantityWonToDate} / ${group.ticketCount} won`).first(),
  ).toBeVisible()
  await page.getByRole("button", { name: "Show Tickets" }).first().click()
  await expect(page.getByRole("button", { name: "Hide Tickets" }).first()).toBeVisible()
})

test("dark mode puts the dark class on the document and is remembered", async ({ page }) => {
  await page.goto("/")
  const toggle = page.getByRole("button", { name: "Dark mode" }).first()
  const before = await page.evaluate(() => document.documentElement.classList.contains("dark"))
  await toggle.click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(!before)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(!before)
})

test("the mobile menu opens, and Escape closes it", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the offcanvas menu is the mobile layout's")
  await page.goto("/")
  const open = page.getByRole("button", { name: "Open menu" })
  await open.click()
  await expect(open).toHaveAttribute("aria-expanded", "true")
  const menu = page.getByRole("dialog")
  await expect(menu.getByRole("link", { name: /competitions/i }).first()).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(menu).toBeHidden()
  await expect(open).toBeFocused()
})
