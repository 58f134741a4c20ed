import { expect, type Page, type Request, test } from "@playwright/test"
import { customerTest, openCompetition, placeOrderThroughApi } from "./support"

/**
 * Every route of docs/product/screens.md renders its own page.
 * Unknown paths go Home (docs/product/screens.md), so a route that does not exist would
 * pass a lazy check: each visit asserts the route's own title, a level-one
 * heading, and that the address stayed where it was sent.
 */

interface Visit {
  readonly path: string
  /** docs/product/overview.md: "Howzat | <route title>". */
  readonly title: string | RegExp
  /** Where the route settles, when docs/product/screens.md says it moves on (/Account → /Account/Tickets). */
  readonly settlesAt?: string
}

const watched = new WeakMap<Page, Set<Request>>()

/** The number of the page's own calls (fetch and XHR) not answered yet, from now on. */
const unansweredCalls = (page: Page) => {
  const known = watched.get(page)
  if (known) return () => known.size
  const open = new Set<Request>()
  page.on("request", (request) => {
    if (["fetch", "xhr"].includes(request.resourceType())) open.add(request)
  })
  page.on("requestfinished", (request) => open.delete(request))
  page.on("requestfailed", (request) => open.delete(request))
  watched.set(page, open)
  return () => open.size
}

const visit = async (page: Page, { path, title, settlesAt }: Visit) => {
  const unanswered = unansweredCalls(page)
  await page.goto(path)
  await expect(page, path).toHaveTitle(title)
  await expect(page.locator("main h1").first(), path).toBeVisible()
  const expected = new URL(settlesAt ?? path, "http://shop")
  await expect
    .poll(() => new URL(page.url()).pathname, { message: `${path} stays put` })
    .toBe(expected.pathname)
  // Still there once every call the page made has been answered (the session's refresh
  // among them) and it has drawn twice since: a redirect an answer leads to (Home, or
  // the login page) has begun by then.
  await expect.poll(unanswered, { message: `${path}'s calls answered` }).toBe(0)
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  )
  expect(new URL(page.url()).pathname, `${path} stays put`).toBe(expected.pathname)
}

const PUBLIC_ROUTES: readonly Visit[] = [
  { path: "/", title: "Howzat | Home" },
  { path: "/Competitions", title: "Howzat | Competitions" },
  { path: "/Competitions/UpcomingDraw", title: "Howzat | Ending Soon" },
  { path: "/Home/Winners", title: "Howzat | Winners" },
  { path: "/Home/ClubPerks", title: "Howzat | Club Perks" },
  { path: "/Live", title: "Howzat | Live draws" },
  { path: "/FAQ", title: "Howzat | FAQs" },
  { path: "/CharitySupport", title: "Howzat | Charity Support" },
  { path: "/PrivacyPolicy", title: "Howzat | Privacy Policy" },
  { path: "/TermsOfUse", title: "Howzat | Terms of Use" },
  { path: "/TsAndCs", title: "Howzat | Terms and Conditions" },
  { path: "/CookiePolicy", title: "Howzat | Cookie Policy" },
  { path: "/ResponsiblePlay", title: "Howzat | Responsible Play" },
  { path: "/Legitimacy", title: "Howzat | How our draws work" },
  { path: "/Basket", title: "Howzat | Basket" },
  { path: "/Checkout", title: "Howzat | Checkout" },
  { path: "/Auth/Login?returnUrl=%2FFAQ", title: "Howzat | Login" },
  { path: "/Auth/Register?returnUrl=%2FFAQ", title: "Howzat | Register" },
  { path: "/Auth/ForgotPassword", title: "Howzat | Forgot Password" },
  { path: "/Home/Contact", title: "Howzat | Contact Us" },
  { path: "/Home/Complaints", title: "Howzat | Complaints" },
]

test("every public route of docs/product/screens.md renders its own page", async ({ page }) => {
  test.setTimeout(90_000)
  for (const route of PUBLIC_ROUTES) await visit(page, route)
  const competition = await openCompetition(page.request)
  await visit(page, {
    path: `/Competitions/Competition/${competition.id}`,
    title: `Howzat | ${competition.name}`,
  })
})

customerTest(
  "every login-required route, and the order routes, render their own page",
  async ({ page, customer }) => {
    customerTest.setTimeout(90_000)
    // An order awaiting payment, for the routes that show one.
    const competition = await openCompetition(page.request, 1)
    const order = await placeOrderThroughApi(page.request, customer.headers, competition)

    const signedIn: readonly Visit[] = [
      { path: "/Account", title: "Howzat | My Tickets", settlesAt: "/Account/Tickets" },
      { path: "/Account/Tickets", title: "Howzat | My Tickets" },
      { path: "/Account/SiteCredit", title: "Howzat | Howzat Credit" },
      { path: "/Account/Orders", title: "Howzat | My Orders" },
      { path: `/Account/Order/${order.id}`, title: `Howzat | Order ${order.orderRef}` },
      { path: "/Account/PersonalDetails", title: "Howzat | My Details" },
      { path: "/Account/BillingShippingDetails", title: "Howzat | Address Details" },
      { path: "/Auth/ChangeEmailAddress", title: "Howzat | Change Email Address" },
      { path: "/Auth/ChangePassword", title: "Howzat | Change Password" },
      { path: `/Checkout/Payment/${order.id}`, title: "Howzat | Payment" },
      {
        path: `/Checkout/PaymentSucceeded/${order.id}?returnUrl=%2FAccount`,
        title: "Howzat | Payment successful",
      },
      {
        path: `/Checkout/PaymentFailed/${order.id}?error=Declined`,
        title: "Howzat | Payment failed",
      },
      // Only asks: the order is cancelled by the button on this page, not by opening it.
      { path: `/Checkout/CancelOrder/${order.id}`, title: "Howzat | Cancel order" },
      { path: "/Account/ReferAFriend", title: "Howzat | Share the secret" },
      { path: "/Account/SpendLimit", title: "Howzat | Monthly spend limit" },
    ]
    for (const route of signedIn) await visit(page, route)

    // Logout logs out, then goes Home (docs/product/screens.md).
    await page.goto("/Auth/Logout")
    await expect(page).toHaveURL(/\/$/)
    await page.goto("/Account/Tickets")
    await expect(page).toHaveURL(/\/Auth\/Login/)
  },
)
