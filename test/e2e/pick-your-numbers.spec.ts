import { expect, type Page } from "@playwright/test"
import { test as staffTest } from "./back-office"
import {
  customerTest,
  GOOD_CARD,
  type ListedCompetition,
  listCompetitions,
  ticketNumbersIn,
} from "./support"

/**
 * Pick your numbers (docs/decisions/0080), on the desktop: a customer picks
 * two numbers from the grid of the demo's pick-your-numbers competition,
 * pays, and the order holds exactly those; staff switch the option on in
 * the competition editor, and are told why not on an instant-win one.
 */

const PICKABLE = "Lord's Test Match Hospitality for Two"

const payWith = async (page: Page, cardNumber: string) => {
  await expect(page.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await page.getByLabel("Card number").fill(cardNumber)
  await page.getByLabel("Cardholder name").fill("A Jones")
  await page.getByLabel("Expiry (MM/YY)").fill("1230")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay Now" }).click()
}

customerTest.skip(({ isMobile }) => isMobile, "the desktop journey")

customerTest(
  "a customer picks two numbers, pays, and the order holds exactly them",
  async ({ page }) => {
    customerTest.setTimeout(120_000)
    const competition = (await listCompetitions(page.request)).find((c) => c.name === PICKABLE)
    expect(competition, PICKABLE).toBeDefined()
    await page.goto(`/Competitions/Competition/${competition?.id ?? ""}`)
    // Lucky Dip stays the first way in.
    await expect(page.getByRole("button", { name: "Add to basket" })).toBeVisible()
    await page.getByRole("button", { name: "Choose numbers" }).click()

    const grid = page.getByRole("group", { name: /Free numbers, page 1/ })
    const first = grid.getByRole("button", { pressed: false }).first()
    await expect(first).toBeVisible()
    const picked: number[] = []
    for (let i = 0; i < 2; i++) {
      const n = Number(
        await grid
          .getByRole("button", { pressed: false })
          .nth(i === 0 ? 0 : 3)
          .textContent(),
      )
      // By its number, not its place: the grid may re-render as the last pick lands.
      await grid.getByRole("button", { name: `Number ${n}, free` }).click()
      picked.push(n)
      await expect(
        page
          .getByRole("group", { name: "Your numbers" })
          .getByRole("button", { name: `Number ${n}, picked. Press to let it go` }),
      ).toHaveAttribute("aria-pressed", "true")
    }
    await expect(page.getByText(/Held for you until \d\d:\d\d/)).toBeVisible()
    // Keyboard: the arrow keys move along the grid.
    await expect(grid.getByRole("button").first()).not.toHaveAttribute("aria-disabled", "true")
    await grid.getByRole("button").first().focus()
    await page.keyboard.press("ArrowRight")
    await expect(grid.getByRole("button").nth(1)).toBeFocused()

    await page.goto("/Checkout")
    await expect(page.getByRole("rowheader", { name: PICKABLE })).toBeVisible()
    await page.getByLabel("Address line 1").first().fill("St John's Wood Road")
    await page.getByLabel("Postcode").first().fill("NW8 8QN")
    await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()
    await expect(page).toHaveURL(/\/Checkout\/Payment\//, { timeout: 20_000 })
    await payWith(page, GOOD_CARD)
    await expect(page.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })

    const line = page.getByRole("row").filter({ hasText: PICKABLE })
    const shown = line.getByTestId("ticket-numbers").filter({ visible: true })
    expect(ticketNumbersIn((await shown.textContent()) ?? "")).toEqual(picked.sort((a, b) => a - b))
  },
)

staffTest.skip(({ isMobile }) => isMobile, "the desktop journey")

staffTest(
  "staff switch pick your numbers on, and not on an instant-win competition",
  async ({ page }) => {
    staffTest.setTimeout(90_000)
    const competitions = await listCompetitions(page.request)
    const standard = competitions.find(
      (c: ListedCompetition) =>
        c.status === 1 && c.instantWinGroups.length === 0 && c.name !== PICKABLE,
    )
    const instant = competitions.find((c: ListedCompetition) => c.instantWinGroups.length > 0)
    expect(standard).toBeDefined()
    expect(instant).toBeDefined()
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save changes" }) })
    const toggle = form.getByRole("checkbox", { name: "Customers may pick their numbers" })

    await page.goto(`/admin/competitions/${instant?.id ?? ""}`)
    await toggle.check()
    await form.getByRole("button", { name: "Save changes" }).click()
    await expect(
      form.getByText(
        "Pick your numbers cannot be switched on for a competition with instant wins: its winning numbers are public.",
      ),
    ).toBeVisible()

    await page.goto(`/admin/competitions/${standard?.id ?? ""}`)
    await toggle.check()
    await form.getByRole("button", { name: "Save changes" }).click()
    await expect(form.getByRole("status")).toHaveText("Saved")
    await page.reload()
    await expect(toggle).toBeChecked()

    await page.goto(`/Competitions/Competition/${standard?.id ?? ""}`)
    await expect(page.getByRole("heading", { name: "Or pick your numbers" })).toBeVisible()

    // Back off, as the demo had it.
    await page.goto(`/admin/competitions/${standard?.id ?? ""}`)
    await toggle.uncheck()
    await form.getByRole("button", { name: "Save changes" }).click()
    await expect(form.getByRole("status")).toHaveText("Saved")
  },
)
