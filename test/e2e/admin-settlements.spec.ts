import { readFile } from "node:fs/promises"
import { expect } from "@playwright/test"
import { openDashboard, seriousViolations, test } from "./back-office"
import {
  listCompetitions,
  payThroughSandbox,
  placeOrderThroughApi,
  registerThroughApi,
  uniqueEmail,
} from "./support"

/** Today on London's calendar, as the report names its days. */
const londonToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date())

/**
 * Decision 0068: staff open Settlements from the back office's navigation,
 * see today's card money for the sandbox provider after a customer pays,
 * pick days, and download the accountant's CSV.
 */
test("staff read today's settlements and download them as CSV", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const competition = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )
  if (!competition) throw new Error("the demo shop has no open competition")
  const buyer = await registerThroughApi(request, uniqueEmail(testInfo, "settlements"), {
    firstName: "Tammy",
    lastName: "Beaumont",
  })
  await payThroughSandbox(
    request,
    buyer.headers,
    await placeOrderThroughApi(request, buyer.headers, competition, 1),
  )

  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Settlements" })
    .click()
  await expect(page.getByRole("heading", { name: "Settlements", level: 1 })).toBeVisible()
  const today = londonToday()
  const table = page.getByRole("table", { name: "Settlements by UK day and payment provider" })
  const row = table.getByRole("row").filter({ hasText: today }).filter({ hasText: "sandbox" })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText("£")
  expect(await seriousViolations(page)).toEqual([])

  // Just today.
  await page.getByLabel("From (UK date)").fill(today)
  await page.getByLabel("To (UK date, inclusive)").fill(today)
  await page.getByRole("button", { name: "Show" }).click()
  await expect(page).toHaveURL(new RegExp(`from=${today}`))
  await expect(page.getByText(`Showing ${today} to ${today}`)).toBeVisible()
  await expect(row).toHaveCount(1)

  const downloading = page.waitForEvent("download")
  await page.getByRole("button", { name: "Download CSV" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`settlements-${today}-to-${today}.csv`)
  const csv = await readFile(await download.path(), "utf8")
  const lines = csv.split("\r\n")
  expect(lines[0]).toMatch(/^Day,Provider,Taken \(GBP\),Refunded \(GBP\)/)
  expect(lines.some((l) => l.startsWith(`${today},sandbox,`))).toBe(true)
  expect(lines).toContain("Orders whose payments and status disagree")
})
