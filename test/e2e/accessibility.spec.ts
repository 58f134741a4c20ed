import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { listCompetitions } from "./support"

/**
 * axe-core on the pages a new customer meets first (decision 0016), in the light
 * and the dark theme: no serious or critical violation. Colour contrast was
 * its finding on every primary button while the brand green was #059669.
 */

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }))
}

/** A competition on sale with tickets left for anyone. */
const openCompetition = async (page: Page) => {
  const open = (await listCompetitions(page.request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )
  expect(open, "the demo data has a competition on sale").toBeDefined()
  return open!
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })
    // axe walks the whole page; on a busy machine that takes a while.
    test.setTimeout(60_000)

    test("Home passes axe", async ({ page }) => {
      await page.goto("/")
      await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test("a competition page and the basket panel pass axe", async ({ page }) => {
      const competition = await openCompetition(page)
      await page.goto(`/Competitions/Competition/${competition.id}`)
      await expect(page.getByRole("button", { name: "Add to basket" })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])

      await page.getByRole("button", { name: "Add to basket" }).click()
      const panel = page.getByRole("dialog", { name: "Your Basket" })
      await expect(panel.getByRole("link", { name: competition.name })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test("Checkout passes axe", async ({ page }) => {
      const competition = await openCompetition(page)
      await page.goto(`/Competitions/Competition/${competition.id}`)
      await page.getByRole("button", { name: "Add to basket" }).click()
      await page
        .getByRole("dialog", { name: "Your Basket" })
        .getByRole("link", { name: "CHECKOUT" })
        .click()
      await expect(page.getByRole("button", { name: "PROCEED TO PAYMENT" })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test("Login passes axe", async ({ page }) => {
      await page.goto("/Auth/Login")
      await expect(page.getByRole("button", { name: "LOGIN", exact: true })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
