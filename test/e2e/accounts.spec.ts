import { expect, type Page, type TestInfo, test } from "@playwright/test"

/**
 * Decision 0004's journey, on desktop and mobile: register -> verify the email
 * from the dev mailbox -> log out -> log in -> edit details -> change the
 * password -> log out -> the old password fails, the new one works. Each
 * project registers its own address, so both runs share one server.
 */

const LOGIN_FAILED = "Login failed - please check username and password are correct"
const PASSWORD_CHANGED =
  "Your password has been changed. You will need to use your new password the next time you log in."
const OLD_PASSWORD = "Howzat#2026"
const NEW_PASSWORD = "Stumped!2027"

const uniqueEmail = (testInfo: TestInfo) =>
  `journey-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile"

/** The login status: the top bar on desktop, the offcanvas menu on a phone. */
const expectLoggedInAs = async (page: Page, testInfo: TestInfo, name: string) => {
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click()
    const menu = page.getByRole("dialog", { name: "Menu" })
    await expect(menu.getByRole("link", { name })).toBeVisible()
    await menu.getByRole("button", { name: "Close menu" }).click()
    await expect(menu).toBeHidden()
  } else {
    await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible()
  }
}

const logOut = async (page: Page, testInfo: TestInfo) => {
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click()
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Logout" }).click()
  } else {
    await page.getByRole("button", { name: "Account menu" }).click()
    await page
      .getByRole("navigation", { name: "Account menu" })
      .getByRole("link", { name: "Logout" })
      .click()
  }
  await expect(page).toHaveURL(/\/$/)
  if (!isMobile(testInfo)) {
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Login", exact: true }),
    ).toBeVisible()
  }
}

const fillLogin = async (page: Page, email: string, password: string) => {
  await page.getByLabel("Email address").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "LOGIN", exact: true }).click()
}

test("a customer registers, verifies, logs in, edits details and changes password", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail(testInfo)

  // Register: every field's rule speaks as it is filled in (new-customer.spec.ts: when left empty).
  await page.goto("/Auth/Register")
  await expect(page).toHaveTitle("Howzat | Register")
  const register = page.getByRole("button", { name: "REGISTER" })
  await page.getByLabel("First name").fill("Ellyse")
  await page.getByLabel("Last name").fill("Perry")
  await page.getByLabel("Email address").fill(` ${email} `)
  await page.getByLabel("Password", { exact: true }).fill(OLD_PASSWORD)
  await page.getByLabel("Confirm password").fill(`${OLD_PASSWORD}x`)
  await expect(page.getByText("'Confirm Password' and 'Password' do not match.")).toBeVisible()
  await page.getByLabel("Confirm password").fill(OLD_PASSWORD)
  await page.getByLabel("Date of birth").fill("1990-09-03")
  await page.getByLabel("Phone number").fill("07700 900123")
  await page.getByLabel(/accept the terms and conditions/).check()
  await register.click()

  // Registering logs the customer in and goes home.
  await expect(page).toHaveURL(/\/$/)
  await expectLoggedInAs(page, testInfo, "Ellyse Perry")
  // Holding no tickets yet, they are invited to enter, not to "purchase more".
  await expect(page.getByRole("link", { name: "ENTER NOW" }).first()).toBeVisible()
  await expect(page.getByRole("link", { name: "PURCHASE MORE TICKETS" })).toHaveCount(0)

  // The verification email, from the dev mailbox page.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  const letter = page.locator('article[data-kind="VerifyEmail"]').first()
  await expect(letter).toContainText(email)
  await letter.getByRole("link", { name: /\?token=/ }).click()

  const verified = page.getByRole("dialog", { name: "Email verified" })
  await expect(verified).toBeVisible()
  await expect(verified).toContainText("Your email address has been verified.")
  await expect(verified.getByRole("link", { name: "Go to my account" })).toBeVisible()
  await verified.getByRole("button", { name: "Close" }).click()
  await expect(verified).toBeHidden()
  await expect(page).toHaveURL(/\/$/)

  await logOut(page, testInfo)

  // An account page sends an anonymous visitor to log in, and back again after.
  await page.goto("/Account/PersonalDetails")
  await expect(page).toHaveURL(/\/Auth\/Login\?returnUrl=%2FAccount%2FPersonalDetails$/)
  await fillLogin(page, email, OLD_PASSWORD)
  await expect(page).toHaveURL(/\/Account\/PersonalDetails$/)

  // Personal details: view-only, then edit, then saved and view-only again.
  const firstName = page.getByLabel("First name")
  await expect(firstName).toHaveValue("Ellyse")
  await expect(firstName).toBeDisabled()
  await expect(page.getByLabel("Email address")).toHaveValue(email)
  await page.getByRole("button", { name: "EDIT MY DETAILS" }).click()
  await firstName.fill("")
  await expect(page.getByText("First name is required")).toBeVisible()
  await firstName.fill("Meg")
  await page.getByLabel("Last name").fill("Lanning")
  await page.getByLabel("Phone number").fill("+44 7700 900456")
  await page.getByRole("button", { name: "SAVE DETAILS" }).click()
  await expect(page.getByText("Your details have been saved.")).toBeVisible()
  await expect(page.getByRole("button", { name: "EDIT MY DETAILS" })).toBeVisible()
  await expect(firstName).toBeDisabled()

  await page.reload()
  await expect(page.getByLabel("First name")).toHaveValue("Meg")
  await expect(page.getByLabel("Last name")).toHaveValue("Lanning")
  await expect(page.getByLabel("Phone number")).toHaveValue("+44 7700 900456")
  await expectLoggedInAs(page, testInfo, "Meg Lanning")

  // Change the password.
  await page.getByRole("link", { name: "Change password" }).click()
  await expect(page).toHaveURL(/\/Auth\/ChangePassword$/)
  await page.getByLabel("Current password").fill(OLD_PASSWORD)
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD)
  await page.getByRole("button", { name: "Change Password" }).click()
  await expect(page.getByText(PASSWORD_CHANGED)).toBeVisible()

  await logOut(page, testInfo)

  // The old password no longer works; the new one does.
  await page.goto("/Auth/Login")
  await fillLogin(page, email, OLD_PASSWORD)
  await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED)
  await expect(page).toHaveURL(/\/Auth\/Login$/)
  await page.getByLabel("Password").fill(NEW_PASSWORD)
  await page.getByRole("button", { name: "LOGIN", exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectLoggedInAs(page, testInfo, "Meg Lanning")
})

test("the login form shows errors once dirty, keeps LOGIN disabled while invalid, links to Forgot Password", async ({
  page,
}) => {
  await page.goto("/Auth/Login")
  const login = page.getByRole("button", { name: "LOGIN", exact: true })
  await expect(login).toBeDisabled()
  await page.getByLabel("Email address").fill("not an email")
  await expect(page.getByLabel("Email address")).toHaveValue("notanemail")
  await expect(page.getByText("The Email field is not a valid e-mail address.")).toBeVisible()
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true")
  await expect(login).toBeDisabled()
  await page.getByRole("link", { name: "Forgot Password" }).click()
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Request Password Reset" })).toBeDisabled()
})
