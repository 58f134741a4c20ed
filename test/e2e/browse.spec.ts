import AxeBuilder from "@axe-core/playwright"
import { type APIRequestContext, expect, type Page, test } from "@playwright/test"

/**
 * A visitor's first journey: Home -> a competition tile -> the competition
 * page, with the layout's fixed texts, on desktop and mobile viewports; and
 * browsing the shop floor: a category, a sort, a search, Back, a shared
 * link, and Ending soon.
 */

interface Listed {
  id: string
  name: string
  status: 0 | 1 | 3
  totalTickets: number
  ticketsSoldToDate: number
  closeDateTimeUtc: string
  categoryIds: string[]
}

const apiList = async (request: APIRequestContext, query: string) => {
  const response = await request.get(`/api/Competitions?PageSize=100&${query}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { competitions: Listed[] }).competitions
}

const categoryId = async (request: APIRequestContext, name: string) => {
  const response = await request.get("/api/Categories?PageSize=100")
  const { categories } = (await response.json()) as { categories: { id: string; name: string }[] }
  const found = categories.find((c) => c.name === name)
  expect(found, `the demo data has the category ${name}`).toBeDefined()
  return found!.id
}

/** The tiles' names, in the order the page shows them. */
const tileNames = (page: Page) => page.locator("main article").getByRole("heading")

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include("main").analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)

test("a visitor filters by category, sorts, searches and goes Back through each view", async ({
  page,
  request,
}) => {
  const cash = await categoryId(request, "Cash")
  const cashByPrice = (await apiList(request, `CategoryId=${cash}&SortBy=PriceLowToHigh`)).map(
    (c) => c.name,
  )
  expect(cashByPrice.length, "the demo data has cash competitions").toBeGreaterThanOrEqual(2)
  const everything = (await apiList(request, "")).map((c) => c.name)

  await page.goto("/Competitions")
  const categories = page.getByRole("navigation", { name: "Categories" })
  await expect(categories.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  )
  await expect(tileNames(page).first()).toBeVisible()

  // A category: its own address, its own heading, only its competitions.
  await categories.getByRole("link", { name: "Cash", exact: true }).click()
  await expect(page).toHaveURL(/\/Competitions\?category=cash$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cash")
  await expect(categories.getByRole("link", { name: "Cash", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  )
  await expect(tileNames(page)).toHaveText(
    (await apiList(request, `CategoryId=${cash}`)).map((c) => c.name),
  )
  for (const name of everything.filter((n) => !cashByPrice.includes(n)))
    await expect(tileNames(page).filter({ hasText: name })).toHaveCount(0)

  // A sort, kept beside the category; the order is the server's.
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" })
  await expect(page).toHaveURL(/[?&]sort=price-low-high/)
  await expect(page).toHaveURL(/[?&]category=cash/)
  await expect(tileNames(page)).toHaveText(cashByPrice)

  // A search within them.
  const search = page.getByRole("searchbox", { name: "Search competitions" })
  await search.fill("instant")
  await search.press("Enter")
  await expect(page).toHaveURL(/[?&]q=instant/)
  await expect(tileNames(page)).toHaveText(cashByPrice.filter((n) => /instant/i.test(n)))

  // Nothing matches: say so, and offer a way out that keeps the sort.
  await search.fill("zzz no such prize")
  await page.getByRole("button", { name: "Search", exact: true }).click()
  await expect(page.getByText("No competitions match “zzz no such prize” in Cash.")).toBeVisible()
  await expect(tileNames(page)).toHaveCount(0)
  await page.getByRole("link", { name: "Clear filters" }).click()
  await expect(page).toHaveURL(/\/Competitions\?sort=price-low-high$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All competitions")
  await expect(tileNames(page)).toHaveText(
    (await apiList(request, "SortBy=PriceLowToHigh")).slice(0, 12).map((c) => c.name),
  )

  // Back walks through every view, each as it was.
  await page.goBack()
  await expect(page.getByText("No competitions match “zzz no such prize” in Cash.")).toBeVisible()
  await expect(search).toHaveValue("zzz no such prize")
  await page.goBack()
  await expect(search).toHaveValue("instant")
  await expect(tileNames(page)).toHaveText(cashByPrice.filter((n) => /instant/i.test(n)))
  await page.goBack()
  await expect(search).toHaveValue("")
  await expect(page.getByLabel("Sort by")).toHaveValue("price-low-high")
  await expect(tileNames(page)).toHaveText(cashByPrice)
  await page.goBack()
  await expect(page).toHaveURL(/\/Competitions\?category=cash$/)
  await expect(page.getByLabel("Sort by")).toHaveValue("")

  // A shared link lands on the same view.
  const shared = await page.context().newPage()
  await shared.goto("/Competitions?category=cash&sort=price-low-high")
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("Cash")
  await expect(shared.getByLabel("Sort by")).toHaveValue("price-low-high")
  await expect(tileNames(shared)).toHaveText(cashByPrice)
  expect(await seriousViolations(shared)).toEqual([])
})

test("each sort puts the tiles in the server's order", async ({ page, request }) => {
  await page.goto("/Competitions")
  for (const [label, sortBy] of [
    ["Best odds", "BestOdds"],
    ["Newest", "Newest"],
    ["Ending soonest", "EndingSoonest"],
  ] as const) {
    await page.getByLabel("Sort by").selectOption({ label })
    const expected = (await apiList(request, `SortBy=${sortBy}`)).slice(0, 12).map((c) => c.name)
    await expect(tileNames(page)).toHaveText(expected)
  }
})

test("a new view shows that it is loading while the list is on its way", async ({ page }) => {
  await page.goto("/Competitions")
  await expect(tileNames(page).first()).toBeVisible()
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/api\/Competitions\?.*SortBy=BestOdds/, async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel("Sort by").selectOption({ label: "Best odds" })
  await expect(page.getByRole("status").filter({ hasText: "Loading competitions…" })).toBeVisible()
  release()
  await expect(page.getByRole("status").filter({ hasText: /\d+ competitions?/ })).toBeVisible()
  await expect(page).toHaveURL(/[?&]sort=best-odds/)
})

test("a competition's category links to everything in it", async ({ page, request }) => {
  const cash = await categoryId(request, "Cash")
  const [inCash] = await apiList(request, `CategoryId=${cash}&SortBy=EndingSoonest`)
  expect(inCash, "the demo data has a current cash competition").toBeDefined()
  await page.goto(`/Competitions/Competition/${inCash!.id}`)
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Cash" }).click()
  await expect(page).toHaveURL(/\/Competitions\?category=cash$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cash")
  await expect(tileNames(page).filter({ hasText: inCash!.name })).toHaveCount(1)
})

test("Ending soon lists only what is on sale, soonest close first", async ({ page, request }) => {
  const endingSoon = await apiList(request, "TimePeriod=EndingSoon")
  expect(endingSoon.length, "the demo data has competitions ending soon").toBeGreaterThan(1)
  for (const c of endingSoon) {
    expect(c.status, `${c.name} is open`).toBe(1)
    expect(c.ticketsSoldToDate, `${c.name} has tickets left`).toBeLessThan(c.totalTickets)
  }
  const closes = endingSoon.map((c) => Date.parse(c.closeDateTimeUtc))
  expect(closes).toEqual([...closes].sort((a, b) => a - b))

  await page.goto("/Competitions/UpcomingDraw")
  await expect(page.getByText("HURRY THESE COMPS END SOON!")).toBeVisible()
  await expect(tileNames(page)).toHaveText(endingSoon.map((c) => c.name))
  // Within three weeks but not for sale: sold out, and closed awaiting its draw.
  for (const name of ["PlayStation 5 Pro Bundle", "Masuri Test Helmet & Pads Bundle"])
    await expect(tileNames(page).filter({ hasText: name })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "SOLD OUT" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "DETAILS" })).toHaveCount(0)
})

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
