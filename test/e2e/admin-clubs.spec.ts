import { expect, type Page } from "@playwright/test"
import { openDashboard, seriousViolations, test, uniqueName } from "./back-office"

/**
 * Vouchers and clubs (decision 0033): staff keep the clubs,
 * their codes and what they are owed; the storefront's club-perks list
 * follows at once. And the screens link to one another.
 */

const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()

/** The storefront's club-perks list, as shoppers' browsers read it. */
const clubPerks = async (page: Page) => {
  const response = await page.request.get("/api/Resources/content-list-clubs")
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { resource: { value: string } }
  return JSON.parse(body.resource.value) as { name: string; voucherCode: string }[]
}

test("staff create, rename and delete a club; a payout above what it is owed is refused", async ({
  page,
}) => {
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Clubs" })
    .click()
  await expect(page.getByRole("heading", { name: "Clubs", level: 1 })).toBeVisible()
  // The seeded clubs are listed with their codes and figures.
  await expect(page.getByRole("row").filter({ hasText: "YORKSHIRE10" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const name = uniqueName("E2E Club")
  const code = uniqueCode("CLUB")
  await page.getByRole("link", { name: "New club" }).click()
  await expect(page.getByRole("heading", { name: "New club", level: 1 })).toBeVisible()
  await page.getByLabel("Club name").fill(name)
  await page.getByLabel("Voucher code").fill("no spaces allowed")
  await page.getByRole("button", { name: "Create club" }).click()
  // Judged in the page in core's words; nothing sent, nothing lost.
  await expect(page.getByText("Use 3 to 32 letters and digits, no spaces.")).toBeVisible()
  await expect(page.getByLabel("Club name")).toHaveValue(name)

  await page.getByLabel("Voucher code").fill(code.toLowerCase())
  await page.getByRole("button", { name: "Create club" }).click()
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
  await expect(page.getByText("Club created.")).toBeVisible()
  await expect(page.getByLabel("Voucher code")).toHaveValue(code)
  await expect(page.getByText("Nothing earned yet.")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The storefront's list follows the clubs table at once.
  expect(await clubPerks(page)).toContainEqual(expect.objectContaining({ name, voucherCode: code }))

  // A code another club has is the server's to refuse, shown without losing what was typed.
  await page.getByLabel("Voucher code").fill("YORKSHIRE10")
  await page.getByRole("button", { name: "Save club" }).click()
  await expect(page.getByRole("alert")).toContainText("already earns credit for another club")
  await expect(page.getByLabel("Voucher code")).toHaveValue("YORKSHIRE10")

  const renamed = `${name} Renamed`
  await page.getByLabel("Club name").fill(renamed)
  await page.getByLabel("Voucher code").fill(code)
  await page.getByRole("button", { name: "Save club" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible()
  const listed = await clubPerks(page)
  expect(listed).toContainEqual(expect.objectContaining({ name: renamed, voucherCode: code }))
  expect(listed.map((c) => c.name)).not.toContain(name)

  // A new club owes nothing: a payout is confirmed, then refused by the server beside the amount.
  const payout = page.getByRole("form", { name: "Record a payout" })
  await payout.getByLabel("Amount paid (£)").fill("5.00")
  await payout.getByLabel("Reference").fill("BACS E2E")
  await payout.getByRole("button", { name: "Record payout" }).click()
  const confirm = page.getByRole("dialog")
  await expect(confirm).toContainText(`Record that £5.00 was paid to ${renamed}`)
  await confirm.getByRole("button", { name: "Record payout" }).click()
  await expect(confirm).toBeHidden()
  await expect(payout.getByText("The club is owed nothing.")).toBeVisible()
  await expect(payout.getByLabel("Amount paid (£)")).toHaveValue("5.00")
  await expect(page.getByText("Nothing earned yet.")).toBeVisible()

  // Its voucher names the club and links back to it.
  await page.getByRole("link", { name: code, exact: true }).click()
  await expect(page.getByRole("heading", { name: `Voucher ${code}` })).toBeVisible()
  await page.getByRole("link", { name: renamed }).click()
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible()

  // At a tablet's width the page does not scroll sideways.
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(page.getByRole("button", { name: "Delete club" })).toBeVisible()
  const pageScrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
  expect(pageScrolls).toBe(false)

  await page.getByRole("button", { name: "Delete club" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText(`Delete “${renamed}”?`)
  await dialog.getByRole("button", { name: "Delete club" }).click()
  await expect(page.getByRole("heading", { name: "Clubs", level: 1 })).toBeVisible()
  expect((await clubPerks(page)).map((c) => c.name)).not.toContain(renamed)
})

test("staff follow links from a category and from the dashboard to a competition", async ({
  page,
}) => {
  const laptop = 'Apple MacBook Pro 14" M4'
  await openDashboard(page)
  await page.getByRole("link", { name: laptop }).first().click()
  await expect(page.getByRole("heading", { name: laptop, level: 1 })).toBeVisible()

  await page.goto("/admin/categories")
  await page.getByRole("link", { name: "Tech", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Tech", level: 1 })).toBeVisible()
  await page
    .getByRole("table", { name: "Competitions in Tech" })
    .getByRole("link", { name: laptop })
    .click()
  await expect(page.getByRole("heading", { name: laptop, level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/competitions\/[0-9a-f-]{36}$/)
})
