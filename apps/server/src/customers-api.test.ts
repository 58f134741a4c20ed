import { accountMessages, messages } from "@howzat/core/rules"
import { makeUserRepo } from "@howzat/postgres"
import { hash } from "@node-rs/argon2"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ARGON2ID_OPTIONS } from "./auth/argon2-password-hasher"
import { Browser, json, problem } from "./test-support/browser"
import { logIn, openShop, register, type Shop, STRONG_PASSWORD } from "./test-support/shop"

/**
 * GET/PUT /api/Customers/{customerId} and the staff list: a customer reads
 * and changes only their own record, and learns nothing about anyone else's.
 */
let shop: Shop

interface CustomerBody {
  readonly customer: {
    readonly customerId: string
    readonly firstName: string
    readonly lastName: string
    readonly fullName: string
    readonly dateOfBirth: string
    readonly telephoneNumber: string
    readonly email: string
    readonly defaultBillingAddress: Record<string, string> | null
    readonly defaultShippingAddress: Record<string, string> | null
    readonly allowMarketingByEmail: boolean
    readonly allowMarketingByPhone: boolean
    readonly allowMarketingByText: boolean
    readonly allowMarketingByPost: boolean
    readonly siteCreditAccountBalance: number
  }
}

let ann: Browser
let annId: string
let bob: Browser
let bobId: string
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  ann = await new Browser(shop.app).open()
  annId = (await register(ann, { firstName: "Ann", lastName: "Archer" })).user.customerId!
  bob = await new Browser(shop.app).open()
  bobId = (await register(bob, { firstName: "Bob", lastName: "Baker" })).user.customerId!
  await Effect.runPromise(
    makeUserRepo(shop.db).createStaff({
      emailAddress: "staff@howzat.example",
      passwordHash: await hash(STRONG_PASSWORD, ARGON2ID_OPTIONS),
      firstName: "Sam",
      lastName: "Staff",
      role: "Staff",
    }),
  )
  staff = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

const fullModel = (customer: CustomerBody["customer"], changes: Record<string, unknown> = {}) => ({
  ...customer,
  ...changes,
})

describe("GET /api/Customers/{customerId}", () => {
  it("gives a customer their own record", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    expect(customer).toMatchObject({
      customerId: annId,
      firstName: "Ann",
      fullName: "Ann Archer",
      dateOfBirth: "1990-04-01",
      telephoneNumber: "07700 900123",
      defaultBillingAddress: null,
      allowMarketingByEmail: true,
      allowMarketingByPost: true,
      siteCreditAccountBalance: 0,
    })
  })

  it("answers another customer's id exactly like one that doesn't exist", async () => {
    const other = await problem(await ann.get(`/api/Customers/${bobId}`), 404)
    const nobody = await problem(
      await ann.get("/api/Customers/00000000-0000-4000-8000-000000000000"),
      404,
    )
    expect(other).toEqual(nobody)
    expect(JSON.stringify(other)).not.toContain("Bob")
  })

  it("refuses a malformed id as a validation problem", async () => {
    const refused = await problem(await ann.get("/api/Customers/not-a-uuid"), 400)
    expect(Object.keys(refused.errors ?? {})).toContain("customerId")
  })

  it("lets staff read any customer", async () => {
    const login = await logIn(staff, "staff@howzat.example")
    // Staff sign in fine, but the storefront must not treat this as a customer session (docs/product/states.md).
    expect(login.user).toMatchObject({ role: "Staff", customerId: null })
    const { customer } = await json<CustomerBody>(await staff.get(`/api/Customers/${bobId}`))
    expect(customer.firstName).toBe("Bob")
  })
})

describe("PUT /api/Customers/{customerId}", () => {
  it("saves a customer's own details and returns the record", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    const saved = await json<CustomerBody>(
      await ann.put(
        `/api/Customers/${annId}`,
        fullModel(customer, {
          lastName: "Archer-Smith",
          allowMarketingByText: false,
          email: "ignored@example.com",
          defaultBillingAddress: {
            line1: "1 High St",
            line2: "",
            city: "Leeds",
            county: "",
            postCode: "ls1 4ap",
          },
          defaultShippingAddress: {
            line1: "1 High St",
            line2: "",
            city: "Leeds",
            county: "",
            postCode: "LS1 4AP",
          },
        }),
      ),
    )
    expect(saved.customer).toMatchObject({
      lastName: "Archer-Smith",
      fullName: "Ann Archer-Smith",
      email: customer.email,
      allowMarketingByText: false,
      defaultBillingAddress: { line1: "1 High St", city: "Leeds", postCode: "LS1 4AP" },
    })
    // The name on the next sign-in comes from the same record.
    const refreshed = await json<{ user: { lastName: string } }>(
      await ann.post("/api/auth/refresh-token"),
    )
    expect(refreshed.user.lastName).toBe("Archer-Smith")
  })

  it("refuses to change another customer's record, and leaves it as it was", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    await problem(
      await ann.put(
        `/api/Customers/${bobId}`,
        fullModel(customer, { customerId: bobId, firstName: "Hacked" }),
      ),
      404,
    )
    const { customer: bobNow } = await json<CustomerBody>(await bob.get(`/api/Customers/${bobId}`))
    expect(bobNow.firstName).toBe("Bob")
  })

  it("refuses a body about one customer sent to another's path", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    const refused = await problem(
      await ann.put(`/api/Customers/${annId}`, fullModel(customer, { customerId: bobId })),
      400,
    )
    expect(refused.errors).toEqual({ customerId: [accountMessages.customerIdMismatch] })
  })

  it("checks the details with docs/product/validation.md's messages, address fields by their place", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    const refused = await problem(
      await ann.put(
        `/api/Customers/${annId}`,
        fullModel(customer, {
          firstName: "",
          telephoneNumber: "12",
          dateOfBirth: "1899-12-31",
          defaultBillingAddress: { line1: "", postCode: "nope" },
        }),
      ),
      400,
    )
    expect(refused.errors).toEqual({
      firstName: [messages.firstNameRequired],
      telephoneNumber: [messages.telephoneInvalid],
      dateOfBirth: [messages.dateOfBirthTooOld],
      "defaultBillingAddress.line1": [messages.addressLine1Required],
      "defaultBillingAddress.postCode": [messages.postcodeInvalid],
    })
  })

  it("keeps a name a name on edit too, changing nothing when refused", async () => {
    const { customer } = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    const refused = await problem(
      await ann.put(
        `/api/Customers/${annId}`,
        fullModel(customer, { firstName: "Free £50 at www.prize.example" }),
      ),
      400,
    )
    expect(refused.errors).toEqual({ firstName: [messages.nameCharacters] })
    const after = await json<CustomerBody>(await ann.get(`/api/Customers/${annId}`))
    expect(after.customer.firstName).toBe(customer.firstName)
  })

  it("needs the marketing flags and addresses sent, so leaving them out changes nothing", async () => {
    const refused = await problem(
      await ann.put(`/api/Customers/${annId}`, {
        firstName: "Ann",
        lastName: "Archer",
        dateOfBirth: "1990-04-01",
        telephoneNumber: "07700900123",
      }),
      400,
    )
    expect(refused.title).toContain("validation error")
  })

  it("needs a signed-in caller", async () => {
    const anonymous = await new Browser(shop.app).open()
    await problem(await anonymous.put(`/api/Customers/${annId}`, {}), 401)
    await problem(await anonymous.get(`/api/Customers/${annId}`), 401)
  })
})

describe("GET /api/Customers", () => {
  it("is for staff only", async () => {
    const refused = await problem(await ann.get("/api/Customers"), 403)
    expect(refused.detail).toBe(accountMessages.staffOnly)
  })

  it("lists and filters customers for staff, a page at a time", async () => {
    await logIn(staff, "staff@howzat.example")
    const all = await json<{
      customers: { firstName: string }[]
      totalCount: number
      pageSize: number
    }>(await staff.get("/api/Customers?PageSize=1"))
    expect(all.totalCount).toBe(2)
    expect(all.customers).toHaveLength(1)
    const bakers = await json<{ customers: { firstName: string }[] }>(
      await staff.get("/api/Customers?LastName=bak"),
    )
    expect(bakers.customers.map((c) => c.firstName)).toEqual(["Bob"])
  })
})
