import { expect } from "@playwright/test"
import { openDashboard, seriousViolations, test, uniqueName } from "./back-office"

/**
 * Decision 0044 in the back office: staff log a complaint that
 * arrived by email (it gets a reference and a history), add a note, escalate
 * it; the Harm signals screen lists or says nothing is waiting; both work
 * at tablet width.
 */
test("staff log an emailed complaint, note it, escalate it; harm signals are listed", async ({
  page,
}) => {
  await openDashboard(page)
  const name = uniqueName("Nat Sciver")
  const email = `nat-${Date.now().toString(36)}@example.com`
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Complaints" })
    .click()
  await expect(page.getByRole("heading", { name: "Complaints", level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("link", { name: "Log an emailed complaint" }).click()

  // Core's words before anything is sent.
  await page.getByRole("button", { name: "Log complaint" }).click()
  await expect(page.getByText("Please describe your complaint.")).toBeVisible()
  await page.getByLabel("Their name").fill(name)
  await page.getByLabel("Their email address").fill(email)
  await page.getByLabel("What is it about?").selectOption("Instant win")
  await page.getByLabel("The complaint").fill("My instant win credit never arrived.")
  await page.getByRole("button", { name: "Log complaint" }).click()
  await expect(page.getByRole("heading", { name: /^Complaint HZC-/ })).toBeVisible()
  await expect(page.getByText("email (logged by staff)")).toBeVisible()

  await page.getByLabel("Status").selectOption({ label: "Received (add a note only)" })
  await page.getByLabel("Note").fill("Checked the ledger; credit was applied late.")
  await page.getByRole("button", { name: "Save" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Saved: Received." })).toBeVisible()
  await page.getByLabel("Status").selectOption("Escalated")
  await page.getByLabel("Note").fill("Customer asked for the ADR service.")
  await page.getByRole("button", { name: "Save" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Saved: Escalated." })).toBeVisible()
  // Only moves the server allows are offered now.
  await expect(page.getByLabel("Status").locator("option")).toHaveText([
    "Escalated (add a note only)",
    "Resolved",
  ])
  expect(await seriousViolations(page)).toEqual([])

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Harm signals" })
    .click()
  await expect(page.getByRole("heading", { name: "Harm signals", level: 1 })).toBeVisible()
  await expect(
    page
      .getByRole("table", { name: /Customers with harm signals/ })
      .or(page.getByText("Nothing awaiting review.")),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A tablet works too.
  await page.setViewportSize({ width: 800, height: 1100 })
  await page.goto("/admin/complaints?status=Escalated")
  await expect(page.getByRole("cell", { name })).toBeVisible()
})
