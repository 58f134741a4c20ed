import { expect, type Page } from "@playwright/test"
import { openDashboard, seriousViolations, test, uniqueName } from "./back-office"

/**
 * Decision 0037: a message sent with the storefront's contact
 * form waits in the back office's Messages, where staff read it, reply by
 * email and mark it handled (and back).
 */

/** Writes in as the storefront does (POST /api/Contact), with this browser's XSRF cookie. */
const writeIn = async (page: Page, lastName: string, email: string, message: string) => {
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value
  const response = await page.request.post("/api/Contact", {
    headers: { "x-xsrf-token": xsrf ?? "" },
    data: {
      firstName: "Sophie",
      lastName,
      email,
      telephoneNumber: "07700 900321",
      message,
    },
  })
  expect(response.status()).toBe(202)
}

test("staff read a contact message, reply by email and mark it handled", async ({ page }) => {
  await openDashboard(page)
  const lastName = uniqueName("Ecclestone")
  const message = `Can I change the delivery address for my prize?\nIt's for ${lastName}.`
  // Each run its own address: the form limits how often one address writes in.
  const email = `sophie-${Date.now().toString(36)}@example.com`
  await writeIn(page, lastName, email, message)

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Messages" })
    .click()
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible()
  const card = page.getByRole("article", { name: `Sophie ${lastName}` })
  await expect(card).toContainText(email)
  await expect(card).toContainText("07700 900321")
  await expect(card).toContainText("Can I change the delivery address for my prize?")
  await expect(card).toContainText("Waiting")
  await expect(card.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${email.replace(/\./g, "\\.")}\\?subject=Re%3A`),
  )
  expect(await seriousViolations(page)).toEqual([])

  await card.getByRole("button", { name: "Mark handled" }).click()
  await expect(page.getByRole("status").filter({ hasText: "marked handled" })).toBeVisible()
  // Gone from those waiting; still under All messages, handled.
  await expect(card).toBeHidden()
  await page.getByRole("link", { name: "All messages" }).click()
  await expect(page).toHaveURL(/show=all/)
  await expect(card).toContainText("Handled")
  await card.getByRole("button", { name: "Mark as waiting" }).click()
  await expect(card).toContainText("Waiting")

  // A tablet works too.
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(card.getByRole("button", { name: "Mark handled" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
