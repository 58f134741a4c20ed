import { expect, type Page, type TestInfo } from "@playwright/test"

/**
 * The "providers" projects' journeys (playwright.config.ts): their stand-ins
 * and Checkout.com's Flow on the payment page, through its stand-in
 * (stand-ins/checkout-web-components.js): the fields carry the names the
 * real component's frames give them. The cards are Checkout.com's own test
 * cards (stand-ins/checkout-cards.ts).
 */
export const CHECKOUT_CARDS = {
  debit: "4658 5840 9000 0001",
  credit: "4242 4242 4242 4242",
  notEnoughMoney: "4544 2491 6767 3670",
  debitWithChallenge: "5518 8324 0060 6463",
} as const

export const fillFlow = async (page: Page, cardNumber: string) => {
  await page.getByLabel("Card number").fill(cardNumber)
  await page.getByLabel("Expiry date").fill("12/30")
  await page.getByLabel("Security code").fill("100")
  await page.getByLabel("Cardholder name").fill("A Customer")
}

export const payWithFlow = async (page: Page, cardNumber: string) => {
  await fillFlow(page, cardNumber)
  await page.getByRole("button", { name: /^Pay £/ }).click()
}

/** A providers project's stand-in address, from its metadata. */
export const standInOf = (testInfo: TestInfo, name: "trueLayerStandIn" | "checkoutStandIn") => {
  const url = (testInfo.project.metadata as Record<string, string | undefined>)[name]
  if (!url) throw new Error(`the providers projects name the stand-in in metadata.${name}`)
  return url
}

interface Delivery {
  readonly type: string
  readonly orderId: string | undefined
  readonly status: number
}

/** What a stand-in delivered about one order: "type status", 0 while it still holds it. */
export const deliveriesAbout = async (page: Page, standIn: string, orderId: string) => {
  const response = await page.request.get(`${standIn}/__stand-in/deliveries`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as Delivery[])
    .filter((d) => d.orderId === orderId)
    .map((d) => `${d.type} ${d.status}`)
}

/** Lets a stand-in's held webhooks about one order go to the shop. */
export const releaseWebhooks = async (page: Page, standIn: string, orderId: string) => {
  const response = await page.request.post(
    `${standIn}/__stand-in/deliveries/release?orderId=${encodeURIComponent(orderId)}`,
  )
  expect(response.ok()).toBe(true)
}

export const orderIdIn = (url: string) =>
  /\/(?:Payment|PaymentFailed|PaymentSucceeded|PaymentReturn)\/([^/?]+)/.exec(url)?.[1] ?? ""
