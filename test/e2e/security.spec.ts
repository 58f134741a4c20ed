import { expect, type Page, test } from "@playwright/test"
import { listCompetitions } from "./support"

/**
 * The storefront under its own Content-Security-Policy (docs/decisions/0015):
 * no page may need an inline script, an inline style element, eval or
 * another origin. Chromium reports every refusal both as a
 * `securitypolicyviolation` event and on the console ("Refused to ...").
 */
const watchForViolations = async (page: Page) => {
  const violations: string[] = []
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`)
    })
  })
  return violations
}

test("Home, a competition page and Checkout run with no CSP violation", async ({
  page,
  request,
}) => {
  const violations = await watchForViolations(page)
  const response = await page.goto("/")
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'")
  await expect(page.getByRole("link", { name: "View competitions" })).toBeVisible()

  const onSale = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )
  expect(onSale).toBeDefined()
  await page.goto(`/Competitions/Competition/${onSale?.id}`)
  await expect(page.getByRole("heading", { name: onSale?.name, level: 1 })).toBeVisible()
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)
  await expect(page.getByRole("button", { name: "PROCEED TO PAYMENT" })).toBeVisible()

  expect(violations).toEqual([])
})

test("the dark theme still applies before the first paint, from a file", async ({ page }) => {
  const violations = await watchForViolations(page)
  await page.addInitScript(() => localStorage.setItem("howzat-theme", "dark"))
  // Without the app's own bundle, only public/theme.js can have set the class.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort())
  await page.goto("/")
  await expect(page.locator("html")).toHaveClass(/\bdark\b/)
  expect(violations).toEqual([])
})
