import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, type Layer } from "effect"
import fc from "fast-check"
import type { Principal } from "../accounts/model.js"
import { defaultRateLimitPolicy } from "../accounts/throttle.js"
import { type ContactForm, validateContactForm } from "../rules/contact.js"
import { Contact } from "./contact.js"
import { CARE_ADDRESS, emptyContact, type MemoryContact, memoryContact } from "./contact-doubles.js"
import { StaffContactMessages } from "./staff-messages.js"

const good: ContactForm = {
  firstName: "Ann",
  lastName: "Smith",
  email: "ann@example.com",
  telephoneNumber: "07700 900123",
  message: "Where is my prize?\n\nThanks, Ann",
}

const principal = (role: Principal["role"]): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "c-1" : null,
  email: `${role.toLowerCase()}@example.com`,
  name: role,
})

const send = (state: MemoryContact, form: ContactForm, honeyPot = "", address = "203.0.113.7") =>
  Effect.runPromise(
    Effect.either(
      Effect.flatMap(Contact, (c) => c.sendContactMessage({ ...form, honeyPot }, { address })).pipe(
        Effect.provide(memoryContact(state)),
      ),
    ),
  )

const asStaff = <A, E>(
  state: MemoryContact,
  use: (messages: StaffContactMessages) => Effect.Effect<A, E>,
) =>
  Effect.runPromise(
    Effect.either(
      Effect.flatMap(StaffContactMessages, use).pipe(Effect.provide(memoryContact(state))),
    ),
  )

const tagOf = <A, E extends { _tag: string }>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? result.left._tag : "Right"

describe("sending a contact message", () => {
  it("stores it, mails it to the care address and thanks the sender, in one go", async () => {
    const state = emptyContact()
    const sent = await send(state, { ...good, email: " ann@example.com " })
    expect(Either.isRight(sent) && sent.right._tag).toBe("Sent")
    expect(state.messages).toMatchObject([{ ...good, handledAt: null }])
    const [care, thanks] = state.outbox
    expect(care).toMatchObject({ kind: "ContactMessage", to: CARE_ADDRESS })
    expect(care?.subject).toBe("Contact form: Ann Smith")
    expect(care?.text).toContain("Reply to ann@example.com")
    expect(care?.text).toContain("07700 900123")
    expect(care?.text).toContain("Where is my prize?")
    expect(care?.html).toContain("<p>Where is my prize?</p>\n<p>Thanks, Ann</p>")
    expect(thanks).toMatchObject({ kind: "ContactAcknowledgement", to: "ann@example.com" })
    expect(thanks?.text).toContain("Thank you for contacting Howzat")
    expect(thanks?.text).toContain("it won't be long until we reply.")
    // The acknowledgement repeats none of the message: no relay for someone else's words.
    expect(thanks?.text).not.toContain("Where is my prize?")
  })

  it("escapes what the sender typed in the care team's HTML", async () => {
    const state = emptyContact()
    await send(state, { ...good, message: '<img src=x onerror="alert(1)">' })
    expect(state.outbox[0]?.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;")
    expect(state.outbox[0]?.html).not.toContain("<img")
  })

  it("refuses a bad form with every field's message, storing and sending nothing", async () => {
    const state = emptyContact()
    const refused = await send(state, { ...good, telephoneNumber: "12", message: " " })
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "ContactInvalid",
      errors: {
        telephoneNumber: "Please enter a valid UK phone number.",
        message: "You must include a message.",
      },
    })
    expect(state.messages).toEqual([])
    expect(state.outbox).toEqual([])
  })

  it("keeps nothing when the mail can't be queued: no message stored without its mail", async () => {
    const state = emptyContact()
    state.mailerDown = true
    const failed = await send(state, good)
    expect(tagOf(failed)).toBe("RepositoryError")
    expect(state.messages).toEqual([])
  })

  it("property: a filled honey-pot is answered like a success and stores or sends nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        fc.boolean(),
        async (honeyPot, validForm) => {
          const state = emptyContact()
          const form = validForm ? good : { ...good, message: "" }
          const answer = await send(state, form, honeyPot)
          expect(Either.isRight(answer) && answer.right._tag).toBe("Ignored")
          expect(state.messages).toEqual([])
          expect(state.outbox).toEqual([])
        },
      ),
      { numRuns: 50 },
    )
  })

  it("property: each accepted message is stored once with exactly two mails; a refusal leaves nothing", async () => {
    const field = fc.oneof(fc.constant(""), fc.constant("@"), fc.string({ maxLength: 12 }))
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            firstName: fc.oneof(fc.constant("Ann"), field),
            lastName: fc.oneof(fc.constant("Smith"), field),
            email: fc.oneof(fc.constant("ann@example.com"), field),
            telephoneNumber: fc.oneof(fc.constant("07700 900123"), field),
            message: fc.oneof(fc.constant("Hello"), field),
          }),
          { maxLength: 5 },
        ),
        async (forms) => {
          const state = emptyContact()
          let accepted = 0
          for (const [i, form] of forms.entries()) {
            const answer = await send(state, form, "", `198.51.100.${i}`)
            if (Either.isRight(answer)) accepted++
            else expect(answer.left._tag).toBe("ContactInvalid")
          }
          expect(state.messages).toHaveLength(accepted)
          expect(state.outbox).toHaveLength(2 * accepted)
          for (const stored of state.messages) expect(validateContactForm(stored)).toEqual({})
        },
      ),
      { numRuns: 60 },
    )
  })

  it("property: one address sends at most its limit an hour, then 429s with nothing stored", async () => {
    const limit = defaultRateLimitPolicy.limits.contact.perAddress.max
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: limit + 4 }), async (tries) => {
        const state = emptyContact()
        const answers = []
        // A different email each time: only the address's limit applies.
        for (let i = 0; i < tries; i++)
          answers.push(await send(state, { ...good, email: `ann${i}@example.com` }))
        expect(answers.filter(Either.isRight)).toHaveLength(Math.min(tries, limit))
        for (const refused of answers.slice(limit))
          expect(Either.isLeft(refused) && refused.left).toMatchObject({
            _tag: "RateLimited",
            action: "contact",
            limit: "address",
          })
        expect(state.messages).toHaveLength(Math.min(tries, limit))
      }),
      { numRuns: 15 },
    )
  })

  it("limits one email address across client addresses, whatever its case", async () => {
    const state = emptyContact()
    const limit = defaultRateLimitPolicy.limits.contact.perAccount.max
    for (let i = 0; i < limit; i++)
      expect(Either.isRight(await send(state, good, "", `192.0.2.${i}`))).toBe(true)
    const refused = await send(state, { ...good, email: "ANN@example.com" }, "", "192.0.2.200")
    expect(Either.isLeft(refused) && refused.left).toMatchObject({ limit: "account" })
    expect(state.outbox.filter((m) => m.to === "ann@example.com")).toHaveLength(limit)
  })
})

describe("contact messages for staff", () => {
  it("refuses a customer before reading or changing anything", async () => {
    const state = emptyContact()
    await send(state, good)
    const customer = principal("Customer")
    expect(
      tagOf(
        await asStaff(state, (m) =>
          m.list(customer, { unhandledOnly: false, page: { pageNumber: 1, pageSize: 20 } }),
        ),
      ),
    ).toBe("NotStaff")
    const id = state.messages[0]?.id ?? ""
    expect(tagOf(await asStaff(state, (m) => m.markHandled(customer, id, true)))).toBe("NotStaff")
    expect(state.messages[0]?.handledAt).toBeNull()
    expect(state.audit).toEqual([])
  })

  it("lists newest first, filters the unhandled, marks handled and back, audited once each", async () => {
    const state = emptyContact()
    await send(state, { ...good, message: "first" })
    await send(state, { ...good, message: "second" }, "", "203.0.113.8")
    const first = state.messages[0]
    if (first) state.messages[0] = { ...first, createdAt: new Date(1_000) }
    const staff = principal("Staff")
    const page = { pageNumber: 1, pageSize: 20 }
    const all = await asStaff(state, (m) => m.list(staff, { unhandledOnly: false, page }))
    expect(Either.isRight(all) && all.right.items.map((m) => m.message)).toEqual([
      "second",
      "first",
    ])

    const firstId = state.messages[0]?.id ?? ""
    const handled = await asStaff(state, (m) => m.markHandled(staff, firstId, true))
    expect(Either.isRight(handled) && handled.right.handledBy).toBe("Staff-1")
    // Again: nothing changes and nothing more is logged.
    await asStaff(state, (m) => m.markHandled(staff, firstId, true))
    const waiting = await asStaff(state, (m) => m.list(staff, { unhandledOnly: true, page }))
    expect(Either.isRight(waiting) && waiting.right.items.map((m) => m.message)).toEqual(["second"])
    expect(state.audit).toMatchObject([
      {
        action: "ContactMessage.MarkHandled",
        subject: { type: "ContactMessage", id: firstId },
        actor: { userId: "Staff-1", role: "Staff" },
        before: { from: "ann@example.com", handledAt: null, handledBy: null },
        after: { from: "ann@example.com", handledBy: "Staff-1" },
      },
    ])

    const reopened = await asStaff(state, (m) => m.markHandled(principal("Admin"), firstId, false))
    expect(Either.isRight(reopened) && reopened.right.handledAt).toBeNull()
    expect(state.audit.map((e) => e.action)).toEqual([
      "ContactMessage.MarkHandled",
      "ContactMessage.MarkUnhandled",
    ])
  })

  it("says which message is missing", async () => {
    const state = emptyContact()
    const missing = await asStaff(state, (m) =>
      m.markHandled(principal("Staff"), "00000000-0000-4000-8000-999999999999", true),
    )
    expect(tagOf(missing)).toBe("ContactMessageNotFound")
  })
})

// Keeps the layer type honest: both services come from one composition.
export const _layer: Layer.Layer<Contact | StaffContactMessages> = memoryContact(emptyContact())
