import { expect, test } from "@playwright/test"

/**
 * A visitor's first journey: Home -> a competition tile -> the competition
 * page, with the layout's fixed texts, on desktop and mobile viewports.
 */

test("a visitor goes from Home through a tile to the competition page", async ({
  page,
  request,
}) => {
  await page.goto("/")
  await expect(page).toHaveTitle("Howzat | Home")
  await expect(page.getByText("Live draws every Thursday at 8:30pm!").first()).toBeVisible()
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()

  const enterNow = page.getByRole("link", { name: "ENTER NOW", exact: true }).first()
  await expect(enterNow).toBeVisible()
  const href = await enterNow.getAttribute("href")
  expect(href).toMatch(/^\/Competitions\/Competition\/[0-9a-f-]{36}$/)
  const competitionId = href!.split("/").pop()!
  const api = await request.get(`/api/Competitions/${competitionId}`)
  const { competition } = (await api.json()) as { competition: { name: string } }

  await enterNow.click()
  await expect(page).toHaveURL(new RegExp(`/Competitions/Competition/${competitionId}$`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(competition.name)
  await expect(page).toHaveTitle(/^Howzat \| /)
  await expect(page.getByText("COMPETITION CLOSES IN").first()).toBeVisible()
  await expect(page.getByText(/1 in [\d,]+/).first()).toBeVisible()
  await expect(page.getByText("Prize Description").first()).toBeVisible()
  await expect(page.getByText("Competition Rules").first()).toBeVisible()
})

test("the copy-link control confirms with LINK COPIED!", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! })
  await page.goto("/Competitions")
  const tile = page.getByRole("link", { name: /^(ENTER NOW|DETAILS)$/ }).first()
  await tile.click()
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await page.getByRole("button", { name: /copy link/i }).click()
  await expect(page.getByText("LINK COPIED!")).toBeVisible()
})

test("the ending-soon list has its heading", async ({ page }) => {
  await page.goto("/Competitions/UpcomingDraw")
  await expect(page.getByText("HURRY THESE COMPS END SOON!")).toBeVisible()
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
})

test("an unknown path goes home", async ({ page }) => {
  await page.goto("/no/such/page")
  await expect(page).toHaveURL(/\/$/)
  await expect(page).toHaveTitle("Howzat | Home")
})

test("the basket icon explains itself", async ({ page }) => {
  await page.goto("/")
  const basket = page.getByTitle("Click here to see the contents of your basket").first()
  await expect(basket).toBeVisible()
  await basket.click()
  await expect(page.getByText("Your Basket is empty")).toBeVisible()
})

test("an unreachable API shows the technical-difficulties message", async ({ page }) => {
  await page.route("**/api/**", (route) => route.abort())
  await page.goto("/")
  // The page that failed underneath says so too, but stays hidden while the layout's message shows.
  await expect(
    page.getByRole("alert").filter({
      hasText:
        "Oops! We seem to be having some technical difficulties. Please check back again soon.",
    }),
  ).toBeVisible()
})

test("going offline shows the offline message and coming back clears it", async ({
  page,
  context,
}) => {
  await page.goto("/")
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  await context.setOffline(true)
  const offline = page.getByText("Oops! You seem to be offline right now. Please visit again soon.")
  await expect(offline).toBeVisible()
  await context.setOffline(false)
  await expect(offline).toBeHidden({ timeout: 15_000 })
})

test("a moment offline loses nothing the customer was typing", async ({ page, context }) => {
  await page.goto("/Home/Contact")
  await expect(page).toHaveTitle("Howzat | Contact Us")
  const message = page.getByLabel("Message")
  await message.fill("Half-way through asking about the postal route")
  await context.setOffline(true)
  const offline = page.getByText("Oops! You seem to be offline right now. Please visit again soon.")
  await expect(offline).toBeVisible()
  await expect(message).toBeHidden()
  await context.setOffline(false)
  await expect(offline).toBeHidden({ timeout: 15_000 })
  await expect(message).toHaveValue("Half-way through asking about the postal route")
})
