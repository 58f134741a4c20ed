import AxeBuilder from "@axe-core/playwright"
import { type BrowserContext, expect, type Page, test } from "@playwright/test"
import { CONSENT_STORAGE_KEY } from "../../apps/web/src/consent/consent"
import { openCompetition } from "./support"

/**
 * Cookie consent (decision 0040), met as a first-time visitor:
 * these journeys start from an empty browser, not the answered banner every
 * other journey starts with (playwright.config.ts).
 */
test.use({ storageState: { cookies: [], origins: [] } })

/** The storage a visitor's browser may hold before answering: what the shop cannot work without. */
const NECESSARY_STORAGE = new Set(["BasketId", "BasketChanged", "BasketOwner", "howzat-theme"])
const NECESSARY_COOKIES = new Set(["XSRF-TOKEN"])

const bannerOf = (page: Page) => page.getByRole("region", { name: "Cookies on Howzat" })

const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }))

const storedConsent = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as Record<string, unknown> | null,
    CONSENT_STORAGE_KEY,
  )

const cookieNames = async (context: BrowserContext) =>
  (await context.cookies()).map((cookie) => cookie.name)

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include("#cookie-banner").analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)

test("a first visit sets nothing optional and loads no third-party script before an answer", async ({
  page,
  context,
  baseURL,
}) => {
  const elsewhere: string[] = []
  page.on("request", (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith("data:"))
      elsewhere.push(request.url())
  })
  await page.goto("/")
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  const banner = bannerOf(page)
  await expect(banner).toBeVisible()
  // The page stays usable behind it: a competition link can still be followed.
  await expect(page.getByRole("button", { name: "Accept all" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Reject all" })).toBeVisible()

  for (const name of await cookieNames(context)) expect(NECESSARY_COOKIES).toContain(name)
  const { local, session } = await storageKeys(page)
  for (const key of local) expect(NECESSARY_STORAGE).toContain(key)
  expect(local).not.toContain(CONSENT_STORAGE_KEY)
  expect(session.filter((key) => !key.startsWith("tsr-"))).toEqual([])
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll("script[src]")].map((s) => (s as HTMLScriptElement).src),
  )
  for (const src of scripts) expect(src.startsWith(`${baseURL}/`)).toBe(true)
  expect(elsewhere).toEqual([])

  // Accept and reject look the same and sit side by side.
  const accept = await page.getByRole("button", { name: "Accept all" }).getAttribute("class")
  expect(await page.getByRole("button", { name: "Reject all" }).getAttribute("class")).toBe(accept)

  // On a phone it sits above the bottom bar, never over it.
  const bottomBar = page.getByRole("navigation", { name: "Quick links" })
  if (await bottomBar.isVisible()) {
    const bar = await bottomBar.boundingBox()
    const box = await banner.boundingBox()
    expect(box && bar && box.y + box.height <= bar.y + 1).toBe(true)
  }
  expect(await seriousViolations(page)).toEqual([])

  // It stays, page after page, until answered.
  await page.goto("/FAQ")
  await expect(bannerOf(page)).toBeVisible()
})

test("Reject all by keyboard closes the banner and is remembered", async ({ page, context }) => {
  await page.goto("/")
  await expect(bannerOf(page)).toBeVisible()
  // First in the page's order after the skip link: a keyboard meets it at once.
  const reject = page.getByRole("button", { name: "Reject all" })
  for (let presses = 0; presses < 6; presses++) {
    await page.keyboard.press("Tab")
    if (await reject.evaluate((el) => el === document.activeElement)) break
  }
  await expect(reject).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(bannerOf(page)).toHaveCount(0)
  // Focus is not lost with the button: it lands on the page's content.
  await expect(page.locator("#main")).toBeFocused()
  expect(await storedConsent(page)).toMatchObject({
    version: 1,
    statistics: false,
    marketing: false,
  })
  await page.reload()
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  await expect(bannerOf(page)).toHaveCount(0)
  for (const name of await cookieNames(context)) expect(NECESSARY_COOKIES).toContain(name)
})

test("Accept all is remembered; Cookie settings reopens it and consent can be withdrawn", async ({
  page,
}) => {
  await page.goto("/")
  await page.getByRole("button", { name: "Accept all" }).click()
  await expect(bannerOf(page)).toHaveCount(0)
  const accepted = await storedConsent(page)
  expect(accepted).toMatchObject({ statistics: true, marketing: true })
  expect(Number.isNaN(Date.parse(String(accepted?.decidedAt)))).toBe(false)
  await page.reload()
  await expect(page.getByText(/\d+% sold/).first()).toBeVisible()
  await expect(bannerOf(page)).toHaveCount(0)

  // The footer's control reopens it with the choices showing the answer that holds.
  const settings = page.getByRole("button", { name: "Cookie settings" })
  await settings.click()
  const banner = bannerOf(page)
  await expect(banner).toBeVisible()
  await expect(banner.getByRole("heading", { name: "Cookies on Howzat" })).toBeFocused()
  await expect(banner.getByLabel("Necessary (always on)")).toBeDisabled()
  await expect(banner.getByLabel("Statistics")).toBeChecked()
  await expect(banner.getByLabel("Marketing")).toBeChecked()
  // Escape leaves a reopened banner unchanged.
  await page.keyboard.press("Escape")
  await expect(banner).toHaveCount(0)
  await expect(settings).toBeFocused()
  expect(await storedConsent(page)).toMatchObject({ statistics: true, marketing: true })

  // Withdrawing: no reload needed, and focus goes back to the control.
  await settings.click()
  await banner.getByLabel("Statistics").uncheck()
  await banner.getByLabel("Marketing").uncheck()
  await banner.getByRole("button", { name: "Save my choices" }).click()
  await expect(banner).toHaveCount(0)
  await expect(settings).toBeFocused()
  expect(await storedConsent(page)).toMatchObject({ statistics: false, marketing: false })
  await expect(
    page.getByRole("status").filter({ hasText: "cookie choices have been saved" }),
  ).toBeAttached()
})

test("Choose cookies starts with nothing ticked and keeps exactly what was chosen", async ({
  page,
}) => {
  await page.goto("/")
  const banner = bannerOf(page)
  await banner.getByRole("button", { name: "Choose cookies" }).click()
  await expect(banner.getByRole("button", { name: "Choose cookies" })).toHaveAttribute(
    "aria-expanded",
    "true",
  )
  await expect(banner.getByLabel("Statistics")).not.toBeChecked()
  await expect(banner.getByLabel("Marketing")).not.toBeChecked()
  expect(await seriousViolations(page)).toEqual([])
  await banner.getByLabel("Statistics").check()
  await banner.getByRole("button", { name: "Save my choices" }).click()
  await expect(banner).toHaveCount(0)
  expect(await storedConsent(page)).toMatchObject({ statistics: true, marketing: false })
})

/** The cookie policy's words: its page when it has one, else its Resource (docs/product/api.md). */
const cookiePolicyText = async (page: Page): Promise<string> => {
  await page.goto("/CookiePolicy")
  const heading = page.getByRole("heading", { name: /cookie policy/i })
  if (/\/CookiePolicy$/.test(page.url()) && (await heading.count()) > 0)
    return (await page.locator("main").textContent()) ?? ""
  const response = await page.request.get("/api/Resources/content-page-cookie-policy")
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { resource: { value: string } }).resource.value
}

test("the cookie policy names every cookie and storage key the shop sets", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  const competition = await openCompetition(page.request)
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await page.getByRole("button", { name: "Accept all" }).click()
  await page.getByRole("button", { name: "Add to basket" }).click()
  await expect(page.getByRole("dialog", { name: "Your Basket" })).toBeVisible()
  await page.keyboard.press("Escape")
  const darkMode = page.getByRole("button", { name: "Dark mode" })
  if (await darkMode.isVisible()) await darkMode.click()
  await page.goto("/Auth/Login")
  await page.getByLabel("Email address").fill("demo@howzat.example")
  await page.getByLabel("Password").fill("Howzat!2026")
  await page.getByRole("button", { name: "LOGIN", exact: true }).click()
  await expect(page).not.toHaveURL(/\/Auth\/Login/)
  await page.goto("/Account")
  await expect(page.getByRole("heading").first()).toBeVisible()

  const names = new Set<string>(await cookieNames(context))
  const { local, session } = await storageKeys(page)
  for (const key of [...local, ...session]) names.add(key)
  // The refresh cookie is sent only to /api/auth, so it must be among them after a login.
  expect(names).toContain("howzat_refresh")
  expect(names).toContain(CONSENT_STORAGE_KEY)

  const policy = await cookiePolicyText(page)
  const missing = [...names].filter((name) => !policy.includes(name))
  expect(missing, "set by the shop but not named in the cookie policy").toEqual([])
})
