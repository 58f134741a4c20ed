import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { type ListedCompetition, listCompetitions } from "./support"

/**
 * Transparency (decision 0045): every competition page shows its
 * key facts before anyone buys: odds, total tickets, the most entries one
 * person may have, the cash alternative (or that there is none), how the
 * winner is chosen and the free entry route, with links to read more.
 */

type Listed = ListedCompetition & { cashAlternativeValue: number | null; drawType: string }

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }))
}

const keyFacts = (page: Page) => page.getByRole("region", { name: "Key facts" })

/** The dd that follows a dt, as a screen reader pairs them. */
const fact = (page: Page, label: string) => keyFacts(page).locator(`dt:text-is("${label}") + dd`)

test("a competition page lists its key facts, with the cash alternative", async ({ page }) => {
  test.setTimeout(60_000)
  const all = (await listCompetitions(page.request)) as Listed[]
  const withCash = all.find((c) => c.status === 1 && c.cashAlternativeValue !== null)
  expect(withCash, "the demo data has an open competition with a cash alternative").toBeDefined()
  const c = withCash!
  await page.goto(`/Competitions/Competition/${c.id}`)
  await expect(keyFacts(page)).toBeVisible()
  const total = c.totalTickets.toLocaleString("en-GB")
  // A competition with instant wins adds their odds after the main draw's (decision 0077).
  await expect(fact(page, "Odds per ticket")).toHaveText(
    new RegExp(`^1 in ${total}( in the main draw; 1 in [\\d,]+ of an instant win)?$`),
  )
  await expect(fact(page, "Total tickets")).toHaveText(total)
  await expect(fact(page, "Maximum entries per person")).toHaveText(
    `${c.maxTicketsPerCustomer.toLocaleString("en-GB")} (paid and free entries together)`,
  )
  const pounds = (c.cashAlternativeValue! / 100).toLocaleString("en-GB", {
    style: "currency",
    currency: "GBP",
  })
  await expect(fact(page, "Cash alternative")).toContainText(pounds)
  await expect(fact(page, "How the winner is chosen")).toContainText("drawn at random")
  await expect(fact(page, "Free entry")).toContainText("enter free by post")
  expect(await seriousViolations(page)).toEqual([])

  await keyFacts(page).getByRole("link", { name: "How our draws work" }).click()
  await expect(page).toHaveURL(/\/Legitimacy$/)
  await page.goBack()
  await keyFacts(page).getByRole("link", { name: "How to enter by post" }).click()
  await expect(page).toHaveURL(/\/FAQ#enter-by-post$/)
  await expect(page.getByText("Can I enter for free?")).toBeVisible()
})

test("a competition without a cash alternative says so plainly", async ({ page }) => {
  const all = (await listCompetitions(page.request)) as Listed[]
  const without = all.find((c) => c.status === 1 && c.cashAlternativeValue === null)
  expect(without, "the demo data has an open competition without one").toBeDefined()
  await page.goto(`/Competitions/Competition/${without!.id}`)
  await expect(fact(page, "Cash alternative")).toHaveText("None: the prize is awarded as described")
})
