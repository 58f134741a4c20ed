import type { CustomerResponseJson } from "@howzat/contracts/customers"
import type {
  OrderListJson,
  OrderResponseJson,
  SiteCreditAccountResponseJson,
} from "@howzat/contracts/orders"
import type {
  SiteCreditAdjustmentResponseJson,
  StaffCustomerDetailsJson,
} from "@howzat/contracts/staff-customers"
import { adjustmentMessages, erasedEmail, pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { addItem, checkout, competitionOnSale, newBasket, promotion } from "./test-support/orders"
import { logIn, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The back office's customer calls through the real composition: site
 * credit adjusted by a ledger entry with a reason, a staff edit, and UK
 * GDPR erasure that keeps the orders and tickets (docs/decisions/0029).
 */
let shop: Shop
let anonymous: Browser
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const newCustomer = async (overrides: Record<string, unknown> = {}) => {
  const browser = await new Browser(shop.app).open()
  const auth = await register(browser, overrides)
  return { browser, customerId: auth.user.customerId as string, email: auth.email }
}

const adjust = (browser: Browser, customerId: string, amount: number, reason: string) =>
  browser.post(`/api/Customers/${customerId}/site-credit-adjustments`, { amount, reason })

const ledger = async (browser: Browser, customerId: string) =>
  (
    await json<SiteCreditAccountResponseJson>(
      await browser.get(`/api/Customers/${customerId}/site-credit-account`),
    )
  ).siteCreditAccount

const auditOf = (customerId: string) =>
  shop.db
    .selectFrom("auditLog")
    .selectAll()
    .where("subjectType", "=", "Customer")
    .where("subjectId", "=", customerId)
    .orderBy("at")
    .execute()

describe("the back office's customer calls", () => {
  it("answer 401 to nobody and 403 to a customer, and change nothing", async () => {
    const ann = await newCustomer()
    const calls = [
      (b: Browser) => b.request("DELETE", `/api/Customers/${ann.customerId}`),
      (b: Browser) => adjust(b, ann.customerId, 500, "Goodwill"),
      (b: Browser) => b.get(`/api/Customers/${ann.customerId}/back-office`),
    ]
    for (const call of calls) {
      await problem(await call(anonymous), 401)
      await problem(await call(ann.browser), 403)
    }
    expect((await ledger(ann.browser, ann.customerId)).balance).toBe(0)
    expect(await auditOf(ann.customerId)).toEqual([])
  })
})

describe("POST /api/Customers/{customerId}/site-credit-adjustments", () => {
  it("adds a ledger entry with the reason, either way, and audits it", async () => {
    const ann = await newCustomer()
    const given = await json<SiteCreditAdjustmentResponseJson>(
      await adjust(staff, ann.customerId, 1500, "Sorry about the late draw"),
      201,
    )
    expect(given.siteCreditAccount.balance).toBe(1500)
    const taken = await json<SiteCreditAdjustmentResponseJson>(
      await adjust(staff, ann.customerId, -500, "Part of it was a mistake"),
      201,
    )
    expect(taken.siteCreditAccount.balance).toBe(1000)
    // The customer sees both entries, with staff's reasons, on their own site-credit page.
    const account = await ledger(ann.browser, ann.customerId)
    expect(account.balance).toBe(1000)
    expect(account.accountEntries.map((e) => [e.description, e.amount])).toEqual([
      ["Part of it was a mistake", -500],
      ["Sorry about the late draw", 1500],
    ])
    const audit = await auditOf(ann.customerId)
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        "Customer.AdjustSiteCredit",
        { balance: 0 },
        { balance: 1500, amount: 1500, reason: "Sorry about the late draw" },
      ],
      [
        "Customer.AdjustSiteCredit",
        { balance: 1500 },
        { balance: 1000, amount: -500, reason: "Part of it was a mistake" },
      ],
    ])
  })

  it("refuses to take the balance below zero with a clear message, and writes nothing", async () => {
    const ann = await newCustomer()
    await json(await adjust(staff, ann.customerId, 300, "Goodwill"), 201)
    const refused = await problem(await adjust(staff, ann.customerId, -301, "Take it all"), 400)
    expect(refused.detail).toContain(adjustmentMessages.belowZero(pence(300)))
    expect((await ledger(ann.browser, ann.customerId)).balance).toBe(300)
    expect(await auditOf(ann.customerId)).toHaveLength(1)
  })

  it("answers a malformed body or an unknown customer with a problem, never a 500", async () => {
    const ann = await newCustomer()
    await problem(await adjust(staff, ann.customerId, 1.5, "Half a penny"), 400)
    await problem(
      await staff.post(`/api/Customers/${ann.customerId}/site-credit-adjustments`, {
        amount: "lots",
      }),
      400,
    )
    const missingReason = await problem(await adjust(staff, ann.customerId, 100, ""), 400)
    expect(missingReason.detail).toContain(adjustmentMessages.reasonRequired)
    await problem(await adjust(staff, crypto.randomUUID(), 100, "Nobody"), 404)
  })
})

describe("PUT /api/Customers/{customerId} by staff", () => {
  it("saves the edit and audits which fields changed, without their personal values", async () => {
    const ann = await newCustomer({ firstName: "Ann", lastName: "Archer" })
    const { customer } = await json<CustomerResponseJson>(
      await staff.get(`/api/Customers/${ann.customerId}`),
    )
    const { customer: edited } = await json<CustomerResponseJson>(
      await staff.put(`/api/Customers/${ann.customerId}`, {
        ...customer,
        lastName: "Bowler",
        allowMarketingByPost: false,
      }),
    )
    expect(edited).toMatchObject({ lastName: "Bowler", allowMarketingByPost: false })
    const [entry] = await auditOf(ann.customerId)
    expect(entry).toMatchObject({
      action: "Customer.Update",
      before: { lastName: "(personal data)", allowMarketingByPost: true },
      after: { lastName: "(personal data)", allowMarketingByPost: false },
    })
    expect(JSON.stringify(entry)).not.toContain("Archer")
  })
})

describe("DELETE /api/Customers/{customerId}: UK GDPR erasure", () => {
  /** Ann pays for two tickets with site credit, using a voucher, and is mailed about it. */
  const annWithAnOrder = async () => {
    const ann = await newCustomer({ firstName: "Ann", lastName: "Archer" })
    await json(await adjust(staff, ann.customerId, 5000, "Prize money"), 201)
    const competitionId = await competitionOnSale(shop)
    const code = `ERASE${Math.floor(Math.random() * 1e9)}`
    await promotion(shop, { code, amountPence: 50 })
    const basket = await newBasket(ann.browser)
    await addItem(ann.browser, basket.id, competitionId, 2)
    await json(
      await ann.browser.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: code }),
    )
    await json(
      await ann.browser.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: false },
        siteCreditDebitAmount: 5000,
      }),
    )
    const { order } = await checkout(ann.browser, basket.id)
    const completed = await json<OrderResponseJson>(
      await ann.browser.post(`/api/Orders/${order.id}/complete-order`),
    )
    expect(completed.order.status).toBe("Completed")
    return { ...ann, orderId: order.id, code, competitionId }
  }

  it("removes the person's data, keeps the order, tickets and ledger, and ends sign-in", async () => {
    const ann = await annWithAnOrder()
    const before = await json<StaffCustomerDetailsJson>(
      await staff.get(`/api/Customers/${ann.customerId}/back-office`),
    )
    expect(before).toMatchObject({ erased: false, vouchersUsed: [{ code: ann.code }] })
    expect(await shop.outbox.recent({ to: ann.email, limit: 10 })).not.toEqual([])

    const { customer } = await json<CustomerResponseJson>(
      await staff.request("DELETE", `/api/Customers/${ann.customerId}`),
    )
    expect(customer).toMatchObject({
      customerId: ann.customerId,
      firstName: "Erased",
      lastName: "Customer",
      fullName: "Erased Customer",
      email: erasedEmail(ann.customerId),
      telephoneNumber: "",
      dateOfBirth: "1900-01-01",
      defaultBillingAddress: null,
      defaultShippingAddress: null,
      allowMarketingByEmail: false,
      allowMarketingByPhone: false,
      allowMarketingByText: false,
      allowMarketingByPost: false,
      // The ledger is the accounts': what is left of the credit stays.
      siteCreditAccountBalance: 5000 - 450,
    })

    // Orders and tickets stay, under the placeholder.
    const { order } = await json<OrderResponseJson>(await staff.get(`/api/Orders/${ann.orderId}`))
    expect(order).toMatchObject({ status: "Completed", customer: { fullName: "Erased Customer" } })
    expect(order.ticketItems[0]?.quantity).toBe(2)
    const listed = await json<OrderListJson>(
      await staff.get(`/api/Orders?CustomerId=${ann.customerId}`),
    )
    expect(listed.orders.map((o) => o.id)).toEqual([ann.orderId])

    // Sign-in is over: the password, the old address and the session all fail.
    await problem(
      await anonymous.post("/api/auth/authenticate", { email: ann.email, password: "Str0ng!pass" }),
      401,
    )
    await problem(await ann.browser.post("/api/auth/refresh-token"), 401)
    // Mail to them, sent or queued, is gone.
    expect(await shop.outbox.recent({ to: ann.email, limit: 10 })).toEqual([])

    const audit = await auditOf(ann.customerId)
    expect(audit.at(-1)).toMatchObject({
      action: "Customer.Erase",
      before: { erased: false },
      after: { erased: true },
    })
    expect(JSON.stringify(audit)).not.toMatch(/Archer|example\.com/)
    const after = await json<StaffCustomerDetailsJson>(
      await staff.get(`/api/Customers/${ann.customerId}/back-office`),
    )
    expect(after.erased).toBe(true)
  })

  it("a second time changes nothing, and an erased customer cannot be edited or credited", async () => {
    const ann = await newCustomer()
    await json(await staff.request("DELETE", `/api/Customers/${ann.customerId}`))
    await json(await staff.request("DELETE", `/api/Customers/${ann.customerId}`))
    expect((await auditOf(ann.customerId)).map((a) => a.action)).toEqual(["Customer.Erase"])
    const refused = await problem(await adjust(staff, ann.customerId, 100, "Goodwill"), 409)
    expect(refused.title).toBe("Customer erased")
    const { customer } = await json<CustomerResponseJson>(
      await staff.get(`/api/Customers/${ann.customerId}`),
    )
    await problem(
      await staff.put(`/api/Customers/${ann.customerId}`, {
        ...customer,
        firstName: "Ann",
        telephoneNumber: "07700 900123",
        dateOfBirth: "1990-04-01",
      }),
      409,
    )
  })

  it("answers an unknown customer with 404", async () => {
    await problem(await staff.request("DELETE", `/api/Customers/${crypto.randomUUID()}`), 404)
  })

  it("lets the address be registered again by someone new", async () => {
    const ann = await newCustomer()
    await json(await staff.request("DELETE", `/api/Customers/${ann.customerId}`))
    const again = await new Browser(shop.app).open()
    const auth = await register(again, { emailAddress: ann.email })
    expect(auth.user.customerId).not.toBe(ann.customerId)
    await logIn(again, ann.email)
  })
})
