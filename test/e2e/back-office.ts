import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"

/**
 * The back office's journeys (admin-*.spec.ts, the "back-office" project).
 * Most sign in as the demo member of staff: Staff run the shop and sign in
 * with a password alone, so journeys running side by side never share a
 * second factor. Admin-only work belongs to the staff journey.
 */
export const DEMO_STAFF = { email: "staff@howzat.example", password: "Howzat!Staff2026" }

/** Signs in through /admin's own form and waits for the dashboard. */
export const signInToBackOffice = async (page: Page, account = DEMO_STAFF) => {
  await page.goto("/admin/sign-in")
  await page.getByLabel("Email address").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
}

/** Axe's serious and critical findings on the page as it stands, for `toEqual([])`. */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }))
}

/** A name no other run of the journeys uses, for what a journey creates in the shared shop. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
