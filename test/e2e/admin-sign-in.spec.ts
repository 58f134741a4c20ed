import { expect, test } from "@playwright/test"
import { DEMO_STAFF, seriousViolations, signInToBackOffice } from "./back-office"

/** Decisions 0026 and 0034: staff sign in at /admin with the same auth calls; nobody else gets in. */

test("staff sign in, see the dashboard, and sign out again", async ({ page }) => {
  const consoleErrors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  await page.goto("/admin")
  await expect(page).toHaveURL(/\/admin\/sign-in/)
  expect(await seriousViolations(page)).toEqual([])

  await signInToBackOffice(page)
  await expect(page.getByRole("heading", { name: "On sale" })).toBeVisible()
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A reload keeps the session (the refresh cookie), as in the storefront.
  await page.reload()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

  await page.getByRole("button", { name: "Sign out" }).click()
  await expect(page).toHaveURL(/\/admin\/sign-in/)
  await page.goto("/admin")
  await expect(page).toHaveURL(/\/admin\/sign-in/)
  expect(consoleErrors).toEqual([])
})

test("a wrong password and a customer account are both refused", async ({ page }) => {
  await page.goto("/admin/sign-in")
  await page.getByLabel("Email address").fill(DEMO_STAFF.email)
  await page.getByLabel("Password").fill("not the password")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("alert")).toBeVisible()

  await page.getByLabel("Email address").fill("demo@howzat.example")
  await page.getByLabel("Password").fill("Howzat!2026")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("alert")).toContainText("customer account")
  await page.goto("/admin")
  await expect(page).toHaveURL(/\/admin\/sign-in/)
})

test("the storefront carries none of the back office", async ({ page }) => {
  const scripts: string[] = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname)
  })
  await page.goto("/")
  await expect(page.getByRole("main")).toBeVisible()
  expect(scripts.filter((s) => s.startsWith("/admin"))).toEqual([])
})
