import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, problem } from "./test-support/browser"
import { competitionOnSale, newBasket } from "./test-support/orders"
import {
  openShop,
  register,
  registrationFor,
  type Shop,
  STRONG_PASSWORD,
} from "./test-support/shop"

/**
 * Every malformed input is the caller's mistake: a 400 problem naming the
 * field, never a 500 or a 503 (docs/decisions/0015). Each row was a 500,
 * a 503 or a success before the contracts bounded every field.
 */
let shop: Shop
let ann: Browser
let customerId: string
let basketId: string
let competitionId: string

beforeAll(async () => {
  shop = await openShop()
  ann = await new Browser(shop.app).open()
  customerId = (await register(ann)).user.customerId ?? ""
  basketId = (await newBasket(ann)).id
  competitionId = await competitionOnSale(shop)
})
afterAll(async () => {
  await shop?.close()
})

const NUL = "\u0000"

/** A POST of a body as it is: a form as a browser sends one, or JSON text no serialiser would write. */
const send = async (browser: Browser, path: string, body: BodyInit) =>
  shop.app.request(path, {
    method: "POST",
    body,
    headers: {
      "x-forwarded-for": browser.address,
      cookie: `XSRF-TOKEN=${browser.cookie("XSRF-TOKEN")}`,
      "x-xsrf-token": browser.cookie("XSRF-TOKEN") ?? "",
      ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
    },
  })

const loginForm = () => {
  const data = new FormData()
  data.set("email", "demo@howzat.example")
  data.set("password", "x")
  return data
}

const cases: ReadonlyArray<readonly [string, () => Promise<Response>, string]> = [
  [
    "site credit past an integer column",
    () =>
      ann.put(`/api/Baskets/${basketId}`, {
        charitableDonation: { autoRoundup: false },
        siteCreditDebitAmount: 2147483648,
      }),
    "siteCreditDebitAmount",
  ],
  ["a NUL in a competition search", () => ann.get("/api/Competitions?Name=%00"), "Name"],
  ["a NUL in a category search", () => ann.get("/api/Categories?Description=%00"), "Description"],
  [
    "a NUL in the login email",
    () => ann.post("/api/auth/authenticate", { email: `ann${NUL}@example.com`, password: "x" }),
    "email",
  ],
  [
    "a NUL in a registration's first name",
    () => ann.post("/api/Customers", registrationFor({ firstName: `Ann${NUL}` })),
    "firstName",
  ],
  [
    "a line break in a registration's last name",
    () => ann.post("/api/Customers", registrationFor({ lastName: "Smith\r\nBcc: x" })),
    "lastName",
  ],
  [
    "a NUL in a forgotten-password email",
    () => ann.post("/api/auth/forgot-password", { email: `a${NUL}@example.com` }),
    "email",
  ],
  [
    "a NUL in a login-link email",
    () => ann.post("/api/auth/request-login-token", { email: `a${NUL}@example.com` }),
    "email",
  ],
  [
    "a NUL in a new password",
    () =>
      ann.post("/api/auth/change-password", {
        email: "x@example.com",
        currentPassword: STRONG_PASSWORD,
        newPassword: `Str0ng!${NUL}pass`,
        confirmNewPassword: `Str0ng!${NUL}pass`,
      }),
    "newPassword",
  ],
  [
    "a NUL in the account's first name",
    () =>
      ann.put(`/api/Customers/${customerId}`, {
        firstName: `Ann${NUL}`,
        lastName: "Smith",
        dateOfBirth: "1990-04-01",
        telephoneNumber: "07700 900123",
        defaultBillingAddress: null,
        defaultShippingAddress: null,
        allowMarketingByEmail: false,
        allowMarketingByPhone: false,
        allowMarketingByText: false,
        allowMarketingByPost: false,
      }),
    "firstName",
  ],
  [
    "a NUL in a checkout address",
    () =>
      ann.post(`/api/Baskets/${basketId}/checkout`, {
        billingAddress: {
          line1: "1 Lord's",
          line2: `St John's Wood${NUL}`,
          city: "London",
          county: "",
          postCode: "NW8 8QN",
        },
      }),
    "billingAddress.line2",
  ],
  [
    "a NUL in a promotion code",
    () => ann.post(`/api/Baskets/${basketId}/promotions`, { promotionCode: `BOUNDARY${NUL}` }),
    "promotionCode",
  ],
  [
    "a NUL in a promotion code in the path",
    () => ann.request("DELETE", `/api/Baskets/${basketId}/promotions/%00`),
    "promotionCode",
  ],
  ["a NUL in ForceCreateNew", () => ann.post("/api/Baskets?ForceCreateNew=%00"), "ForceCreateNew"],
  [
    "a year past 9999 in an order search",
    () => ann.get("/api/Orders?OrderCreatedDateRange.FromDate=99999-01-01"),
    "OrderCreatedDateRange.FromDate",
  ],
  [
    "the 30th of February in a winners search",
    () => ann.get("/api/Draws/competition-winners?DrawFromDate=2026-02-30"),
    "DrawFromDate",
  ],
  [
    "a page number past any list",
    () => ann.get("/api/Competitions?PageNumber=2147483648"),
    "PageNumber",
  ],
  [
    "a ticket number past an integer column",
    () => ann.get(`/api/Competitions/${competitionId}/tickets?FromTicketNumber=2147483648`),
    "FromTicketNumber",
  ],
  [
    "a line break in a reported URL",
    () => ann.post("/api/Logging", { requestedUrl: "/\nlevel=ERROR message=forged" }),
    "requestedUrl",
  ],
  [
    "multipart/form-data to a JSON route",
    () => send(ann, "/api/auth/authenticate", loginForm()),
    "request",
  ],
  [
    "a urlencoded form to a JSON route",
    () =>
      send(ann, `/api/Baskets/${basketId}/promotions`, new URLSearchParams({ promotionCode: "X" })),
    "request",
  ],
  [
    "brackets nested 30,000 deep",
    () => send(ann, "/api/auth/authenticate", `${"[".repeat(30_000)}${"]".repeat(30_000)}`),
    "request",
  ],
  ["a NUL in the dev mailbox's address", () => ann.get("/dev/mailbox/messages?to=%00"), "to"],
  ["a NUL in the dev mailbox page's address", () => ann.get("/dev/mailbox?to=a%00b"), "to"],
]

describe("a malformed input", () => {
  it.each(cases)("%s is a 400 problem naming the field", async (_, make, field) => {
    const answer = await problem(await make(), 400)
    expect(answer.title).toContain("validation error")
    expect(Object.keys(answer.errors ?? {})).toContain(field)
  })
})
