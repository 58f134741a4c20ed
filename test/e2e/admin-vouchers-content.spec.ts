import { expect } from "@playwright/test"
import { openDashboard, seriousViolations, test } from "./back-office"

/** Vouchers and Content (decision 0031), and the Admin-only screens (decision 0026), as the demo member of staff. */

const uniqueCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()

test("staff create and edit a voucher, and the server's refusals are shown", async ({ page }) => {
  await openDashboard(page)
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Vouchers" })
    .click()
  await expect(page.getByRole("heading", { name: "Vouchers", level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const code = uniqueCode("E2E")
  await page.getByRole("link", { name: "New voucher" }).click()
  await expect(page.getByRole("heading", { name: "New voucher", level: 1 })).toBeVisible()
  await page.getByLabel("Code").fill(code)
  await page.getByLabel("Percentage off").fill("150")
  await page.getByLabel("Ends (UK time)").fill("2030-01-31T23:59")
  await page.getByRole("button", { name: "Create voucher" }).click()
  // Judged in the page with the server's own words; nothing sent, nothing lost.
  await expect(page.getByText("Give a whole percentage from 1 to 100.")).toBeVisible()
  await expect(page.getByLabel("Code")).toHaveValue(code)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByLabel("Percentage off").fill("10")
  await page.getByLabel("Uses per customer").fill("2")
  await page.getByRole("button", { name: "Create voucher" }).click()
  await expect(page.getByRole("heading", { name: `Voucher ${code}` })).toBeVisible()
  await expect(page.getByLabel("Ends (UK time)")).toHaveValue("2030-01-31T23:59")

  await page.getByLabel("Percentage off").fill("15")
  await page.getByRole("button", { name: "Save voucher" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel("Percentage off")).toHaveValue("15")
  await expect(page.getByLabel("Uses per customer")).toHaveValue("2")

  // A second voucher with the same code: the server's unique code, beside the field.
  await page.goto("/admin/vouchers/new")
  await expect(page.getByRole("heading", { name: "New voucher", level: 1 })).toBeVisible()
  await page.getByLabel("Code").fill(code.toLowerCase())
  await page.getByLabel("Percentage off").fill("5")
  await page.getByRole("button", { name: "Create voucher" }).click()
  await expect(
    page.getByText("Another voucher already has this code.", { exact: true }),
  ).toBeVisible()
  await expect(page.getByRole("alert")).toContainText("see the messages beside the fields")
  await expect(page.getByLabel("Code")).toHaveValue(code.toLowerCase())

  await page.goto("/admin/vouchers")
  await page.getByLabel("Code").fill(code)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page).toHaveURL(new RegExp(`code=${code}`))
  const row = page.getByRole("row").filter({ hasText: code })
  await expect(row).toContainText("15%")

  // At a tablet's width the table scrolls inside its card, the page does not.
  await page.setViewportSize({ width: 800, height: 1100 })
  await expect(row).toBeVisible()
  const pageScrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  )
  expect(pageScrolls).toBe(false)

  await row.getByRole("button", { name: /Delete/ }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText(`Delete the voucher ${code}?`)
  await dialog.getByRole("button", { name: "Delete voucher" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`No voucher matches “${code}”.`)).toBeVisible()
})

test("staff edit site content and the shop serves the sanitised copy", async ({ page }) => {
  const key = "content-banner-hero-sub"
  await page.goto("/admin/content")
  await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  const editor = page.getByLabel(`${key} (HTML)`)
  const original = await editor.inputValue()
  const marker = uniqueCode("hero")
  try {
    await editor.fill(`<p>Big prizes ${marker}<script>window.bad = 1</script></p>`)
    await page.getByRole("button", { name: `Save ${key}` }).click()
    const section = page.getByRole("region", { name: /headline/ })
    await expect(section.getByRole("status")).toHaveText("Saved")
    // The shop serves the server's sanitised copy; the editor and preview show the same.
    const served = await page.request.get(`/api/Resources/${key}`)
    expect(served.ok()).toBe(true)
    const value: string = (await served.json()).resource.value
    expect(value).toContain(`Big prizes ${marker}`)
    expect(value).not.toContain("script")
    await expect(editor).toHaveValue(value)
    await expect(section.getByText(`Big prizes ${marker}`, { exact: true })).toBeVisible()

    // Styles the server would refuse are named before anything is sent.
    const styles = page.getByLabel("config-site-styles (CSS)")
    await styles.fill("body { color: red } </style>")
    await page.getByRole("button", { name: "Save config-site-styles" }).click()
    await expect(page.getByText("Styles may not contain '<'.")).toBeVisible()
  } finally {
    await editor.fill(original)
    await page.getByRole("button", { name: `Save ${key}` }).click()
    await expect(page.getByRole("region", { name: /headline/ }).getByRole("status")).toHaveText(
      "Saved",
    )
  }
})

test("Staff see no Admin sections and are told plainly at their addresses", async ({ page }) => {
  await openDashboard(page)
  const nav = page.getByRole("navigation", { name: "Back office" })
  await expect(nav.getByRole("link", { name: "Vouchers" })).toBeVisible()
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0)
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0)

  await page.goto("/admin/audit-log")
  await expect(
    page.getByRole("heading", { name: "Only Admins can read the audit log" }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.goto("/admin/staff")
  await expect(page.getByRole("heading", { name: "Only Admins can manage staff" })).toBeVisible()
})
