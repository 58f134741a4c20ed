import AxeBuilder from "@axe-core/playwright"
import { expect, type Page, type TestInfo, test } from "@playwright/test"

/**
 * Decision 0037 on desktop and mobile: the contact form delivers (the
 * care mailbox and the sender's acknowledgement in /dev/mailbox), says
 * docs/product/validation.md's words, shows docs/product/errors.md's failure wording only when delivery
 * fails, and the login page mails a link that signs the customer in.
 */
const CARE = "help@howzat.example"
const FAILURE =
  "Sorry, we weren't able to pass on your message at this time. Please try again soon, or mail us here."

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }))

const uniqueEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

const fillContact = async (page: Page, email: string, message: string) => {
  await page.getByLabel("First name").fill("Tammy")
  await page.getByLabel("Last name").fill("Beaumont")
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("Phone number").fill("07700 900456")
  await page.getByLabel("Message").fill(message)
}

test("a visitor's message reaches customer care, and they are thanked", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "contact")
  const message = `Has my postal entry arrived? (${email})`
  await page.goto("/Home/Contact")
  await expect(page).toHaveTitle("Howzat | Contact Us")
  const send = page.getByRole("button", { name: "Send message" })
  await expect(send).toBeDisabled()

  // docs/product/validation.md's words under a field, once it is touched.
  await page.getByLabel("Phone number").fill("12345")
  await expect(page.getByText("Please enter a valid UK phone number.")).toBeVisible()
  await page.getByLabel("Message").fill(" ")
  await page.getByLabel("Message").blur()
  await expect(page.getByText("You must include a message.")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await fillContact(page, email, message)
  await expect(send).toBeEnabled()
  await send.click()
  await expect(page.getByRole("heading", { name: "Thank you for contacting Howzat" })).toBeVisible()
  await expect(page.getByText("It won't be long until we reply.")).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The care team's copy and the sender's acknowledgement, from the dev mailbox.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(CARE)}`)
  const care = page.locator('article[data-kind="ContactMessage"]', { hasText: email })
  await expect(care).toContainText(message)
  await expect(care).toContainText("07700 900456")
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  await expect(page.locator('article[data-kind="ContactAcknowledgement"]')).toContainText(
    "Thank you for contacting Howzat",
  )
})

test("when the message can't be passed on, the visitor is told, with a mailto, and keeps it", async ({
  page,
}, testInfo) => {
  await page.route("**/api/Contact", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "down",
      }),
    }),
  )
  const email = uniqueEmail(testInfo, "contact-down")
  await page.goto("/Home/Contact")
  await expect(page).toHaveTitle("Howzat | Contact Us")
  await fillContact(page, email, "Please don't lose this.")
  await page.getByRole("button", { name: "Send message" }).click()
  const alert = page.getByRole("alert")
  await expect(alert).toHaveText(FAILURE)
  await expect(alert.getByRole("link", { name: "here" })).toHaveAttribute(
    "href",
    /^mailto:help@howzat\.example\?subject=/,
  )
  // Nothing typed is lost; sending again is possible.
  await expect(page.getByLabel("Message")).toHaveValue("Please don't lose this.")
  await expect(page.getByLabel("Email address")).toHaveValue(email)
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled()
})

/** A customer of this run's own (through the API, as the register page does), so runs never share a link. */
const registerCustomer = async (page: Page, email: string) => {
  await page.goto("/")
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value
  const response = await page.request.post("/api/Customers", {
    headers: { "x-xsrf-token": xsrf ?? "" },
    data: {
      firstName: "Nat",
      lastName: "Sciver",
      emailAddress: email,
      password: "Howzat#2026",
      confirmPassword: "Howzat#2026",
      telephoneNumber: "07700 900789",
      dateOfBirth: "1992-08-20",
      acceptTerms: true,
    },
  })
  expect(response.status()).toBe(200)
  // Registering signs in; the journey starts signed out.
  await page.context().clearCookies({ name: "howzat_refresh" })
}

test("the login page emails a link that signs the customer in", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "login-link")
  await registerCustomer(page, email)
  await page.goto("/Auth/Login")
  await expect(page).toHaveTitle("Howzat | Login")
  // Without an address, the email field says what it needs and nothing is sent.
  await page.getByRole("button", { name: "Email me a login link" }).click()
  await expect(page.getByText("A valid email address is required")).toBeVisible()
  await expect(page.getByLabel("Email address")).toBeFocused()
  await page.getByLabel("Email address").fill(email)
  await page.getByRole("button", { name: "Email me a login link" }).click()
  await expect(
    page.getByRole("status").filter({ hasText: "If an account exists for that email address" }),
  ).toHaveText("If an account exists for that email address, we have emailed it a link to log in.")
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  const letter = page.locator('article[data-kind="LoginLink"]').first()
  const link = letter.getByRole("link", { name: /\/Auth\/Login\?token=/ })
  await expect(link).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(/\/$/)
  // Signed in: the contact form now knows who is writing.
  await page.goto("/Home/Contact")
  await expect(page.getByLabel("Email address")).toHaveValue(email)
  await expect(page.getByLabel("First name")).toHaveValue("Nat")
  await expect(page.getByLabel("Phone number")).toHaveValue("07700 900789")
})
