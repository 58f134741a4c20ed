import { type APIRequestContext, expect, type Page, test } from "@playwright/test"
import { Secret, TOTP } from "otpauth"
import { png, seriousViolations, uniqueName } from "./back-office"
import {
  type ListedCompetition,
  listCompetitions,
  payThroughSandbox,
  placeOrderThroughApi,
  registerThroughApi,
  uniqueEmail,
} from "./support"

/**
 * Decision 0026, the staff journey: the demo admin signs in (setting up the
 * second factor, as an Admin must), makes a category, uploads an image into
 * a group, creates a competition with it and an instant-win group and
 * publishes it; it shows in the shop; a customer buys tickets in it; the
 * admin finds that order, refunds another, and reads each step in the audit
 * log; the dashboard's charts show the sale. The only journey that signs in
 * as the demo admin (the others are Staff), so its first sign-in is the
 * enrolment.
 */

const DEMO_ADMIN = { email: "admin@howzat.example", password: "Howzat!Admin2026" }

/** The authenticator app: the code for now from the secret the page showed. */
const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30 })

/** "2026-11-24T15:04" in UK time, as a datetime-local input holds it. */
const ukInputTime = (at: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

const nav = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name, exact: true })
    .click()

/**
 * A new customer buys three tickets with the sandbox card, with the
 * storefront's own calls (payment.spec.ts buys through its pages).
 */
const buyAsNewCustomer = async (
  request: APIRequestContext,
  competition: ListedCompetition,
  email: string,
  lastName: string,
) => {
  const customer = await registerThroughApi(request, email, { firstName: "Tammy", lastName })
  const order = await placeOrderThroughApi(request, customer.headers, competition, 3)
  await payThroughSandbox(request, customer.headers, order)
}

/** Customers → search by email → the customer → their one order. */
const openOnlyOrderOf = async (page: Page, email: string) => {
  await nav(page, "Customers")
  await page.getByLabel("Email").fill(email)
  await page.getByRole("button", { name: "Search" }).click()
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click()
  await page.getByRole("link", { name: /All 1 orders/ }).click()
  const orders = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row")
  await expect(orders).toHaveCount(2)
  await orders.nth(1).getByRole("link").first().click()
  await expect(page.getByRole("heading", { name: /^Order / })).toBeVisible()
}

test("the demo admin builds a competition, a customer buys, the admin refunds and audits", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000)

  // Sign in: the password, then setting up the authenticator, then the recovery codes.
  await page.goto("/admin")
  await page.getByLabel("Email address").fill(DEMO_ADMIN.email)
  await page.getByLabel("Password").fill(DEMO_ADMIN.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible()
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? ""
  await page.getByLabel("Code from your authenticator app").fill("000000")
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("alert")).toContainText("That code is not right")
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret))
  await page.getByRole("button", { name: "Continue" }).click()
  const recovery = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")
  await expect(recovery).toHaveCount(10)
  const recoveryCode = (await recovery.first().textContent()) ?? ""
  await page.getByRole("button", { name: "I have saved my recovery codes" }).click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
  await expect(page.getByRole("link", { name: "Audit log" })).toBeVisible()

  // A category.
  const categoryName = uniqueName("Journey category")
  await nav(page, "Categories")
  const newCategory = page.getByRole("region", { name: "New category" })
  await newCategory.getByLabel("Name").fill(categoryName)
  await newCategory.getByRole("button", { name: "Add category" }).click()
  await expect(newCategory.getByRole("status")).toHaveText("Saved")

  // An image, uploaded, and a group holding it.
  const alt = uniqueName("Journey prize photo")
  await nav(page, "Images")
  const upload = page.getByRole("region", { name: "Upload images" })
  await upload
    .getByLabel("Image files")
    .setInputFiles([{ name: "prize.png", mimeType: "image/png", buffer: png(16) }])
  await upload.getByLabel(/Alt text for these images/).fill(alt)
  await upload.getByRole("button", { name: "Upload" }).click()
  await expect(upload.getByRole("status")).toHaveText("Uploaded 1 image.")
  const groupName = uniqueName("Journey gallery")
  await page.goto("/admin/image-groups/new")
  await page.getByLabel("Name").fill(groupName)
  await page.getByLabel("Search by alt text").fill(alt)
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await page.getByRole("button", { name: `Add ${alt} to the group` }).click()
  await page.getByRole("button", { name: "Create group" }).click()
  await expect(page.getByRole("heading", { name: groupName, level: 1 })).toBeVisible()

  // The competition, in the category, with the images; it opens tomorrow by default.
  const name = uniqueName("Journey hamper")
  await nav(page, "Competitions")
  await page.getByRole("link", { name: "New competition" }).click()
  await page.getByLabel("Name", { exact: true }).fill(name)
  await page.getByRole("textbox", { name: "Description" }).click()
  await page.keyboard.type("A hamper from the Long Room.")
  await page.getByLabel("Ticket price (£)").fill("1.50")
  await page.getByLabel("Total tickets").fill("200")
  await page.getByLabel("Maximum per person").fill("20")
  await page.getByRole("checkbox", { name: categoryName }).check()
  await page.getByLabel("Image group").selectOption({ label: `${groupName} (1 images)` })
  await page.getByRole("button", { name: "Create competition" }).click()
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible()
  const competitionId = page.url().split("/").pop()!

  const wins = page.getByRole("region", { name: "Instant-win groups" })
  await wins.getByLabel("Group name").fill("Spot prize")
  await wins.getByLabel("Winning tickets").fill("2")
  await wins.getByLabel("Site credit prize (£)").fill("5")
  await wins.getByRole("button", { name: "Add group" }).click()
  await expect(wins.getByText("2 winning tickets")).toBeVisible()

  // Instant wins are set before the opening; now it opens, from a minute ago.
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Save changes" }) })
  await form.getByLabel("Opens").fill(ukInputTime(new Date(Date.now() - 60_000)))
  await form.getByRole("button", { name: "Save changes" }).click()
  await expect(form.getByRole("status")).toHaveText("Saved")

  await page.getByRole("button", { name: "Publish" }).click()
  await page
    .getByRole("dialog", { name: `Publish "${name}"?` })
    .getByRole("button", { name: "Publish" })
    .click()
  await expect(page.getByRole("button", { name: "Hide from the shop" })).toBeVisible()

  // The shop shows it, with its picture, and sells it.
  const listed = (await listCompetitions(request)).find((c) => c.id === competitionId)
  expect(listed, "the published competition is on sale").toBeDefined()
  const shopPage = await browser.newPage()
  // The uploaded PNG comes as an AVIF variant at the width it is shown (decision 0049).
  const variant = shopPage.waitForResponse((r) => /\.png\.w\d+\.avif$/.test(r.url()))
  await shopPage.goto(`/Competitions/Competition/${competitionId}`)
  await expect(shopPage.getByRole("heading", { name, level: 1 })).toBeVisible()
  await expect(shopPage.getByRole("img", { name: alt }).first()).toBeVisible()
  const avif = await variant
  expect([avif.status(), avif.headers()["content-type"]]).toEqual([200, "image/avif"])
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable")
  // Its tile in the list, 12 to a page in display order, asks for an AVIF variant too.
  const at = (await listCompetitions(request)).findIndex((c) => c.id === competitionId)
  const tileVariant = shopPage.waitForResponse((r) => /\.png\.w\d+\.avif$/.test(r.url()))
  await shopPage.goto(at < 12 ? "/Competitions" : `/Competitions?page=${Math.floor(at / 12) + 1}`)
  await shopPage.getByRole("heading", { name, level: 3 }).scrollIntoViewIfNeeded()
  const tileAvif = await tileVariant
  expect([tileAvif.status(), tileAvif.headers()["content-type"]]).toEqual([200, "image/avif"])
  await shopPage.close()

  const buyer = uniqueEmail(testInfo, "journey-buyer")
  await buyAsNewCustomer(request, listed!, buyer, "Beaumont")
  // Another customer's order, in a demo competition without instant wins, to refund.
  const other = (await listCompetitions(request)).find(
    (c) =>
      c.status === 1 &&
      c.instantWinGroups.length === 0 &&
      c.totalTickets - c.ticketsSoldToDate > 50 &&
      c.maxTicketsPerCustomer >= 5,
  )
  expect(other, "the demo shop has an open competition without instant wins").toBeDefined()
  const refunded = uniqueEmail(testInfo, "journey-refund")
  await buyAsNewCustomer(request, other!, refunded, "Knight")

  // The admin finds the first order, with the new competition on it...
  await openOnlyOrderOf(page, buyer)
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible()
  // ...and refunds the other one.
  await openOnlyOrderOf(page, refunded)
  await page.getByRole("button", { name: "Refund order…" }).click()
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Refund £/ })
    .click()
  await expect(page.getByRole("status").filter({ hasText: "Order refunded." })).toBeVisible()

  // Every step is in the audit log, by the demo admin.
  await nav(page, "Audit log")
  await page.getByLabel("Who").selectOption({ label: "Demo Admin (Admin)" })
  await page
    .getByRole("button", { name: /Filter|Apply|Search/ })
    .first()
    .click()
  const entries = page.getByRole("list", { name: "Audit entries" })
  for (const action of [
    "Category.Create",
    "Image.Create",
    "ImageGroup.Create",
    "Competition.Create",
    "InstantWinGroup.Create",
    "Competition.Update",
    "Order.Refund",
  ]) {
    await expect(entries.getByText(action, { exact: true }).first()).toBeVisible()
  }
  const refund = entries.getByRole("listitem").filter({ hasText: "Order.Refund" }).first()
  await refund.getByRole("button", { name: /Show changes/ }).click()
  await expect(refund.getByRole("table")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Signing in again asks for a code; a recovery code stands in for the phone, once.
  await page.getByRole("button", { name: "Sign out" }).click()
  await page.getByLabel("Email address").fill(DEMO_ADMIN.email)
  await page.getByLabel("Password").fill(DEMO_ADMIN.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible()
  await page.getByLabel("Code from your authenticator app").fill(recoveryCode)
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

  // The dashboard charts today's sale and the new competition's tickets this hour,
  // each with the same figures as a table (docs/decisions/0078-dashboard-charts.md).
  const salesTitle = "Sales per day, last 30 days"
  const sales = page.getByRole("figure", { name: salesTitle })
  await expect(sales.getByRole("img", { name: /of ticket sales from/ })).toBeVisible()
  await sales.getByRole("button", { name: "Show as table" }).click()
  const days = sales.getByRole("table", { name: salesTitle }).getByRole("row")
  await expect(days).toHaveCount(31)
  await expect(days.last().getByRole("cell").first()).not.toHaveText("£0.00")
  const tickets = page.getByRole("figure", { name })
  await expect(tickets).toContainText(/[1-9]\d* tickets? sold in the last 24 hours/)
  await expect(tickets.getByRole("table", { name, includeHidden: true })).toBeAttached()
  expect(await seriousViolations(page)).toEqual([])
})
