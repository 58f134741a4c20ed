import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, test } from "@playwright/test"
import { openCompetition } from "./support"

/**
 * Decision 0036: the footer's static pages show their content, Charity
 * support says the shop supports no charity (the demo brand names none),
 * and Club perks reveals a club's code and its letter and poster as PDFs.
 */

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }))
}

test("the footer leads to the rules, and the rules say how to enter free and complain", async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.goto("/")
  const footer = page.getByRole("contentinfo")
  await expect(footer.getByRole("link", { name: "GamCare" })).toHaveAttribute(
    "href",
    "https://www.gamcare.org.uk",
  )
  await expect(footer.getByRole("link", { name: "BeGambleAware" })).toBeVisible()
  // This year's, not the year the footer was written.
  await expect(
    footer.getByText(`© ${new Date().getFullYear()} Howzat Prize Competitions`),
  ).toBeVisible()
  // The demo brand supports no charity: no link to a page about one.
  await expect(footer.getByRole("link", { name: "Charity support" })).toHaveCount(0)
  await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute(
    "href",
    "/Home/Contact",
  )

  await footer.getByRole("link", { name: "Terms and conditions" }).click()
  await expect(page).toHaveURL(/\/TsAndCs$/)
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible()
  await expect(page.getByRole("heading", { name: "4. Free entry route" })).toBeVisible()
  await expect(page.getByRole("heading", { name: "11. Complaints" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("contentinfo").getByRole("link", { name: "Responsible play" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Responsible Play" })).toBeVisible()
  await expect(page.getByRole("main").getByRole("link", { name: "GamCare" })).toBeVisible()

  await page.goto("/CharitySupport")
  await expect(page.getByRole("heading", { level: 1, name: "Charity Support" })).toBeVisible()
  await expect(page.getByText("doesn't support a charity right now")).toBeVisible()
  await page.getByRole("main").getByRole("link", { name: "our competitions" }).click()
  await expect(page).toHaveURL(/\/Competitions$/)
})

test('a competition\'s "How to enter by post" opens the FAQ at the postal instructions', async ({
  page,
  request,
}) => {
  await page.goto(`/Competitions/Competition/${(await openCompetition(request, 0)).id}`)
  await page.getByRole("link", { name: "How to enter by post" }).click()
  await expect(page).toHaveURL(/\/FAQ#enter-by-post$/)
  const answer = page.getByText("Every competition has a free postal entry route.")
  await expect(answer).toBeVisible()
  await expect(answer).toBeInViewport()
})

test("club perks: choosing a club shows its code, and its letter and poster are PDFs", async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.goto("/Home/ClubPerks")
  await expect(page).toHaveTitle("Howzat | Club Perks")
  const club = page.getByLabel("Your club", { exact: true })
  await expect(club).toBeVisible()
  await expect(page.getByText("YOUR CODE IS :")).toHaveCount(0)

  await club.selectOption({ label: "Yorkshire CCC" })
  await expect(page.getByText("YOUR CODE IS :")).toBeVisible()
  await expect(page.getByRole("main").locator("code")).toHaveText("YORKSHIRE10")
  expect(await seriousViolations(page)).toEqual([])

  for (const name of ["Welcome letter (PDF)", "Poster (PDF)"]) {
    const link = page.getByRole("link", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })
    const href = await link.getAttribute("href")
    expect(href).toMatch(/^\/api\/Clubs\/[0-9a-f-]{36}\/(welcome-letter|poster)$/)
    const response = await page.request.get(href ?? "")
    expect(response.status()).toBe(200)
    expect(response.headers()["content-type"]).toBe("application/pdf")
    expect(response.headers()["content-disposition"]).toMatch(/filename="yorkshire-ccc-/)
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-")
  }
})
