import { expect, test } from "@playwright/test"
import {
  customerTest,
  listCompetitions,
  PASSWORD,
  placeOrderThroughApi,
  uniqueEmail,
} from "./support"

/** What a new customer meets (decision 0016): the storefront's findings, each checked in Chromium. */

test("a sold-out competition's tile says SOLD OUT and links to its details", async ({
  page,
  request,
}) => {
  const soldOut = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.ticketsSoldToDate >= c.totalTickets,
  )
  expect(soldOut, "the demo data has a sold-out competition").toBeDefined()
  await page.goto("/")
  const tile = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: soldOut!.name }) })
  await expect(tile.getByRole("link", { name: /^SOLD OUT/ })).toBeVisible()
  await expect(tile.getByRole("link", { name: "ENTER NOW" })).toHaveCount(0)
  await tile.getByRole("link", { name: /^SOLD OUT/ }).click()
  await expect(page).toHaveURL(new RegExp(`/Competitions/Competition/${soldOut!.id}$`))
  await expect(page.getByText("Sold out!")).toBeVisible()
})

test("Esc closes the basket panel and focus returns to the basket button", async ({
  page,
  request,
}) => {
  const open = (await listCompetitions(request)).find(
    (c) => c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 10,
  )
  expect(open).toBeDefined()
  await page.goto(`/Competitions/Competition/${open!.id}`)
  const panel = page.getByRole("dialog", { name: "Your Basket" })
  const basketButton = page.getByTestId("basket-button")

  // Opened by adding tickets: the Add button is disabled while it works, so it cannot take focus back.
  await page.getByRole("spinbutton", { name: "Number of tickets" }).fill("1")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await expect(panel.getByRole("link", { name: open!.name })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(basketButton).toBeFocused()

  // Opened from the top bar by keyboard.
  await page.keyboard.press("Enter")
  await expect(panel).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(basketButton).toBeFocused()

  // Removing the last line takes its focused button with it: focus stays in the panel.
  await page.keyboard.press("Enter")
  await expect(panel.locator("output")).toHaveText(/^1/)
  await panel.getByRole("button", { name: `One ticket fewer for ${open!.name}` }).press("Enter")
  const confirm = page.getByRole("dialog", { name: "Remove from basket?" })
  await confirm.getByRole("button", { name: "Yes" }).press("Enter")
  await expect(panel.getByText("Your Basket is empty")).toBeVisible()
  await expect(panel.getByRole("button", { name: "Close basket" })).toBeFocused()
})

customerTest(
  "the ticket selector counts earlier orders when the basket has none of the competition",
  async ({ page, request, customer }) => {
    const fifty = (await listCompetitions(request)).find(
      (c) =>
        c.status === 1 &&
        c.maxTicketsPerCustomer === 50 &&
        c.totalTickets - c.ticketsSoldToDate > 120,
    )
    expect(fifty, "the demo data has an open competition with 50 per person").toBeDefined()
    const competition = fifty!
    const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })

    // The customer ordered 2 earlier (with the storefront's calls, from another basket);
    // the unpaid order already holds them.
    await placeOrderThroughApi(page.request, customer.headers, competition, 2)

    // On the competition with an empty basket: 48 may be added, and the page says why.
    await page.goto(`/Competitions/Competition/${competition.id}`)
    await expect(
      page.getByText("You already hold 2 tickets in this competition: you can add up to 48 more."),
    ).toBeVisible()
    await expect(quantity).toHaveAttribute("max", "48")
    await quantity.fill("50")
    await quantity.blur()
    await expect(quantity).toHaveValue("48")
    await page.getByRole("button", { name: "Add to basket" }).click()
    await expect(page.getByRole("dialog", { name: "Your Basket" }).locator("output")).toHaveText(
      /^48/,
    )
  },
)

test("an anonymous visit makes no refresh call and logs no error; a signed-in reload stays signed in", async ({
  page,
}) => {
  const errors: string[] = []
  const refreshes: string[] = []
  // The browser's own "Failed to load resource" line names no address, so failed
  // responses are listed by URL instead. Uploaded images are left out: other
  // journeys add and delete them on the shared demo shop while this one runs.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text())
  })
  page.on("response", (response) => {
    if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith("/files/"))
      errors.push(`${response.status()} ${response.url()}`)
  })
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/refresh-token")) refreshes.push(request.url())
  })

  await page.goto("/")
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  await page.getByRole("link", { name: "ENTER NOW", exact: true }).first().click()
  await expect(page.getByRole("button", { name: "Add to basket" })).toBeVisible()
  expect(refreshes).toEqual([])
  expect(errors).toEqual([])

  await page.goto("/Auth/Login")
  await page.getByLabel("Email address").fill("demo@howzat.example")
  await page.getByLabel("Password").fill("Howzat!2026")
  await page.getByRole("button", { name: "LOGIN", exact: true }).click()
  await expect(page).toHaveURL(/\/$/)

  // A reload restores the session from the refresh cookie: one refresh call.
  await page.goto("/Account/PersonalDetails")
  await expect(page).toHaveURL(/\/Account\/PersonalDetails$/)
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveValue(
    "demo@howzat.example",
  )
  expect(refreshes).toHaveLength(1)

  // Logged out (the logout page is opened afresh, so it restores the session first),
  // the next visit asks nothing again.
  await page.goto("/Auth/Logout")
  await expect(page).toHaveURL(/\/$/)
  const beforeReload = refreshes.length
  await page.reload()
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  expect(refreshes).toHaveLength(beforeReload)
  expect(errors).toEqual([])
})

test("registration says what each field needs once left or on REGISTER, then where the verification email went, with Resend", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const email = uniqueEmail(testInfo, "verify")
  await page.goto("/Auth/Register")
  const register = page.getByRole("button", { name: "REGISTER" })
  // Pressable from the start: a grey button says nothing about what is missing.
  await expect(register).toBeEnabled()

  // Tabbing through empty fields: each says what it needs once left, and no sooner.
  await page.getByLabel("First name").focus()
  await page.keyboard.press("Tab")
  await expect(page.getByText("First name is required", { exact: true })).toBeVisible()
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true")
  await expect(page.getByText("Last name is required", { exact: true })).toHaveCount(0)
  await page.keyboard.press("Tab")
  await expect(page.getByText("Last name is required", { exact: true })).toBeVisible()
  await page.keyboard.press("Tab")
  await expect(page.getByText("A valid email address is required", { exact: true })).toBeVisible()
  await expect(page.getByText("Please confirm password", { exact: true })).toHaveCount(0)

  // REGISTER with fields still to fix: every message shows, focus goes to the first of them.
  await page.getByLabel("Last name").fill("Knight")
  await expect(page.getByText("Last name is required", { exact: true })).toHaveCount(0)
  await register.click()
  for (const message of [
    "First name is required",
    "A valid email address is required",
    "A valid new password is required",
    "Please confirm password",
    "You must provide your date of birth for age verification",
    "You must provide your telephone number in case we need to contact you regarding any prizes won.",
    "You must accept our terms and conditions to register.",
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  await expect(page.getByLabel("First name")).toBeFocused()
  await expect(page).toHaveURL(/\/Auth\/Register$/)

  await page.getByLabel("First name").fill("Heather")
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm password").fill(PASSWORD)
  await page.getByLabel("Date of birth").fill("1990-12-26")
  await page.getByLabel("Phone number").fill("07700 900321")
  await page.getByLabel(/accept the terms and conditions/).check()
  await register.click()

  // Signed in and home, told where the verification email went.
  await expect(page).toHaveURL(/\/$/)
  const notice = page.getByRole("region", { name: "Please verify your email address" })
  await expect(notice).toContainText(
    `We've sent a verification email to ${email}. Please click the link in it to verify your address.`,
  )

  // Resend mails another; the shop sends three more an hour, and says so on the fourth.
  const resend = notice.getByRole("button", { name: "Resend" })
  for (let sent = 1; sent <= 3; sent++) {
    await resend.click()
    await expect(notice.getByText(/^Sent again\. We've sent a verification email to/)).toBeVisible()
    await expect(resend).toBeEnabled()
  }
  await resend.click()
  await expect(notice.getByRole("alert")).toHaveText(
    /^We couldn't send another email just now\. Too many attempts\. Please try again in \d+ minutes?\.$/,
  )

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  await expect(page.locator('article[data-kind="VerifyEmail"]')).toHaveCount(4)
})
