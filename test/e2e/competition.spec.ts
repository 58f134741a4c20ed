import { expect, test } from "@playwright/test"
import { customerTest, listCompetitions, payThroughSandbox, placeOrderThroughApi } from "./support"

/** The competition page's selector, instant wins and the layout's controls. */

const competitions = listCompetitions

test("a coming-soon competition says so instead of selling", async ({ page, request }) => {
  const comingSoon = (await competitions(request)).find((c) => c.status === 0)
  expect(comingSoon, "the demo data has a coming-soon competition").toBeDefined()
  await page.goto(`/Competitions/Competition/${comingSoon!.id}`)
  await expect(page.getByText("COMPETITION OPENS IN").first()).toBeVisible()
  await expect(page.getByText("Competition coming soon!")).toBeVisible()
  await expect(page.getByRole("spinbutton", { name: "Number of tickets" })).toHaveCount(0)
  // When it opens, and no promise of a reminder the shop cannot send.
  await expect(
    page.getByText(/^Opens \d{1,2}(st|nd|rd|th) \w+ \d{4} at \d{1,2}:\d{2}(am|pm)\.$/).first(),
  ).toBeVisible()
  await expect(page.getByText(/remind/i)).toHaveCount(0)
})

const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

test("the Lucky Dip says every ticket wins and that it has no main draw, not odds", async ({
  page,
  request,
}) => {
  const lucky = (await competitions(request)).find((c) => c.name === LUCKY_DIP)
  expect(lucky, "the demo data's Lucky Dip").toBeDefined()
  await page.goto(`/Competitions/Competition/${lucky!.id}`)
  await expect(page.getByRole("spinbutton", { name: "Number of tickets" })).toBeVisible()
  await expect(page.getByText("Every ticket wins an instant prize").first()).toBeVisible()
  await expect(page.getByText("No main draw: every prize is an instant win").first()).toBeVisible()
  await expect(page.getByText(/1 in \d/)).toHaveCount(0)
  await expect(page.getByText("With one more ticket")).toHaveCount(0)

  // Its tile says the same.
  await page.goto("/")
  const tile = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: LUCKY_DIP }) })
  await expect(tile.getByText("Every ticket wins an instant prize")).toBeVisible()
  await expect(tile.getByText(/1 in \d/)).toHaveCount(0)
})

test("the slider says it stops at 100; the box and quick picks reach the real maximum", async ({
  page,
  request,
}) => {
  const big = (await competitions(request)).find(
    (c) => c.status === 1 && c.maxTicketsPerCustomer === 1000 && c.totalTickets > 10_000,
  )
  expect(big, "the demo data has a competition of up to 1,000 tickets a person").toBeDefined()
  // 730 tickets left: fewer than the 1,000 a person may have, and not a quick pick of its own.
  await page.route(`**/api/Competitions/${big!.id}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { competition: { ticketsSoldToDate: number } }
    body.competition.ticketsSoldToDate = big!.totalTickets - 730
    await route.fulfill({ response, json: body })
  })
  await page.goto(`/Competitions/Competition/${big!.id}`)
  const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })
  await expect(quantity).toBeVisible()
  await expect(page.getByRole("slider", { name: "Ticket quantity" })).toHaveAttribute("max", "100")
  await expect(
    page.getByText("Slider goes up to 100; type a bigger number in the box (up to 730)."),
  ).toBeVisible()

  await page.getByRole("button", { name: "730 tickets" }).click()
  await expect(quantity).toHaveValue("730")
  await expect(page.getByText("Total for 730 tickets")).toBeVisible()
  await page.getByRole("button", { name: "200 tickets" }).click()
  await expect(quantity).toHaveValue("200")
  // Typed, the box goes as far as the tickets left, and no further.
  await quantity.fill("731")
  await quantity.blur()
  await expect(quantity).toHaveValue("730")
  await expect(page.getByText("Total for 730 tickets")).toBeVisible()
})

customerTest(
  "tiles invite only a customer who holds tickets to purchase more",
  async ({ page, customer }) => {
    customerTest.setTimeout(90_000)
    const open = (await competitions(page.request)).find(
      (c) =>
        c.status === 1 &&
        c.instantWinGroups.length === 0 &&
        c.totalTickets - c.ticketsSoldToDate > 20 &&
        c.maxTicketsPerCustomer >= 5,
    )
    expect(open, "the demo data has an open competition").toBeDefined()
    const tileOf = (name: string) =>
      page.getByRole("article").filter({ has: page.getByRole("heading", { name }) })

    // Signed in with no tickets anywhere: the plain invitation on every tile.
    const answered = page.waitForResponse((r) => r.url().includes("/open-competitions"))
    await page.goto("/")
    expect((await answered).ok()).toBe(true)
    await expect(tileOf(open!.name).getByRole("link", { name: "ENTER NOW" })).toBeVisible()
    await expect(page.getByRole("link", { name: "PURCHASE MORE TICKETS" })).toHaveCount(0)

    // Holding a paid ticket in one: "more" there, and only there.
    const order = await placeOrderThroughApi(page.request, customer.headers, open!, 1)
    await payThroughSandbox(page.request, customer.headers, order)
    await page.reload()
    await expect(
      tileOf(open!.name).getByRole("link", { name: "PURCHASE MORE TICKETS" }),
    ).toBeVisible()
    await expect(page.getByRole("link", { name: "PURCHASE MORE TICKETS" })).toHaveCount(1)
    await expect(page.getByRole("link", { name: "ENTER NOW" }).first()).toBeVisible()
  },
)

test("a sold-out competition says Sold out!", async ({ page, request }) => {
  const soldOut = (await competitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate >= c.totalTickets,
  )
  expect(soldOut, "the demo data has a sold-out competition").toBeDefined()
  await page.goto(`/Competitions/Competition/${soldOut!.id}`)
  await expect(page.getByText("Sold out!")).toBeVisible()
})

test("quick picks set the quantity, the price and the odds", async ({ page, request }) => {
  const open = (await competitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate < c.totalTickets && c.maxTicketsPerCustomer >= 10,
  )
  expect(open).toBeDefined()
  await page.goto(`/Competitions/Competition/${open!.id}`)
  const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })
  await expect(quantity).toBeVisible()
  const quickPick = page.getByRole("button", { name: /^\d+ tickets?$/ }).last()
  const label =
    (await quickPick.getAttribute("aria-label")) ?? (await quickPick.textContent()) ?? ""
  const picked = Number.parseInt(label, 10)
  await quickPick.click()
  await expect(quantity).toHaveValue(String(picked))
  await expect(page.getByText(`Total for ${picked} ticket${picked === 1 ? "" : "s"}`)).toBeVisible()
  const expectedOdds = Math.ceil(open!.totalTickets / picked).toLocaleString("en-GB")
  await expect(page.getByText(`1 in ${expectedOdds}`).first()).toBeVisible()
  await expect(page.getByRole("button", { name: "Add to basket" })).toBeEnabled()
})

test("instant wins list their groups and tickets", async ({ page, request }) => {
  const withInstantWins = (await competitions(request, "&Type=InstantWin")).find(
    (c) => c.status === 1,
  )
  expect(withInstantWins).toBeDefined()
  const group = withInstantWins!.instantWinGroups[0]!
  await page.goto(`/Competitions/Competition/${withInstantWins!.id}`)
  await page.getByText("Instant Wins", { exact: true }).first().click()
  await expect(
    page.getByText(`${group.quantityWonToDate} / ${group.ticketCount} won`).first(),
  ).toBeVisible()
  await page.getByRole("button", { name: "Show Tickets" }).first().click()
  await expect(page.getByRole("button", { name: "Hide Tickets" }).first()).toBeVisible()
})

test("dark mode puts the dark class on the document and is remembered", async ({ page }) => {
  await page.goto("/")
  const toggle = page.getByRole("button", { name: "Dark mode" }).first()
  const before = await page.evaluate(() => document.documentElement.classList.contains("dark"))
  await toggle.click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(!before)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(!before)
})

test("the mobile menu opens, and Escape closes it", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the offcanvas menu is the mobile layout's")
  await page.goto("/")
  const open = page.getByRole("button", { name: "Open menu" })
  await open.click()
  await expect(open).toHaveAttribute("aria-expanded", "true")
  const menu = page.getByRole("dialog")
  await expect(menu.getByRole("link", { name: /competitions/i }).first()).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(menu).toBeHidden()
  await expect(open).toBeFocused()
})
