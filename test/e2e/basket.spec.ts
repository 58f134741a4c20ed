import { type APIRequestContext, expect, type Page, test } from "@playwright/test"
import {
  customerTest,
  type ListedCompetition,
  placeOrderThroughApi,
  signInThroughApi,
} from "./support"

/**
 * The basket of docs/product/screens.md and docs/product/states.md: a visitor adds tickets from a competition
 * page, the top bar and the slide-in panel show them, the quantity buttons
 * change them, and taking the last one away asks first.
 */

const money = (pence: number) =>
  `£${Math.floor(pence / 100).toLocaleString("en-GB")}.${String(pence % 100).padStart(2, "0")}`

/** A competition on sale with room for several tickets for anyone. */
const openCompetition = async (request: APIRequestContext) => {
  const response = await request.get("/api/Competitions?PageSize=100")
  expect(response.ok()).toBe(true)
  const { competitions } = (await response.json()) as { competitions: ListedCompetition[] }
  const open = competitions.filter(
    (c) =>
      c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 50 && c.maxTicketsPerCustomer >= 5,
  )
  expect(open.length).toBeGreaterThan(0)
  return open.at(-1) as ListedCompetition
}

const basketButton = (page: Page) => page.getByTestId("basket-button")
const panel = (page: Page) => page.getByRole("dialog", { name: "Your Basket" })

test("a visitor adds tickets, changes the quantity and removes them after confirming", async ({
  page,
  request,
}) => {
  const competition = await openCompetition(request)
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await expect(page.getByRole("heading", { name: competition.name, level: 1 })).toBeVisible()
  await expect(basketButton(page)).toContainText("0")

  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("3")
  await page.getByRole("button", { name: "Add to basket" }).click()

  // The panel opens with the line, its total and the countdown; the top bar counts one item.
  const basket = panel(page)
  await expect(basket).toBeVisible()
  await expect(basket.getByRole("link", { name: competition.name })).toBeVisible()
  await expect(basket.getByText("COMPETITION CLOSES IN")).toBeVisible()
  await expect(basket.locator("output")).toHaveText(/^3/)
  await expect(basket.getByText(money(3 * competition.ticketPrice)).first()).toBeVisible()
  await expect(basketButton(page)).toContainText(money(3 * competition.ticketPrice))
  await expect(basketButton(page)).toContainText("1 item")

  await basket.getByRole("button", { name: `One more ticket for ${competition.name}` }).click()
  await expect(basket.locator("output")).toHaveText(/^4/)
  await expect(basketButton(page)).toContainText(money(4 * competition.ticketPrice))

  await basket.getByRole("button", { name: "Close basket" }).click()
  await expect(basket).toBeHidden()

  // The basket outlives a reload: its id is kept in the browser.
  await page.reload()
  await expect(basketButton(page)).toContainText(money(4 * competition.ticketPrice))
  await basketButton(page).click()
  await expect(basket).toBeVisible()

  // Down to one, then the − asks before taking the last one away; "No" keeps it.
  const fewer = basket.getByRole("button", { name: `One ticket fewer for ${competition.name}` })
  for (const left of [3, 2, 1]) {
    await fewer.click()
    await expect(basket.locator("output")).toHaveText(new RegExp(`^${left}`))
  }
  await fewer.click()
  const confirm = page.getByRole("dialog", { name: "Remove from basket?" })
  await expect(
    confirm.getByText("Are you sure you want to remove your chance of winning this competition?"),
  ).toBeVisible()
  await confirm.getByRole("button", { name: "No, I want to keep this. Whoops!" }).click()
  await expect(confirm).toBeHidden()
  await expect(basket.locator("output")).toHaveText(/^1/)

  await fewer.click()
  await confirm.getByRole("button", { name: "Yes" }).click()
  await expect(basket.getByText("Your Basket is empty")).toBeVisible()
  await expect(basketButton(page)).toContainText("£0.00")
})

test("/Basket shows the same basket as a page, and checkout is only reached through it", async ({
  page,
  request,
}) => {
  const competition = await openCompetition(request)
  await page.goto("/Basket")
  await expect(page.getByRole("heading", { name: "Your Basket", level: 1 })).toBeVisible()
  await expect(page.getByRole("main").getByText("Your Basket is empty")).toBeVisible()

  await page.goto(`/Competitions/Competition/${competition.id}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("2")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await panel(page).getByRole("link", { name: "VIEW BASKET" }).click()
  await expect(page).toHaveURL(/\/Basket$/)
  const main = page.getByRole("main")
  await expect(main.getByRole("link", { name: competition.name })).toBeVisible()
  await expect(main.getByText(money(2 * competition.ticketPrice)).first()).toBeVisible()

  await main.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)
  await expect(page.getByText("TOTAL TO PAY")).toBeVisible()
  await expect(page.getByText("No valid promotion codes have been registered.")).toBeVisible()
  await expect(basketButton(page)).toBeDisabled()
  await expect(basketButton(page)).toHaveAttribute(
    "title",
    "Your basket is not available from this page",
  )

  // Nothing typed: the form says so rather than sending anything.
  await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()
  await expect(page.getByText("Form has one or more invalid fields.")).toBeVisible()
  await expect(page.getByText("First name is required")).toBeVisible()
  await expect(page).toHaveURL(/\/Checkout$/)
})

test("the ticket selector counts the basket towards the per-person maximum", async ({
  page,
  request,
}) => {
  const response = await request.get("/api/Competitions?PageSize=100")
  const { competitions } = (await response.json()) as { competitions: ListedCompetition[] }
  const small = competitions.find(
    (c) =>
      c.status === 1 &&
      c.maxTicketsPerCustomer >= 3 &&
      c.maxTicketsPerCustomer <= 10 &&
      c.totalTickets - c.ticketsSoldToDate >= 4 * c.maxTicketsPerCustomer,
  )
  expect(small).toBeDefined()
  const c = small as ListedCompetition
  const max = c.maxTicketsPerCustomer

  await page.goto(`/Competitions/Competition/${c.id}`)
  const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })
  await quantity.fill("2")
  await page.getByRole("button", { name: "Add to basket" }).click()
  const basket = panel(page)
  await expect(basket.locator("output")).toHaveText(/^2/)
  await basket.getByRole("button", { name: "Close basket" }).click()

  // Only what is left of the allowance can be chosen now.
  await expect(quantity).toHaveAttribute("max", String(max - 2))
  await quantity.fill(String(max))
  await quantity.blur()
  await expect(quantity).toHaveValue(String(max - 2))
  await page.getByRole("button", { name: "Add to basket" }).click()
  await expect(basket.locator("output")).toHaveText(new RegExp(`^${max}`))
  await expect(basket.getByRole("button", { name: `One more ticket for ${c.name}` })).toBeDisabled()
  await basket.getByRole("button", { name: "Close basket" }).click()

  await expect(
    page.getByText(
      `Your basket has reached the maximum number of tickets per person in this competition (${max}).`,
    ),
  ).toBeVisible()
  await expect(page.getByRole("button", { name: "Add to basket" })).toHaveCount(0)
})

const addTickets = async (page: Page, competition: ListedCompetition, quantity: number) => {
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill(String(quantity))
  await page.getByRole("button", { name: "Add to basket" }).click()
  await expect(panel(page).getByRole("link", { name: competition.name })).toBeVisible()
  await panel(page).getByRole("button", { name: "Close basket" }).click()
}

customerTest(
  "checkout says which competitions could not be allocated, and why",
  async ({ page, request, customer }) => {
    customerTest.setTimeout(90_000)
    const response = await request.get("/api/Competitions?PageSize=100")
    const { competitions } = (await response.json()) as { competitions: ListedCompetition[] }
    const onSale = competitions.filter((c) => c.status === 1)
    const limited = onSale.find(
      (c) => c.maxTicketsPerCustomer <= 10 && c.totalTickets - c.ticketsSoldToDate >= 30,
    ) as ListedCompetition
    const plenty = onSale.find(
      (c) => c.id !== limited.id && c.totalTickets - c.ticketsSoldToDate >= 1000,
    ) as ListedCompetition
    expect(limited).toBeDefined()
    expect(plenty).toBeDefined()

    // Tab one: a signed-in customer fills a basket with their whole allowance of one competition.
    await addTickets(page, limited, limited.maxTicketsPerCustomer)
    await addTickets(page, plenty, 1)

    // Meanwhile, on another device (a session of its own, the storefront's calls), the same
    // customer checks out their allowance first.
    const otherDevice = await signInThroughApi(request, customer)
    await placeOrderThroughApi(request, otherDevice.headers, limited, limited.maxTicketsPerCustomer)

    // Back on tab one: the limited competition cannot be allocated; the rest goes ahead.
    await page.goto("/Checkout")
    await expect(page.getByRole("rowheader", { name: plenty.name })).toBeVisible()
    await page.getByLabel("Address line 1").first().fill("2 Bramall Lane")
    await page.getByLabel("Postcode").first().fill("S2 4SU")
    await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()
    const changes = page.getByRole("dialog", { name: "Changes to your basket" })
    await expect(
      changes.getByText(
        "Sorry, but we couldn't allocate all of the items in your basket. It's possible you've either reached your allowance, or that the competitions are now closed/sold out",
      ),
    ).toBeVisible()
    await expect(changes.getByRole("listitem")).toHaveCount(1)
    await expect(changes.getByRole("listitem")).toContainText(`${limited.name}: `)
    await changes.getByRole("button", { name: "OK" }).click()
    await expect(page).toHaveURL(/\/Checkout\/Payment\//, { timeout: 20_000 })
    await expect(basketButton(page)).toContainText("£0.00")

    // The new basket has no line for it, but the selector counts the orders (decision 0016).
    await page.goto(`/Competitions/Competition/${limited.id}`)
    await expect(
      page.getByText(
        `You have purchased the maximum number of tickets per person in this competition (${limited.maxTicketsPerCustomer}).`,
      ),
    ).toBeVisible()
    await expect(page.getByRole("button", { name: "Add to basket" })).toHaveCount(0)
    await expect(basketButton(page)).toContainText("£0.00")
  },
)

test("one voucher code per order: a replacement is said, and a smaller discount is asked about first", async ({
  page,
  request,
}) => {
  // A basket of at least £15, where HOWZAT10's 10% takes more off than BOUNDARY's £1.
  const response = await request.get("/api/Competitions?PageSize=100")
  const { competitions } = (await response.json()) as { competitions: ListedCompetition[] }
  const quantityFor = (c: ListedCompetition) => Math.ceil(1500 / c.ticketPrice)
  const competition = competitions.find(
    (c) =>
      c.status === 1 &&
      c.ticketPrice > 0 &&
      quantityFor(c) <=
        Math.min(c.maxTicketsPerCustomer, c.totalTickets - c.ticketsSoldToDate - 20),
  )
  expect(competition, "an open competition with room for £15 of tickets").toBeDefined()
  const c = competition as ListedCompetition
  const quantity = quantityFor(c)
  const total = quantity * c.ticketPrice
  const tenPercent = Math.floor(total / 10)

  await page.goto(`/Competitions/Competition/${c.id}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill(String(quantity))
  await page.getByRole("button", { name: "Add to basket" }).click()
  await panel(page).getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)

  const code = page.getByLabel("Voucher code")
  const apply = page.getByRole("button", { name: "APPLY" })
  const toPay = page.getByTestId("total-to-pay")
  await code.fill("howzat10")
  await apply.click()
  await expect(
    page.getByText("Code(s) HOWZAT10 registered against your order.", { exact: false }),
  ).toBeVisible()
  await expect(toPay).toHaveText(money(total - tenPercent))

  // A code worth less: nothing changes until the customer chooses.
  await code.fill("BOUNDARY")
  await apply.click()
  const offer = page.getByTestId("voucher-offer")
  await expect(offer).toContainText(
    `BOUNDARY would take £1.00 off, less than the ${money(tenPercent)} HOWZAT10 takes off now. Only one code per order, so HOWZAT10 stays unless you choose to replace it.`,
  )
  await expect(toPay).toHaveText(money(total - tenPercent))
  await offer.getByRole("button", { name: "Keep HOWZAT10" }).click()
  await expect(offer).toBeHidden()
  await expect(toPay).toHaveText(money(total - tenPercent))

  // Chosen: swapped, and said.
  await code.fill("BOUNDARY")
  await apply.click()
  await offer.getByRole("button", { name: "Use BOUNDARY instead" }).click()
  await expect(page.getByText("BOUNDARY replaced HOWZAT10 (only one code per order)")).toBeVisible()
  await expect(
    page.getByText("Code(s) BOUNDARY registered against your order.", { exact: false }),
  ).toBeVisible()
  await expect(toPay).toHaveText(money(total - 100))

  // A code worth more replaces without asking, and says so too.
  await code.fill("HOWZAT10")
  await apply.click()
  await expect(page.getByText("HOWZAT10 replaced BOUNDARY (only one code per order)")).toBeVisible()
  await expect(toPay).toHaveText(money(total - tenPercent))
})
