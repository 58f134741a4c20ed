import { type APIRequestContext, expect, type Page } from "@playwright/test"

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
