import { readFileSync } from "node:fs"
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from "@playwright/test"

/** What the journeys read of GET /api/Competitions (docs/product/api.md). */
export interface ListedCompetition {
  id: string
  name: string
  status: 0 | 1 | 3
  totalTickets: number
  ticketsSoldToDate: number
  maxTicketsPerCustomer: number
  ticketPrice: number
  instantWinGroups: { name: string; ticketCount: number; quantityWonToDate: number }[]
}

/** Every current competition of the demo shop, as a visitor's browser lists them. */
export const listCompetitions = async (request: APIRequestContext, query = "") => {
  const response = await request.get(`/api/Competitions?PageSize=100${query}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { competitions: ListedCompetition[] }).competitions
}

/** A password that passes docs/product/validation.md's rules. */
export const PASSWORD = "Howzat#2026"

export interface NewCustomer {
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly dateOfBirth: string
  readonly addressLine1: string
  readonly postcode: string
}

/** What a journey answers to the spend-limit question: an amount in pounds, or no limit. */
export type SpendLimitAnswer = "No limit" | { readonly amount: string }

/**
 * The payment page's spend-limit question (decision 0041): a customer who
 * never answered it meets it in the payment form's place before their first
 * payment, answers, and carries on to the form.
 */
export const answerSpendLimitBeforePayment = async (
  page: Page,
  answer: SpendLimitAnswer = "No limit",
) => {
  const question = page.getByTestId("spend-limit-before-payment")
  await expect(question).toBeVisible({ timeout: 20_000 })
  if (answer === "No limit") await question.getByRole("radio", { name: "No limit" }).check()
  else await question.getByLabel("Monthly limit (£)").fill(answer.amount)
  await question.getByRole("button", { name: "Save and continue to payment" }).click()
  await expect(question).toBeHidden({ timeout: 20_000 })
}

/**
 * /Checkout's form for somebody the shop has never met (they are registered
 * with the order), submitted with PROCEED TO PAYMENT. Registered so, they
 * never answered the spend-limit question: unless told not to, this answers
 * "No limit" on the payment page, as the API helper registerThroughApi does,
 * and leaves the journey at the payment form.
 */
export const checkoutAsNewCustomer = async (
  page: Page,
  email: string,
  person: NewCustomer,
  { spendLimit = "No limit" }: { readonly spendLimit?: SpendLimitAnswer | "ask me" } = {},
) => {
  await page.getByLabel("First name").fill(person.firstName)
  await page.getByLabel("Last name").fill(person.lastName)
  await page.getByLabel("Email address", { exact: true }).fill(email)
  await page.getByLabel("Phone number").fill(person.phone)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm password").fill(PASSWORD)
  await page.getByLabel("Date of birth").fill(person.dateOfBirth)
  await page.getByLabel("Address line 1").first().fill(person.addressLine1)
  await page.getByLabel("Postcode").first().fill(person.postcode)
  await page.getByLabel(/accept the terms and conditions/).check()
  await page.getByRole("button", { name: "PROCEED TO PAYMENT" }).click()
  if (spendLimit === "ask me") return
  await expect(page).toHaveURL(/\/Checkout\/Payment\//, { timeout: 20_000 })
  await answerSpendLimitBeforePayment(page, spendLimit)
}

/** A competition on sale with room for a few more tickets for anyone. */
export const openCompetition = async (request: APIRequestContext, index = 0) => {
  const open = (await listCompetitions(request)).filter(
    (c) =>
      c.status === 1 && c.totalTickets - c.ticketsSoldToDate > 50 && c.maxTicketsPerCustomer >= 5,
  )
  expect(open.length).toBeGreaterThan(index)
  return open[index] as ListedCompetition
}

export const uniqueEmail = (testInfo: TestInfo, what: string) =>
  `${what}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Competition page → Add to basket → the panel's CHECKOUT. */
export const addToBasketAndCheckout = async (page: Page, competition: ListedCompetition) => {
  await page.goto(`/Competitions/Competition/${competition.id}`)
  await expect(page.getByRole("heading", { name: competition.name, level: 1 })).toBeVisible()
  const quantity = page.getByRole("spinbutton", { name: "Number of tickets" })
  await quantity.fill("3")
  await page.getByRole("button", { name: "Add to basket" }).click()
  await page.getByRole("link", { name: "CHECKOUT" }).click()
  await expect(page).toHaveURL(/\/Checkout$/)
}

/** "1-3, 7" back into numbers, to compare with what the order holds. */
export const ticketNumbersIn = (text: string): number[] =>
  text
    .split(",")
    .flatMap((part) => {
      const [a, b] = part.trim().split("-").map(Number)
      if (a === undefined || Number.isNaN(a)) return []
      const last = b ?? a
      return Array.from({ length: last - a + 1 }, (_, i) => a + i)
    })
    .sort((x, y) => x - y)

/** An account that signs in with a password alone. */
export interface Account {
  readonly email: string
  readonly password: string
}

/** The demo customer the shop seeds with £250.00 of site credit (README, Demo data). */
export const DEMO_CUSTOMER: Account = { email: "demo@howzat.example", password: "Howzat!2026" }

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>

/**
 * A session started through the API: the cookies a browser needs to start
 * with it, and the headers for the test's own signed-in API calls (the
 * bearer token and the XSRF cookie's echo).
 */
export interface ApiSession {
  readonly cookies: StorageState["cookies"]
  readonly headers: { readonly authorization: string; readonly "X-XSRF-TOKEN": string }
  readonly user: {
    readonly firstName: string
    readonly lastName: string
    readonly customerId: string | null
  }
}

/**
 * The header that echoes this client's XSRF cookie, as the apps send it on
 * every change; a GET that is not a public catalogue read brings the cookie
 * (apps/admin/src/api.ts fetches the same one).
 */
export const xsrfHeader = async (api: APIRequestContext) => {
  const cookie = async () =>
    (await api.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value
  if ((await cookie()) === undefined) expect((await api.get("/health/ping")).ok()).toBe(true)
  const xsrf = await cookie()
  expect(xsrf, "the shop sets its XSRF cookie on a GET").toBeTruthy()
  return { "X-XSRF-TOKEN": xsrf ?? "" }
}

const sessionFrom = async (
  api: APIRequestContext,
  xsrf: { "X-XSRF-TOKEN": string },
  answer: APIResponse,
): Promise<ApiSession> => {
  expect(answer.ok(), await answer.text()).toBe(true)
  const { accessToken, user } = (await answer.json()) as {
    accessToken: string
    user: ApiSession["user"]
  }
  return {
    cookies: (await api.storageState()).cookies,
    headers: { authorization: `Bearer ${accessToken}`, ...xsrf },
    user,
  }
}

/** POST /api/auth/authenticate, as the sign-in forms send it. */
export const signInThroughApi = async (api: APIRequestContext, account: Account) => {
  const xsrf = await xsrfHeader(api)
  return sessionFrom(
    api,
    xsrf,
    await api.post("/api/auth/authenticate", { headers: xsrf, data: account }),
  )
}

export interface CustomerName {
  readonly firstName: string
  readonly lastName: string
}

/**
 * POST /api/Customers, as the register form sends it; the shop signs the
 * new customer in. The spend-limit question is answered ("no limit") so a
 * journey that buys twice is not asked first.
 */
export const registerThroughApi = async (
  api: APIRequestContext,
  email: string,
  name: CustomerName = { firstName: "Amy", lastName: "Jones" },
) => {
  const xsrf = await xsrfHeader(api)
  const registered = await api.post("/api/Customers", {
    headers: xsrf,
    data: {
      ...name,
      emailAddress: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dateOfBirth: "1990-06-15",
      telephoneNumber: "07700 900777",
      acceptTerms: true,
      emailVerificationReturnUrl: "http://localhost",
      allowMarketingByEmail: false,
      allowMarketingByPhone: false,
      allowMarketingByText: false,
      allowMarketingByPost: false,
      spendLimit: { noLimit: true },
    },
  })
  return sessionFrom(api, xsrf, registered)
}

/**
 * What each app reads to try the refresh cookie as it starts
 * (docs/decisions/0016-what-a-new-customer-meets.md).
 */
export const SESSION_HINT = {
  /** apps/web/src/auth/session.ts */
  storefront: "howzat-session",
  /** apps/admin/src/session.ts */
  backOffice: "howzat-staff-session",
} as const

/**
 * A browser's state with a session in it: the configured state
 * (the cookie banner answered) plus the session's cookies and the app's
 * hint that it may hold one, so the first page restores the session from
 * the refresh cookie, as after a sign-in. Each test brings a session of its
 * own: refresh tokens rotate, and one presented twice revokes its whole
 * family (core/src/accounts/sessions.ts), so no two browsers may share one.
 */
export const signedInState = (
  configured: BrowserContextOptions["storageState"],
  baseURL: string | undefined,
  session: ApiSession,
  hint: string,
): StorageState => {
  const state: StorageState =
    typeof configured === "string"
      ? (JSON.parse(readFileSync(configured, "utf8")) as StorageState)
      : (configured ?? { cookies: [], origins: [] })
  const origin = new URL(baseURL ?? "http://localhost").origin
  const mayHaveSession = { name: hint, value: "1" }
  const origins = state.origins.some((o) => o.origin === origin)
    ? state.origins.map((o) =>
        o.origin === origin ? { ...o, localStorage: [...o.localStorage, mayHaveSession] } : o,
      )
    : [...state.origins, { origin, localStorage: [mayHaveSession] }]
  return { cookies: [...state.cookies, ...session.cookies], origins }
}

/**
 * The test's own browser context, made with the session in its starting
 * state. Given as the `storageState` option instead, the session would go
 * to every browser and request context the test opens (a second browser
 * would then share the refresh-token family); setting it on Playwright's
 * own context afterwards (setStorageState) costs a few hundred
 * milliseconds a test. The project's other context options still apply.
 */
export const withSession = async (
  browser: Browser,
  state: StorageState,
  use: (context: BrowserContext) => Promise<void>,
) => {
  const context = await browser.newContext({ storageState: state })
  await use(context)
  await context.close()
}

/** A customer the test's browser starts signed in as, and the headers for their API calls. */
export interface Customer extends CustomerName {
  readonly email: string
  readonly password: string
  readonly customerId: string
  readonly headers: ApiSession["headers"]
}

interface CustomerFixtures {
  /** The new customer's name; `customerTest.use({ customerName })` gives another. */
  customerName: CustomerName
  /** An existing account to sign in as instead of registering one (the demo customer). */
  customerAccount: Account | undefined
  customerSession: ApiSession & { readonly email: string; readonly password: string }
  customer: Customer
}

/**
 * Journeys of a signed-in customer whose subject is not signing in: the
 * customer is registered (or signed in) through the API in a request
 * context of its own as the test starts, and the test's own browser
 * context starts with that session. Any other browser the test opens, and
 * its `request`, start signed out as configured. The sign-in and register
 * forms keep journeys of their own (accounts.spec.ts, new-customer.spec.ts).
 */
export const customerTest = base.extend<CustomerFixtures>({
  customerName: [{ firstName: "Amy", lastName: "Jones" }, { option: true }],
  customerAccount: [undefined, { option: true }],
  customerSession: async (
    { playwright, baseURL, customerName, customerAccount },
    use,
    testInfo,
  ) => {
    const api = await playwright.request.newContext({ baseURL })
    const email = customerAccount?.email ?? uniqueEmail(testInfo, "customer")
    const session = customerAccount
      ? await signInThroughApi(api, customerAccount)
      : await registerThroughApi(api, email, customerName)
    await api.dispose()
    await use({ ...session, email, password: customerAccount?.password ?? PASSWORD })
  },
  context: async ({ browser, storageState, baseURL, customerSession }, use) => {
    await withSession(
      browser,
      signedInState(storageState, baseURL, customerSession, SESSION_HINT.storefront),
      use,
    )
  },
  customer: async ({ customerSession }, use) => {
    const { user, email, password, headers } = customerSession
    expect(user.customerId, "a customer account").not.toBeNull()
    await use({
      firstName: user.firstName,
      lastName: user.lastName,
      customerId: user.customerId ?? "",
      email,
      password,
      headers,
    })
  },
})

/**
 * The sandbox's card that pays: a debit card, since a credit card may not pay
 * for instant wins (docs/decisions/0042-credit-cards.md).
 */
export const GOOD_CARD = "4000 0566 5566 5556"

/** Where an order made through the API is billed. */
const BILLING_ADDRESS = {
  line1: "1 Crease Lane",
  line2: "",
  city: "Leeds",
  county: "West Yorkshire",
  postCode: "LS6 3BR",
}

export interface PlacedOrder {
  readonly id: string
  readonly orderRef: string
}

/**
 * An order awaiting payment, placed with the storefront's own calls: a new
 * basket, the tickets, then checkout with a billing address.
 */
export const placeOrderThroughApi = async (
  api: APIRequestContext,
  headers: ApiSession["headers"],
  competition: { readonly id: string },
  ticketQuantity = 1,
): Promise<PlacedOrder> => {
  const created = await api.post("/api/Baskets?ForceCreateNew=true", { headers })
  expect(created.ok(), await created.text()).toBe(true)
  const { basket } = (await created.json()) as { basket: { id: string } }
  const added = await api.post(`/api/Baskets/${basket.id}/items`, {
    headers,
    data: { competitionID: competition.id, ticketQuantity },
  })
  expect(added.ok(), await added.text()).toBe(true)
  const checkedOut = await api.post(`/api/Baskets/${basket.id}/checkout`, {
    headers,
    data: { billingAddress: BILLING_ADDRESS },
  })
  expect(checkedOut.ok(), await checkedOut.text()).toBe(true)
  return ((await checkedOut.json()) as { order: PlacedOrder }).order
}

/**
 * Pays an order by card as the sandbox's card form does: a payment started,
 * the card sent to the provider alone (never with the bearer token), then
 * the order completed.
 */
export const payThroughSandbox = async (
  api: APIRequestContext,
  headers: ApiSession["headers"],
  order: PlacedOrder,
  cardNumber = GOOD_CARD,
) => {
  const started = await api.post(`/api/Orders/${order.id}/payments`, { headers })
  expect(started.ok(), await started.text()).toBe(true)
  const { payments } = (
    (await started.json()) as {
      order: { payments: { status: string; token: string | null }[] }
    }
  ).order
  const clientToken = payments.find((p) => p.status === "Pending" && p.token)?.token
  expect(clientToken, "a pending payment with the provider's token").toBeTruthy()
  const confirmed = await api.post("/sandbox-gateway/confirm", {
    headers: { "X-XSRF-TOKEN": headers["X-XSRF-TOKEN"] },
    data: {
      clientToken,
      cardNumber,
      cardholderName: "A Customer",
      expiry: "12/30",
      securityCode: "123",
    },
  })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
  expect(((await confirmed.json()) as { status: string }).status).toBe("Succeeded")
  const completed = await api.post(`/api/Orders/${order.id}/complete-order`, { headers })
  expect(completed.ok(), await completed.text()).toBe(true)
  const paid = ((await completed.json()) as { order: { status: string } }).order
  expect(paid.status).toBe("Completed")
}
