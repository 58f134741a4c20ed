import { expect, type Page } from "@playwright/test"
import { seriousViolations, test } from "./back-office"

/**
 * Winners' visibility (decision 0035): staff hide a main
 * winner's name, the public winners list loses it while the draw's proof
 * keeps the winning ticket, and staff show it again. The winner is the
 * oldest of the demo's past draws (other journeys read only its proof, which
 * hiding leaves alone), and it is put back as found.
 */

/** The live draw whose winner's card draws.spec.ts looks for: never hidden here, even for a moment. */
const LEFT_ALONE = ["Stumps"]

interface PublicWinners {
  competitionWinners: { competition: { id: string; name: string }; ticketNumber: number }[]
}

const publicWinners = async (page: Page, query: string) => {
  const response = await page.request.get(`/api/Draws/competition-winners?${query}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as PublicWinners).competitionWinners
}

test("a winner's name is hidden from the public and shown again; the proof stays", async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto("/admin/winners")
  const table = page.getByRole("table", { name: "Main prize winners" })
  await expect(table).toBeVisible()

  await page.getByLabel("On the public pages").selectOption("Visible")
  await expect(page).toHaveURL(/visibility=Visible/)
  let row = table.getByRole("row").filter({ has: page.getByRole("button", { name: /^Hide/ }) })
  for (const name of LEFT_ALONE) row = row.filter({ hasNotText: name })
  row = row.last()
  await expect(row).toContainText("Shown publicly")
  const competitionName = (await row.getByRole("cell").nth(0).textContent())?.trim() ?? ""
  const ticket = Number((await row.getByRole("cell").nth(1).textContent())?.trim())
  const listed = (await publicWinners(page, "PageSize=100")).find(
    (w) => w.competition.name === competitionName && w.ticketNumber === ticket,
  )
  expect(listed, "the winner is on the public list before it is hidden").toBeDefined()
  const competitionId = listed!.competition.id
  const ofCompetition = () => publicWinners(page, `CompetitionId=${competitionId}`)

  // Hiding asks first, and says what the public will still see.
  await row.getByRole("button", { name: /^Hide/ }).click()
  const dialog = page.getByRole("dialog", { name: "Hide this winner's name from the public?" })
  await expect(dialog).toContainText("still shows the winning ticket number")
  await dialog.getByRole("button", { name: "Cancel" }).click()
  await expect(dialog).toBeHidden()
  expect(await ofCompetition()).toHaveLength(1)

  await row.getByRole("button", { name: /^Hide/ }).click()
  await dialog.getByRole("button", { name: "Hide name" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/name hidden from the public\.$/)).toBeVisible()
  await expect.poll(ofCompetition).toEqual([])

  // Fairness: the draw can still be checked by anyone.
  const proof = await page.request.get(`/api/Draws/proof/${competitionId}`)
  expect(proof.ok()).toBe(true)
  expect(((await proof.json()) as { proof: { winningTicketNumber: number } }).proof).toMatchObject({
    winningTicketNumber: ticket,
  })

  // It is now under "Name hidden", with Show to put it back.
  await page.getByLabel("On the public pages").selectOption("Hidden")
  await expect(page).toHaveURL(/visibility=Hidden/)
  const hidden = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: competitionName, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: String(ticket), exact: true }) })
  await expect(hidden).toContainText("Name hidden")
  expect(await seriousViolations(page)).toEqual([])

  await hidden.getByRole("button", { name: /^Show/ }).click()
  await expect(page.getByText(/shown publicly\.$/)).toBeVisible()
  await expect
    .poll(async () => (await ofCompetition()).map((w) => w.ticketNumber))
    .toEqual([ticket])

  // The instant wins say their visibility too.
  await page.getByLabel("On the public pages").selectOption("All")
  await page.getByRole("link", { name: "Instant wins" }).click()
  await expect(page).toHaveURL(/tab=instant/)
  const instant = page.getByRole("table", { name: "Instant-win prize winners" })
  await expect(instant.getByRole("columnheader", { name: "Public" })).toBeVisible()
})

test("the winners screen fits a tablet", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1100 })
  await page.goto("/admin/winners?visibility=Visible")
  await expect(page.getByRole("table", { name: "Main prize winners" })).toBeVisible()
  await expect(page.getByLabel("On the public pages")).toHaveValue("Visible")
  // The table scrolls inside its card; the page itself never scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  const hide = page.getByRole("button", { name: /^Hide/ }).first()
  await hide.scrollIntoViewIfNeeded()
  await expect(hide).toBeInViewport()
})

test("the winners tables fit a 1024-pixel tablet without scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  for (const [path, name] of [
    ["/admin/winners", "Main prize winners"],
    ["/admin/winners?tab=instant", "Instant-win prize winners"],
  ] as const) {
    await page.goto(path)
    const table = page.getByRole("table", { name })
    await expect(table).toBeVisible()
    // The card the table sits in would scroll if the table were wider than it.
    const spill = await table.evaluate((t) => {
      const card = t.parentElement as HTMLElement
      return { card: card.scrollWidth - card.clientWidth, table: t.getBoundingClientRect().width }
    })
    expect(spill.card, `${name} is ${spill.table}px wide`).toBeLessThanOrEqual(0)
    // Every row's work is still at hand: status, visibility and notes.
    const row = table.getByRole("row").nth(1)
    for (const action of [/^Mark (not )?processed/, /^(Hide|Show) name/, /^Notes \(/])
      await expect(row.getByRole("button", { name: action })).toBeInViewport()
    expect(await seriousViolations(page)).toEqual([])
  }
})
