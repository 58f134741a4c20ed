import { expect, type Page, test } from "@playwright/test"
import { customerTest, DEMO_CUSTOMER, type ListedCompetition, listCompetitions } from "./support"

/**
 * Decision 0016, as decision 0024 left it: no page promises what the shop does not
 * do (a "random draw system", payouts "straight away", charity partners or
 * credit purchases), and what it now does (automatic, verifiable draws and
 * instant wins paid on payment) is said as it is.
 */

const UNTRUE = /random draw system|straight away|on the spot|very soon|charity partners/i

const money = (pence: number) =>
  `£${Math.floor(pence / 100).toLocaleString("en-GB")}.${String(pence % 100).padStart(2, "0")}`

const mainText = async (page: Page) => (await page.getByRole("main").textContent()) ?? ""

test("the FAQ and How it works say instant wins are paid on payment, with no claim to make", async ({
  page,
}) => {
  await page.goto("/FAQ")
  // all() does not wait: on a slow start it would find no questions yet and open none.
  await expect(page.locator("details summary").first()).toBeVisible()
  for (const question of await page.locator("details").all())
    await question.locator("summary").click()
  await expect(page.getByText("you win that prize the moment your order is paid")).toBeVisible()
  await expect(page.getByText("the others are drawn automatically")).toBeVisible()
  expect(await mainText(page)).not.toMatch(UNTRUE)
  expect(await mainText(page)).not.toContain("to claim it")
  expect(await mainText(page)).not.toContain("friend you refer")

  await page.goto("/")
  const howItWorks = page.getByRole("region", { name: "How it works" })
  await expect(howItWorks).toContainText("you win that prize the moment your order is paid")
  expect(await howItWorks.textContent()).not.toMatch(UNTRUE)
  expect(await howItWorks.textContent()).not.toContain("to claim it")
})

test("an automatic competition says it is drawn automatically, and how to check it", async ({
  page,
  request,
}) => {
  const listed = (await listCompetitions(request)) as (ListedCompetition & {
    drawType: string
  })[]
  const automatic = listed.find((c) => c.drawType === "Automatic" && c.status === 1)
  expect(automatic, "the demo data has an open competition of draw type Automatic").toBeDefined()
  await page.goto(`/Competitions/Competition/${automatic!.id}`)
  await expect(page.getByRole("listitem").filter({ hasText: /^Automatic draw$/ })).toBeVisible()
  await page.getByText("Competition Rules").click()
  await expect(page.getByText("The winner will be drawn automatically on")).toBeVisible()
  await expect(page.getByText("Every draw can be checked")).toBeVisible()
  expect(await mainText(page)).not.toMatch(UNTRUE)
})

test("checkout and the basket offer no round-up without a charity, and the shop charges none", async ({
  page,
  request,
}) => {
  const competition = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )!
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("1")
  await page.getByRole("button", { name: "Add to basket" }).click()
  const panel = page.getByRole("dialog", { name: "Your Basket" })
  await expect(panel.getByRole("link", { name: competition.name })).toBeVisible()
  await expect(panel.getByText(/round-up/i)).toHaveCount(0)

  // Asked for through the API all the same (another client, or an old tab): the shop ignores it.
  const basketId = await page.evaluate(() => localStorage.getItem("BasketId"))
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? ""
  const roundedUp = await page.request.put(`/api/Baskets/${basketId}`, {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: { charitableDonation: { autoRoundup: true }, siteCreditDebitAmount: 0 },
  })
  expect(roundedUp.ok()).toBe(true)
  const asked = (await roundedUp.json()) as {
    basket: { charitableDonation: { autoRoundup: boolean; charity: unknown; value: number } }
  }
  expect(asked.basket.charitableDonation).toEqual({ autoRoundup: false, charity: null, value: 0 })

  await page.goto("/Checkout")
  await expect(page.getByRole("button", { name: "PROCEED TO PAYMENT" })).toBeVisible()
  await expect(page.getByTestId("total-to-pay")).toHaveText(money(competition.ticketPrice))
  await expect(page.getByText(/round up/i)).toHaveCount(0)
  expect(await mainText(page)).not.toMatch(UNTRUE)
})

customerTest.describe(() => {
  customerTest.use({ customerAccount: DEMO_CUSTOMER })

  customerTest("the site credit page claims nothing untrue", async ({ page }) => {
    await page.goto("/Account/SiteCredit")
    await expect(page.getByText("Your balance")).toBeVisible()
    await expect(page.getByText("choose how much of it to use at checkout")).toBeVisible()
    expect(await mainText(page)).not.toMatch(UNTRUE)
  })
})
