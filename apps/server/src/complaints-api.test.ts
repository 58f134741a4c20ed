import type {
  ComplaintListJson,
  ComplaintReceiptJson,
  ComplaintResponseJson,
} from "@howzat/contracts/complaints"
import type {
  CustomerHarmSignalsResponseJson,
  HarmSignalListJson,
  SignpostingResponseJson,
} from "@howzat/contracts/harm-signals"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, placeOrder } from "./test-support/orders"
import { mailed, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Complaints and harm signals through the real composition (decision 0044):
 * the public form with its reference and emails, the rate limit, staff's
 * list and status moves (audited), an emailed complaint logged by staff;
 * staff's harm-signal list and review, and the customer's own signposting.
 */
const CARE = "care@complaints-test.example"
let shop: Shop
let staff: Browser

beforeAll(async () => {
  shop = await openShop(
    { RATE_LIMIT_COMPLAINTS_PER_ADDRESS: "4/1h" },
    {
      identity: {
        shortName: "Howzat",
        fullName: "Howzat Prize Competitions",
        customerCareEmail: CARE,
        freePostalEntryAddress: "Howzat (Free Entry), PO Box 1, Taunton TA1 9ZZ",
      },
    },
  )
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

let senders = 0
const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Ann Smith",
  email: `complainer${++senders}@example.com`,
  orderNumber: "",
  category: "Draw or winner",
  description: "The draw was not streamed.",
  ...overrides,
})
/** Each Browser has an address of its own, so the rate-limit test alone meets the limit. */
const visitor = () => new Browser(shop.app).open()

describe("POST /api/Complaints", () => {
  it("answers 201 with the reference, mails the acknowledgement and care, attaches a signed-in customer", async () => {
    const customer = await visitor()
    const me = await register(customer)
    const order = await placeOrder(customer, await competitionOnSale(shop), 1)
    const body = form({ email: me.email, orderNumber: order.orderRef.toLowerCase() })
    const receipt = await json<ComplaintReceiptJson>(
      await customer.post("/api/Complaints", body),
      201,
    )
    expect(receipt.reference).toMatch(/^HZC-\d{4}-[0-9A-Z]{6}$/)
    expect(receipt.message).toBe(
      `Thank you. We have your complaint, reference ${receipt.reference}, and have emailed you an acknowledgement.`,
    )
    const stored = await shop.db
      .selectFrom("complaints")
      .selectAll()
      .where("reference", "=", receipt.reference)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({
      customerId: me.user.customerId,
      orderNumber: order.orderRef,
      source: "Form",
      status: "Received",
    })
    const ack = await mailed(shop, me.email, "ComplaintAcknowledgement")
    expect(ack.text).toContain(receipt.reference)
    const care = await mailed(shop, CARE, "ComplaintReceived")
    expect(care.subject).toContain(receipt.reference)
  })

  it("answers each bad field's message (400), storing nothing; malformed bodies are 400, never 500", async () => {
    const b = await visitor()
    const refused = await problem(
      await b.post(
        "/api/Complaints",
        form({ name: "", email: "nope", category: "Weather", description: "" }),
      ),
      400,
    )
    expect(refused.errors).toEqual({
      name: ["Please tell us your name."],
      email: ["The Email field is not a valid e-mail address."],
      category: ["Please choose what your complaint is about."],
      description: ["Please describe your complaint."],
    })
    await problem(await b.post("/api/Complaints", { ...form(), description: 42 }), 400)
    await problem(await b.post("/api/Complaints", [1, 2]), 400)
    await problem(await b.post("/api/Complaints", { ...form(), name: "Ann\u0000" }), 400)
    const empty = await problem(await b.post("/api/Complaints", {}), 400)
    expect(empty.errors?.description).toEqual(["Please describe your complaint."])
  })

  it("refuses a made-up order number, and someone else's real one, alike; stores nothing", async () => {
    // A real order of someone's: what an attacker might have seen on a shared screen.
    const victim = await visitor()
    const them = await register(victim)
    const theirs = await placeOrder(victim, await competitionOnSale(shop), 1)

    const signedIn = await visitor()
    const attacker = await register(signedIn)
    const stranger = await visitor()
    const attempts = [
      // Made up, by a visitor and by a signed-in customer.
      [stranger, form({ orderNumber: "ABCDEF1234" })],
      [signedIn, form({ email: attacker.email, orderNumber: "ABCDEF1234" })],
      // Someone else's: a visitor giving their own email, or the owner's email while signed in.
      [stranger, form({ orderNumber: theirs.orderRef })],
      [signedIn, form({ email: them.email, orderNumber: theirs.orderRef })],
    ] as const
    const answers = []
    for (const [browser, body] of attempts) {
      const refused = await problem(await browser.post("/api/Complaints", body), 400)
      answers.push(refused.errors)
      const stored = await shop.db
        .selectFrom("complaints")
        .select("id")
        .where("email", "=", body.email)
        .execute()
      expect(stored).toEqual([])
    }
    // One message whether or not the reference exists: the answer tells an attacker nothing.
    const unknown = {
      orderNumber: [
        "We can't find that order number for you. Check your order confirmation email, or leave it blank.",
      ],
    }
    expect(answers).toEqual([unknown, unknown, unknown, unknown])
  })

  it("takes an order number of the complainant's: their own signed in, or their email's", async () => {
    const customer = await visitor()
    const me = await register(customer)
    const mine = await placeOrder(customer, await competitionOnSale(shop), 1)
    await json(
      await customer.post("/api/Complaints", form({ orderNumber: mine.orderRef.toLowerCase() })),
      201,
    )
    // Not signed in: the order's customer's email, however it is capitalised.
    await json(
      await (await visitor()).post(
        "/api/Complaints",
        form({ email: me.email.toUpperCase(), orderNumber: mine.orderRef }),
      ),
      201,
    )
  })

  it("limits one address (429), storing nothing past the limit", async () => {
    const b = await visitor()
    for (let i = 0; i < 4; i++) await json(await b.post("/api/Complaints", form()), 201)
    const over = form()
    await problem(await b.post("/api/Complaints", over), 429)
    const stored = await shop.db
      .selectFrom("complaints")
      .select("id")
      .where("email", "=", over.email)
      .execute()
    expect(stored).toEqual([])
  })
})

describe("staff's complaints", () => {
  it("lists, opens and resolves a complaint with notes, audited; refuses others and bad moves", async () => {
    const body = form()
    const { reference } = await json<ComplaintReceiptJson>(
      await (await visitor()).post("/api/Complaints", body),
      201,
    )
    const list = await json<ComplaintListJson>(await staff.get("/api/Complaints?Status=Received"))
    const listed = list.complaints.find((c) => c.reference === reference)
    expect(listed).toMatchObject({ email: body.email, status: "Received" })
    const id = listed?.id ?? ""

    await problem(await new Browser(shop.app).get("/api/Complaints"), 401)
    const customer = await visitor()
    await register(customer)
    await problem(await customer.get("/api/Complaints"), 403)
    await problem(await customer.get(`/api/Complaints/${id}`), 403)
    await problem(await staff.get("/api/Complaints?Status=Lost"), 400)

    const moving = await json<ComplaintResponseJson>(
      await staff.post(`/api/Complaints/${id}/status`, { status: "InProgress", note: "Looking" }),
    )
    expect(moving.complaint.status).toBe("InProgress")
    await json(
      await staff.post(`/api/Complaints/${id}/status`, { status: "Resolved", note: "Explained" }),
    )
    const opened = await json<ComplaintResponseJson>(await staff.get(`/api/Complaints/${id}`))
    expect(opened.complaint.history.map((h) => [h.status, h.note])).toEqual([
      ["Received", null],
      ["InProgress", "Looking"],
      ["Resolved", "Explained"],
    ])
    const entries = await shop.db
      .selectFrom("auditLog")
      .select("action")
      .where("subjectId", "=", id)
      .orderBy("at")
      .execute()
    expect(entries.map((e) => e.action)).toEqual([
      "Complaint.ChangeStatus",
      "Complaint.ChangeStatus",
    ])

    const noNote = await problem(
      await staff.post(`/api/Complaints/${id}/status`, { status: "InProgress", note: " " }),
      400,
    )
    expect(noNote.errors).toEqual({ note: ["Please add a note saying what was done."] })
    await json(
      await staff.post(`/api/Complaints/${id}/status`, { status: "Escalated", note: "ADR" }),
    )
    const bad = await problem(
      await staff.post(`/api/Complaints/${id}/status`, { status: "Received", note: "Back" }),
      409,
    )
    expect(bad.detail).toBe("A complaint that is Escalated cannot be moved to Received.")
    await problem(
      await staff.post(`/api/Complaints/${id}/status`, { status: "Lost", note: "x" }),
      400,
    )
    await problem(await staff.get("/api/Complaints/00000000-0000-4000-8000-000000000000"), 404)
    await problem(await staff.get("/api/Complaints/not-a-uuid"), 400)
  })

  it("logs an emailed complaint: a reference, the acknowledgement, source Email", async () => {
    const body = form({ category: "Account" })
    const logged = await json<ComplaintResponseJson>(
      await staff.post("/api/Complaints/logged", body),
      201,
    )
    expect(logged.complaint).toMatchObject({
      source: "Email",
      status: "Received",
      email: body.email,
    })
    const ack = await mailed(shop, body.email, "ComplaintAcknowledgement")
    expect(ack.text).toContain(logged.complaint.reference)
    await problem(await staff.post("/api/Complaints/logged", { ...body, description: "" }), 400)
  })

  it("logs one naming any customer's order, but not a made-up one", async () => {
    const customer = await visitor()
    await register(customer)
    const order = await placeOrder(customer, await competitionOnSale(shop), 1)
    // Sent from another address than the order's: staff see every order, so any real one will do.
    const logged = await json<ComplaintResponseJson>(
      await staff.post("/api/Complaints/logged", form({ orderNumber: order.orderRef })),
      201,
    )
    expect(logged.complaint.orderNumber).toBe(order.orderRef)
    const made = form({ orderNumber: "ABCDEF1234" })
    const refused = await problem(await staff.post("/api/Complaints/logged", made), 400)
    expect(refused.errors).toEqual({ orderNumber: ["There is no order with that number."] })
    const stored = await shop.db
      .selectFrom("complaints")
      .select("id")
      .where("email", "=", made.email)
      .execute()
    expect(stored).toEqual([])
  })
})

describe("harm signals", () => {
  it("lists a customer who keeps reaching their limit, reviews them (audited), and signposts the customer", async () => {
    const customer = await visitor()
    const me = await register(customer)
    const customerId = me.user.customerId ?? ""
    const before = await json<SignpostingResponseJson>(
      await customer.get(`/api/Customers/${customerId}/responsible-play-signposting`),
    )
    expect(before.signposting).toEqual({ show: false, spendThisMonthPence: 0 })

    const now = Date.now()
    await shop.db
      .insertInto("responsiblePlayEvents")
      .values(
        [3, 2, 1].map((h) => ({
          customerId,
          kind: "SpendLimitReached",
          at: new Date(now - h * 60 * 60 * 1000),
          detail: JSON.stringify({ limitPence: 0 }),
        })),
      )
      .execute()

    const list = await json<HarmSignalListJson>(await staff.get("/api/HarmSignals?PageSize=100"))
    const flagged = list.customers.find((c) => c.customer.customerId === customerId)
    expect(flagged?.signals.map((s) => [s.kind, s.label, s.description])).toEqual([
      [
        "RepeatedlyReachedLimit",
        "Repeatedly reached their spend limit",
        "Checkout refused at the spend limit 3 times in 30 days.",
      ],
    ])
    const shown = await json<SignpostingResponseJson>(
      await customer.get(`/api/Customers/${customerId}/responsible-play-signposting`),
    )
    expect(shown.signposting.show).toBe(true)

    await problem(await staff.post(`/api/HarmSignals/${customerId}/review`, { note: "" }), 400)
    const reviewed = await json<CustomerHarmSignalsResponseJson>(
      await staff.post(`/api/HarmSignals/${customerId}/review`, {
        note: "Emailed GamCare details",
      }),
    )
    expect(reviewed.harmSignals.signals[0]?.awaitingReview).toBe(false)
    await problem(await staff.post(`/api/HarmSignals/${customerId}/review`, { note: "Again" }), 409)
    const after = await json<HarmSignalListJson>(await staff.get("/api/HarmSignals?PageSize=100"))
    expect(after.customers.map((c) => c.customer.customerId)).not.toContain(customerId)
    const one = await json<CustomerHarmSignalsResponseJson>(
      await staff.get(`/api/HarmSignals/${customerId}`),
    )
    expect(one.harmSignals.reviews.map((r) => r.note)).toEqual(["Emailed GamCare details"])
    const audit = await shop.db
      .selectFrom("auditLog")
      .select("action")
      .where("subjectId", "=", customerId)
      .execute()
    expect(audit.map((a) => a.action)).toEqual(["HarmSignal.Review"])
    // Still signposted after the review: the panel follows the signal, not the review.
    const still = await json<SignpostingResponseJson>(
      await customer.get(`/api/Customers/${customerId}/responsible-play-signposting`),
    )
    expect(still.signposting.show).toBe(true)
  })

  it("refuses the list to customers, another customer's signposting, and unknown or malformed ids", async () => {
    const customer = await visitor()
    await register(customer)
    const other = await visitor()
    const them = await register(other)
    await problem(await customer.get("/api/HarmSignals"), 403)
    await problem(await new Browser(shop.app).get("/api/HarmSignals"), 401)
    await problem(
      await customer.get(`/api/Customers/${them.user.customerId}/responsible-play-signposting`),
      404,
    )
    await problem(
      await staff.get(`/api/Customers/${them.user.customerId}/responsible-play-signposting`),
      404,
    )
    await problem(await staff.get("/api/HarmSignals/00000000-0000-4000-8000-000000000000"), 404)
    await problem(await staff.get("/api/HarmSignals/not-a-uuid"), 400)
    await problem(await staff.get("/api/HarmSignals?Status=Maybe"), 400)
    await problem(
      await staff.post(`/api/HarmSignals/${them.user.customerId}/review`, { note: 5 }),
      400,
    )
  })
})
