import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test"

/** What the journeys read of GET /api/Competitions (SPEC §7). */
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

/** A password that passes SPEC §5's rules. */
export const PASSWORD = "Howzat#2026"

export interface NewCustomer {
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly dateOfBirth: string
  readonly addressLine1: string
  readonly postcode: string
}

/**
 * /Checkout's form for somebody the shop has never met (they are registered
 * with the order), submitted with PROCEED TO PAYMENT.
 */
export const checkoutAsNewCustomer = async (page: Page, email: string, person: NewCustomer) => {
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

/**
 * A customer made through the API in this page's browser, so its refresh
 * cookie signs the pages in: the first page brings the XSRF cookie. Answers
 * the headers a signed-in API call from the test needs.
 */
export const registerThroughApi = async (
  page: Page,
  email: string,
  person: { readonly firstName: string; readonly lastName: string } = {
    firstName: "Amy",
    lastName: "Jones",
  },
) => {
  await page.goto("/FAQ")
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? ""
  const registered = await page.request.post("/api/Customers", {
    headers: { "X-XSRF-TOKEN": xsrf },
    data: {
      ...person,
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
      // Answered explicitly so journeys that buy twice are not asked first (issue 12).
      spendLimit: { noLimit: true },
    },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const { accessToken } = (await registered.json()) as { accessToken: string }
  return { "X-XSRF-TOKEN": xsrf, Authorization: `Bearer ${accessToken}` }
}
