import type { ContactMessageListJson, ContactMessageResponseJson } from "@howzat/contracts/contact"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The contact form and staff's Messages through the real composition:
 * stored, mailed to the brand's care address with an acknowledgement,
 * the honey-pot, docs/product/validation.md's messages, the rate limit, and staff marking a
 * message handled (audited).
 */
const CARE = "care@contact-test.example"
let shop: Shop
let staff: Browser

beforeAll(async () => {
  shop = await openShop(
    { RATE_LIMIT_CONTACT_PER_ADDRESS: "3/1h" },
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
  firstName: "Ann",
  lastName: "Smith",
  email: `sender${++senders}@example.com`,
  telephoneNumber: "07700 900123",
  message: "Did my postal entry arrive?\nThanks",
  ...overrides,
})
const visitor = () => new Browser(shop.app).open()
const storedFrom = (email: string) =>
  shop.db.selectFrom("contactMessages").selectAll().where("email", "=", email).execute()

describe("POST /api/Contact", () => {
  it("stores the message, mails care and thanks the sender (202)", async () => {
    const body = form()
    const answer = await json<{ message: string }>(
      await (await visitor()).post("/api/Contact", body),
      202,
    )
    expect(answer.message).toBe("Thank you for contacting Howzat. It won't be long until we reply.")
    expect(await storedFrom(body.email)).toMatchObject([{ message: body.message, handledAt: null }])
    const [care] = await shop.outbox
      .recent({ to: CARE, limit: 50 })
      .then((all) => all.filter((m) => m.text.includes(body.email)))
    expect(care).toMatchObject({ kind: "ContactMessage", subject: "Contact form: Ann Smith" })
    const [thanks] = await shop.outbox.recent({ to: body.email, limit: 5 })
    expect(thanks).toMatchObject({ kind: "ContactAcknowledgement" })
  })

  it("thanks whatever address was typed in its own words only, never the sender's", async () => {
    // Anyone can type a stranger's address: the acknowledgement must carry none of their text.
    const body = form({ firstName: "Claim your prize at prize.example", lastName: "Now" })
    await json(await (await visitor()).post("/api/Contact", body), 202)
    const [thanks] = await shop.outbox.recent({ to: body.email, limit: 5 })
    expect(thanks?.kind).toBe("ContactAcknowledgement")
    for (const part of [thanks?.subject, thanks?.text, thanks?.html])
      expect(part).not.toMatch(/Claim your prize|prize\.example|Did my postal entry/)
  })

  it("answers docs/product/validation.md's message under each bad field (400), storing and mailing nothing", async () => {
    const body = form({ firstName: "", email: "not-an-email", telephoneNumber: "12", message: "" })
    const refused = await problem(await (await visitor()).post("/api/Contact", body), 400)
    expect(refused.errors).toEqual({
      firstName: ["First name is required"],
      email: ["The Email field is not a valid e-mail address."],
      telephoneNumber: ["Please enter a valid UK phone number."],
      message: ["You must include a message."],
    })
    expect(await storedFrom("not-an-email")).toEqual([])
    const tooLong = await problem(
      await (await visitor()).post("/api/Contact", form({ message: "x".repeat(5001) })),
      400,
    )
    expect(tooLong.errors).toEqual({
      message: ["Please keep your message to 5,000 characters or fewer."],
    })
  })

  it("answers a filled honey-pot exactly like a success, keeping and sending nothing", async () => {
    const body = form({ website: "http://cheap-pills.example" })
    const answer = await json(await (await visitor()).post("/api/Contact", body), 202)
    expect(answer).toEqual({
      message: "Thank you for contacting Howzat. It won't be long until we reply.",
    })
    expect(await storedFrom(body.email)).toEqual([])
    expect(await shop.outbox.recent({ to: body.email, limit: 5 })).toEqual([])
  })

  it("refuses malformed bodies as 400 problems, never a 500", async () => {
    const b = await visitor()
    await problem(await b.post("/api/Contact", { ...form(), message: 42 }), 400)
    await problem(await b.post("/api/Contact", { ...form(), firstName: "Ann\u0000" }), 400)
    await problem(await b.post("/api/Contact", [1, 2]), 400)
    await problem(await b.post("/api/Contact", { ...form(), message: "y".repeat(20_001) }), 400)
    // Every field missing: docs/product/validation.md's words, not a schema's.
    const empty = await problem(await b.post("/api/Contact", {}), 400)
    expect(empty.errors?.message).toEqual(["You must include a message."])
  })

  it("limits one address (429 with Retry-After), storing nothing past the limit", async () => {
    const b = await visitor()
    for (let i = 0; i < 3; i++) await json(await b.post("/api/Contact", form()), 202)
    const over = form()
    const response = await b.post("/api/Contact", over)
    const refused = await problem(response, 429)
    expect(refused.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await storedFrom(over.email)).toEqual([])
  })
})

describe("staff's contact messages", () => {
  it("lists waiting messages newest first to staff, and to nobody else", async () => {
    const body = form({ message: "Newest question" })
    await json(await (await visitor()).post("/api/Contact", body), 202)
    const list = await json<ContactMessageListJson>(await staff.get("/api/ContactMessages"))
    expect(list.contactMessages[0]).toMatchObject({ email: body.email, message: "Newest question" })
    expect(list.contactMessages.every((m) => m.handledAt === null)).toBe(true)
    await problem(await new Browser(shop.app).get("/api/ContactMessages"), 401)
    const customer = await visitor()
    await register(customer)
    await problem(await customer.get("/api/ContactMessages"), 403)
    await problem(await staff.get("/api/ContactMessages?Status=Maybe"), 400)
    await problem(await staff.get("/api/ContactMessages?PageSize=0"), 400)
  })

  it("marks a message handled and back, audited, and says 404 for one that isn't there", async () => {
    const body = form({ message: "Please call me" })
    await json(await (await visitor()).post("/api/Contact", body), 202)
    const [stored] = await storedFrom(body.email)
    const id = stored?.id ?? ""
    const handled = await json<ContactMessageResponseJson>(
      await staff.post(`/api/ContactMessages/${id}/handled`, { handled: true }),
    )
    expect(handled.contactMessage.handledAt).not.toBeNull()
    const waiting = await json<ContactMessageListJson>(
      await staff.get("/api/ContactMessages?Status=Unhandled&PageSize=100"),
    )
    expect(waiting.contactMessages.map((m) => m.id)).not.toContain(id)
    const all = await json<ContactMessageListJson>(
      await staff.get("/api/ContactMessages?Status=All&PageSize=100"),
    )
    expect(all.contactMessages.map((m) => m.id)).toContain(id)
    await json(await staff.post(`/api/ContactMessages/${id}/handled`, { handled: false }))
    const entries = await shop.db
      .selectFrom("auditLog")
      .select(["action", "actorRole"])
      .where("subjectId", "=", id)
      .orderBy("at")
      .execute()
    expect(entries).toEqual([
      { action: "ContactMessage.MarkHandled", actorRole: "Staff" },
      { action: "ContactMessage.MarkUnhandled", actorRole: "Staff" },
    ])
    await problem(
      await staff.post("/api/ContactMessages/00000000-0000-4000-8000-000000000000/handled", {
        handled: true,
      }),
      404,
    )
    await problem(
      await staff.post("/api/ContactMessages/not-a-uuid/handled", { handled: true }),
      400,
    )
    await problem(await staff.post(`/api/ContactMessages/${id}/handled`, { handled: "yes" }), 400)
  })
})
