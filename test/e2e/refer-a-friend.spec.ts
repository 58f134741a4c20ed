import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import {
  answerSpendLimitBeforePayment,
  listCompetitions,
  openCompetition,
  PASSWORD,
  payThroughSandbox,
  placeOrderThroughApi,
  customerTest as test,
  uniqueEmail,
  xsrfHeader,
} from "./support"

/**
 * The referral journey (decision 0039): customer A shares the secret by
 * email, friend B registers through the link in that email and pays for £5
 * of tickets with the sandbox card, and both ledgers show +£5.00. A may
 * invite only once their email is verified and a purchase paid for
 * (decision 0065), so A does both first, with a card B never uses.
 */

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)

// The referrer: the invitation carries nothing of theirs but the link.
test.use({ customerName: { firstName: "Meg", lastName: "Lanning" } })

test("a friend invited by email joins, spends £5 and both earn £5", async ({
  page,
  browser,
  request,
  customer,
}, testInfo) => {
  test.setTimeout(180_000)
  const friendEmail = uniqueEmail(testInfo, "friend")
  await page.goto("/Account/ReferAFriend")
  await expect(page.getByRole("heading", { name: "Share the secret" })).toBeVisible()
  // New and unverified: the page says what it takes, not the form.
  await expect(
    page.getByText("You can invite friends once you have verified your email address"),
  ).toBeVisible()
  await expect(page.getByRole("button", { name: "Send invitations" })).toHaveCount(0)

  // Meg verifies her email from the dev mailbox and buys a ticket with the sandbox's credit card.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(customer.email)}`)
  await page
    .locator('article[data-kind="VerifyEmail"]')
    .first()
    .getByRole("link", { name: /\?token=/ })
    .click()
  await expect(page.getByRole("dialog", { name: "Email verified" })).toBeVisible()
  const noInstantWins = (await listCompetitions(request)).find(
    (c) =>
      c.status === 1 && c.instantWinGroups.length === 0 && c.totalTickets > c.ticketsSoldToDate,
  )
  if (!noInstantWins) throw new Error("the demo shop has no open competition without instant wins")
  const megs = { authorization: customer.headers.authorization, ...(await xsrfHeader(request)) }
  const order = await placeOrderThroughApi(request, megs, noInstantWins, 1)
  await payThroughSandbox(request, megs, order, "5555 5555 5555 4444")

  await page.goto("/Account/ReferAFriend")
  await expect(page.getByRole("heading", { name: "Share the secret" })).toBeVisible()
  await expect(page.getByText(/\/Auth\/Register\?ref=[A-Z0-9]{8}/)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // docs/product/validation.md: no new field until the last one holds a valid address.
  const add = page.getByRole("button", { name: "Add another email" })
  await expect(add).toBeDisabled()
  await page.getByRole("textbox", { name: "Friend's email 1" }).fill("not-an-email")
  await page.getByRole("textbox", { name: "Friend's email 1" }).blur()
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible()
  await expect(add).toBeDisabled()
  await page.getByRole("textbox", { name: "Friend's email 1" }).fill(friendEmail)
  await expect(add).toBeEnabled()
  await page.getByRole("button", { name: "Send invitations" }).click()
  await expect(page.getByText("Invitations sent: 1")).toBeVisible()

  // The friend's own browser: the invitation from the dev mailbox, then its link.
  const friendContext = await browser.newContext()
  const friend = await friendContext.newPage()
  await friend.goto(`/dev/mailbox?to=${encodeURIComponent(friendEmail)}`)
  const letter = friend.locator('article[data-kind="ReferralInvitation"]').first()
  await expect(letter).toContainText("A friend of yours thinks you would enjoy")
  await expect(letter).not.toContainText("Meg")
  await letter.getByRole("link", { name: /\/Auth\/Register\?ref=/ }).click()
  await expect(friend).toHaveURL(/\/Auth\/Register\?ref=/)
  await expect(friend.getByText("You were invited by a friend")).toBeVisible()
  await friend.getByLabel("First name").fill("Amelia")
  await friend.getByLabel("Last name").fill("Kerr")
  await friend.getByLabel("Email address").fill(friendEmail)
  await friend.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await friend.getByLabel("Confirm password").fill(PASSWORD)
  await friend.getByLabel("Date of birth").fill("2000-10-13")
  await friend.getByLabel("Phone number").fill("07700 900222")
  await friend.getByLabel(/accept the terms and conditions/).check()
  await friend.getByRole("button", { name: /register/i }).click()
  await expect(friend).toHaveURL(/\/$/)

  // £5 or more of tickets, paid with the sandbox's succeeding card.
  const competition = await openCompetition(request, testInfo.project.name === "mobile" ? 1 : 0)
  const quantity = Math.ceil(500 / competition.ticketPrice)
  expect(quantity).toBeLessThanOrEqual(competition.maxTicketsPerCustomer)
  await friend.goto(`/Competitions/Competition/${competition.id}`)
  await friend.getByRole("spinbutton", { name: "Number of tickets" }).fill(String(quantity))
  await friend.getByRole("button", { name: "Add to basket" }).click()
  await friend.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(friend).toHaveURL(/\/Checkout$/)
  await friend.getByLabel("Address line 1").first().fill("4 Wellington Road")
  await friend.getByLabel("Postcode").first().fill("NW8 9ST")
  await friend.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()
  // Registered with "I'll decide later": the spend-limit question comes before the first payment.
  await answerSpendLimitBeforePayment(friend)
  await expect(friend.getByRole("heading", { name: "CARD PAYMENT" })).toBeVisible()
  await friend.getByLabel("Card number").fill("4000 0566 5566 5556")
  await friend.getByLabel("Cardholder name").fill("A Kerr")
  await friend.getByLabel("Expiry (MM/YY)").fill("1230")
  await friend.getByLabel("Security code").fill("123")
  await friend.getByRole("button", { name: "Pay Now" }).click()
  await expect(friend.getByRole("heading", { name: "SUCCESS!" })).toBeVisible({ timeout: 20_000 })

  await friend.goto("/Account/SiteCredit")
  await expect(friend.getByRole("row").filter({ hasText: "Referral reward" })).toContainText(
    "+£5.00",
  )
  await friendContext.close()

  // The referrer's statement lists the reward, and the page shows the friend rewarded.
  await page.goto("/Account/SiteCredit")
  await expect(
    page.getByRole("row").filter({ hasText: "Referral reward: Amelia joined and played" }),
  ).toContainText("+£5.00")
  await page.goto("/Account/ReferAFriend")
  const joined = page.getByRole("listitem").filter({ hasText: "Amelia" })
  await expect(joined).toContainText("£5 reward paid")
})
