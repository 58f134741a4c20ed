import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { openDashboard, signInToBackOfficeThroughApi } from "./back-office"

/**
 * Complaints (decision 0044): a customer sends a complaint from
 * the footer's link, sees its reference and the timelines, and gets the
 * acknowledgement; staff find it in the back office and resolve it. A
 * made-up order number is refused under its field, saying nothing more.
 */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }))

test("a customer complains, sees the reference, and staff resolve it", async ({
  page,
}, testInfo) => {
  const email = `complaint-${testInfo.project.name}-${Date.now().toString(36)}@example.com`
  await page.goto("/")
  await page.getByRole("contentinfo").getByRole("link", { name: "Complaints" }).click()
  await expect(page).toHaveURL(/\/Home\/Complaints$/)
  await expect(page).toHaveTitle("Howzat | Complaints")
  await expect(page.getByText("within 8 weeks", { exact: false })).toBeVisible()
  const send = page.getByRole("button", { name: "Send complaint" })
  await expect(send).toBeDisabled()

  // Core's words under a field once touched.
  await page.getByLabel("Your complaint").fill(" ")
  await page.getByLabel("Your complaint").blur()
  await expect(page.getByText("Please describe your complaint.")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByLabel("Your name").fill("Heather Knight")
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("What is it about?").selectOption("Draw or winner")
  const orderNumber = page.getByLabel("Order number (optional)")
  await orderNumber.fill("HZ-1001")
  await page.getByLabel("Your complaint").fill(`The live draw was not streamed. (${email})`)
  await expect(send).toBeEnabled()
  await send.click()

  // No such order (and none of this email's): core's words under the field, nothing taken.
  await expect(
    page.getByText(
      "We can't find that order number for you. Check your order confirmation email, or leave it blank.",
    ),
  ).toBeVisible()
  await expect(orderNumber).toHaveAttribute("aria-invalid", "true")
  await expect(page.getByTestId("complaint-reference")).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await orderNumber.fill("")
  await expect(send).toBeEnabled()
  await send.click()

  const shown = page.getByTestId("complaint-reference")
  await expect(shown).toHaveText(/^HZC-\d{4}-[0-9A-Z]{6}$/)
  const reference = (await shown.textContent()) ?? ""
  await expect(
    page.getByText(`Thank you. We have your complaint, reference ${reference}`),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  await expect(page.locator('article[data-kind="ComplaintAcknowledgement"]')).toContainText(
    reference,
  )

  // The back office is one journey, on a desktop.
  if (testInfo.project.name !== "desktop") return
  await signInToBackOfficeThroughApi(page)
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Complaints" })
    .click()
  await expect(page.getByRole("heading", { name: "Complaints", level: 1 })).toBeVisible()
  await page.getByRole("link", { name: reference }).click()
  await expect(page.getByRole("heading", { name: `Complaint ${reference}` })).toBeVisible()
  await expect(page.getByText("The live draw was not streamed.")).toBeVisible()

  await page.getByLabel("Status").selectOption("Resolved")
  await page.getByLabel("Note").fill("Sent the recording and an apology.")
  await page.getByRole("button", { name: "Save" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Saved: Resolved." })).toBeVisible()
  await expect(page.getByText("Sent the recording and an apology.")).toBeVisible()

  await page.goto("/admin/complaints?status=Resolved")
  await expect(page.getByRole("link", { name: reference })).toBeVisible()
})
