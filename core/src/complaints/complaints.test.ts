import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Principal } from "../accounts/model.js"
import { defaultRateLimitPolicy } from "../accounts/throttle.js"
import {
  COMPLAINT_REFERENCE_PATTERN,
  COMPLAINT_STATUSES,
  COMPLAINT_TRANSITIONS,
  type ComplaintComplainant,
  type ComplaintForm,
  type ComplaintStatus,
  canMoveComplaint,
  complaintMessages,
  complaintReference,
  mayNameOrder,
  type OrderOwner,
  orderNumberError,
  readComplaintForm,
} from "../rules/complaints.js"
import {
  COMPLAINTS_CARE_ADDRESS,
  emptyComplaints,
  type MemoryComplaints,
  memoryComplaints,
} from "./complaint-doubles.js"
import { Complaints } from "./complaints.js"
import { StaffComplaints } from "./staff-complaints.js"

const good: ComplaintForm = {
  name: "Ann Smith",
  email: "ann@example.com",
  orderNumber: "",
  category: "Draw or winner",
  description: "The draw was never streamed.\n\nPlease explain.",
}

const principal = (role: Principal["role"]): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "c-1" : null,
  email: `${role.toLowerCase()}@example.com`,
  name: role,
})

const submit = (
  state: MemoryComplaints,
  form: ComplaintForm,
  options: { honeyPot?: string; customerId?: string | null; address?: string } = {},
) =>
  Effect.runPromise(
    Effect.either(
      Effect.flatMap(Complaints, (c) =>
        c.submit(
          { ...form, honeyPot: options.honeyPot ?? "" },
          { address: options.address ?? "203.0.113.7", customerId: options.customerId ?? null },
        ),
      ).pipe(Effect.provide(memoryComplaints(state))),
    ),
  )

const asStaff = <A, E>(
  state: MemoryComplaints,
  use: (complaints: StaffComplaints) => Effect.Effect<A, E>,
) =>
  Effect.runPromise(
    Effect.either(
      Effect.flatMap(StaffComplaints, use).pipe(Effect.provide(memoryComplaints(state))),
    ),
  )

const tagOf = <A, E extends { _tag: string }>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? result.left._tag : "Right"

describe("the complaint form's rules", () => {
  it("names every bad field with its message", () => {
    const read = readComplaintForm({
      name: " ",
      email: "nope",
      orderNumber: "<script>",
      category: "Weather",
      description: "",
    })
    expect(read).toEqual({
      _tag: "Invalid",
      errors: {
        name: complaintMessages.nameRequired,
        email: "The Email field is not a valid e-mail address.",
        orderNumber: complaintMessages.orderNumberInvalid,
        category: complaintMessages.categoryRequired,
        description: complaintMessages.descriptionRequired,
      },
    })
  })

  it("accepts what it cleaned: reading a valid form again changes nothing", () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ maxLength: 30 }),
          email: fc.constantFrom("a@b.co", " x@y.com ", "bad"),
          orderNumber: fc.string({ maxLength: 12 }),
          category: fc.constantFrom("Account", "Other", "Nope"),
          description: fc.string({ maxLength: 50 }),
        }),
        (form) => {
          const read = readComplaintForm(form)
          if (read._tag === "Valid") expect(readComplaintForm(read.form)).toEqual(read)
        },
      ),
    )
  })

  it("makes references of the documented shape from any random bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 9999 }),
        fc.uint8Array({ minLength: 6, maxLength: 6 }),
        (year, bytes) => {
          expect(complaintReference(year, bytes)).toMatch(COMPLAINT_REFERENCE_PATTERN)
        },
      ),
    )
  })

  it("moves only along the table, and every status can eventually be resolved", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMPLAINT_STATUSES),
        fc.constantFrom(...COMPLAINT_STATUSES),
        (from, to) => {
          expect(canMoveComplaint(from, to)).toBe(COMPLAINT_TRANSITIONS[from].includes(to))
        },
      ),
    )
    for (const from of COMPLAINT_STATUSES) {
      const reach = new Set<ComplaintStatus>([from])
      for (let i = 0; i < 4; i++)
        for (const s of [...reach]) for (const t of COMPLAINT_TRANSITIONS[s]) reach.add(t)
      expect(reach.has("Resolved")).toBe(true)
    }
  })
})

describe("sending a complaint", () => {
  it("stores it with a reference, mails the customer the reference and timelines and care a copy", async () => {
    const state = emptyComplaints()
    state.orders.push({ reference: "HZ-1234", customerId: "c-9", email: "ann@example.com" })
    const sent = await submit(
      state,
      { ...good, email: " ann@example.com ", orderNumber: "hz-1234" },
      { customerId: "c-9" },
    )
    expect(Either.isRight(sent) && sent.right._tag).toBe("Received")
    const [stored] = state.complaints
    expect(stored).toMatchObject({
      ...good,
      orderNumber: "HZ-1234",
      status: "Received",
      source: "Form",
      customerId: "c-9",
    })
    expect(stored?.reference).toMatch(COMPLAINT_REFERENCE_PATTERN)
    const [care, ack] = state.outbox
    expect(care).toMatchObject({ kind: "ComplaintReceived", to: COMPLAINTS_CARE_ADDRESS })
    expect(care?.text).toContain("The draw was never streamed.")
    expect(ack).toMatchObject({ kind: "ComplaintAcknowledgement", to: "ann@example.com" })
    expect(ack?.subject).toBe(`Your complaint ${stored?.reference}`)
    expect(ack?.text).toContain(stored?.reference)
    expect(ack?.text).toContain("within 8 weeks")
    // The acknowledgement repeats none of the description: no relay for someone else's words.
    expect(ack?.text).not.toContain("never streamed")
  })

  it("refuses a bad form, storing and sending nothing", async () => {
    const state = emptyComplaints()
    const refused = await submit(state, { ...good, description: " " })
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "ComplaintInvalid",
      errors: { description: complaintMessages.descriptionRequired },
    })
    expect(state.complaints).toEqual([])
    expect(state.outbox).toEqual([])
  })

  it("draws another reference when one is taken", async () => {
    const state = emptyComplaints()
    const clash = new Uint8Array([1, 2, 3, 4, 5, 6])
    state.scriptedBytes.push(clash)
    await submit(state, good)
    state.scriptedBytes.push(clash, new Uint8Array([6, 5, 4, 3, 2, 1]))
    const second = await submit(state, good)
    expect(Either.isRight(second)).toBe(true)
    const references = state.complaints.map((c) => c.reference)
    expect(new Set(references).size).toBe(2)
  })

  it("stores nothing and mails nothing when the outbox fails", async () => {
    const state = emptyComplaints()
    state.mailerDown = true
    const failed = await submit(state, good)
    expect(tagOf(failed)).toBe("RepositoryError")
    expect(state.complaints).toEqual([])
  })

  it("answers a filled honey-pot with a reference, storing nothing", async () => {
    const state = emptyComplaints()
    const sent = await submit(state, good, { honeyPot: "https://spam.example" })
    expect(Either.isRight(sent) && sent.right).toMatchObject({ _tag: "Ignored" })
    expect(state.complaints).toEqual([])
    expect(state.outbox).toEqual([])
  })

  it("is rate-limited per address like the contact form", async () => {
    const state = emptyComplaints()
    const max = defaultRateLimitPolicy.limits.complaints.perAddress.max
    for (let i = 0; i < max; i++)
      expect(tagOf(await submit(state, { ...good, email: `a${i}@example.com` }))).toBe("Right")
    expect(tagOf(await submit(state, { ...good, email: "late@example.com" }))).toBe("RateLimited")
  })
})

describe("naming an order (mayNameOrder)", () => {
  const owner = fc.record({
    customerId: fc.constantFrom("c-1", "c-2"),
    email: fc.constantFrom("ann@example.com", "Ann@Example.com", "bob@example.com"),
  })
  const complainant: fc.Arbitrary<ComplaintComplainant> = fc.oneof(
    fc.record({
      _tag: fc.constant("Customer" as const),
      customerId: fc.constantFrom("c-1", "c-2"),
    }),
    fc.record({
      _tag: fc.constant("Visitor" as const),
      email: fc.constantFrom("ann@example.com", "ANN@example.com", "bob@example.com"),
    }),
    fc.constant({ _tag: "Staff" as const }),
  )

  it("lets a customer name their own orders, a visitor their email's, staff any that exists", () => {
    fc.assert(
      fc.property(fc.option(owner, { nil: null }), complainant, (found, by) => {
        const expected =
          found !== null &&
          (by._tag === "Staff" ||
            (by._tag === "Customer" && by.customerId === found.customerId) ||
            (by._tag === "Visitor" && by.email.toLowerCase() === found.email.toLowerCase()))
        expect(mayNameOrder(found, by)).toBe(expected)
      }),
    )
  })

  it("gives a customer or visitor the same words for a made-up number as for a stranger's", () => {
    const stranger: OrderOwner = { customerId: "c-2", email: "bob@example.com" }
    for (const by of [
      { _tag: "Customer", customerId: "c-1" },
      { _tag: "Visitor", email: "ann@example.com" },
    ] as const) {
      expect(orderNumberError(null, by)).toBe(complaintMessages.orderNumberNotYours)
      expect(orderNumberError(stranger, by)).toBe(complaintMessages.orderNumberNotYours)
    }
    expect(orderNumberError(null, { _tag: "Staff" })).toBe(complaintMessages.orderNumberUnknown)
    expect(orderNumberError(stranger, { _tag: "Staff" })).toBeUndefined()
  })
})

describe("a complaint naming an order", () => {
  const withOrders = () => {
    const state = emptyComplaints()
    state.orders.push(
      { reference: "A1B2C3D4E5", customerId: "c-ann", email: "Ann@Example.com" },
      { reference: "F6F7F8F9F0", customerId: "c-bob", email: "bob@example.com" },
    )
    return state
  }
  const notYours = { orderNumber: complaintMessages.orderNumberNotYours }

  it("refuses a made-up number and a stranger's alike, storing and sending nothing", async () => {
    const state = withOrders()
    const attempts = [
      { form: { ...good, orderNumber: "ZZZZZZZZZZ" } },
      { form: { ...good, orderNumber: "f6f7f8f9f0" } },
      { form: { ...good, orderNumber: "ZZZZZZZZZZ" }, customerId: "c-ann" },
      // Signed in, typing the owner's email does not make a stranger's order theirs.
      {
        form: { ...good, email: "bob@example.com", orderNumber: "F6F7F8F9F0" },
        customerId: "c-ann",
      },
    ]
    for (const attempt of attempts) {
      const refused = await submit(state, attempt.form, {
        customerId: attempt.customerId ?? null,
        address: `198.51.100.${attempts.indexOf(attempt)}`,
      })
      expect(Either.isLeft(refused) && refused.left).toEqual(
        expect.objectContaining({ _tag: "ComplaintInvalid", errors: notYours }),
      )
    }
    expect(state.complaints).toEqual([])
    expect(state.outbox).toEqual([])
  })

  it("takes a signed-in customer's own order whatever email they type", async () => {
    const state = withOrders()
    const sent = await submit(
      state,
      { ...good, email: "other@example.com", orderNumber: " a1b2c3d4e5 " },
      { customerId: "c-ann" },
    )
    expect(Either.isRight(sent)).toBe(true)
    expect(state.complaints[0]?.orderNumber).toBe("A1B2C3D4E5")
  })

  it("takes a visitor's order when the email typed is its customer's, in any case", async () => {
    const state = withOrders()
    const sent = await submit(state, {
      ...good,
      email: "ANN@example.COM",
      orderNumber: "A1B2C3D4E5",
    })
    expect(Either.isRight(sent)).toBe(true)
  })

  it("names the order number with the form's other errors, but not for a visitor's bad email", async () => {
    const state = withOrders()
    const both = await submit(state, { ...good, description: "", orderNumber: "ZZZZZZZZZZ" })
    expect(Either.isLeft(both) && both.left).toMatchObject({
      errors: { description: complaintMessages.descriptionRequired, ...notYours },
    })
    // No email to match it against: only the email is wrong so far.
    const badEmail = await submit(state, { ...good, email: "nope", orderNumber: "A1B2C3D4E5" })
    expect(Either.isLeft(badEmail) && badEmail.left).toEqual(
      expect.objectContaining({
        _tag: "ComplaintInvalid",
        errors: { email: "The Email field is not a valid e-mail address." },
      }),
    )
  })

  it("lets staff log any order that exists, but not a made-up one", async () => {
    const state = withOrders()
    const staff = principal("Staff")
    const logged = await asStaff(state, (s) =>
      s.logEmailed(staff, { ...good, email: "someone@example.com", orderNumber: "F6F7F8F9F0" }),
    )
    expect(Either.isRight(logged) && logged.right.orderNumber).toBe("F6F7F8F9F0")
    const refused = await asStaff(state, (s) =>
      s.logEmailed(staff, { ...good, orderNumber: "ZZZZZZZZZZ" }),
    )
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "ComplaintInvalid",
      errors: { orderNumber: complaintMessages.orderNumberUnknown },
    })
    expect(state.complaints).toHaveLength(1)
    expect(state.audit).toHaveLength(1)
  })
})

describe("staff handling complaints", () => {
  const received = async () => {
    const state = emptyComplaints()
    await submit(state, good)
    return { state, id: state.complaints[0]?.id as string }
  }

  it("refuses a customer every staff call", async () => {
    const { state, id } = await received()
    const customer = principal("Customer")
    expect(
      tagOf(
        await asStaff(state, (s) => s.list(customer, { page: { pageNumber: 1, pageSize: 10 } })),
      ),
    ).toBe("NotStaff")
    expect(tagOf(await asStaff(state, (s) => s.byId(customer, id)))).toBe("NotStaff")
    expect(tagOf(await asStaff(state, (s) => s.changeStatus(customer, id, "Resolved", "x")))).toBe(
      "NotStaff",
    )
    expect(tagOf(await asStaff(state, (s) => s.logEmailed(customer, good)))).toBe("NotStaff")
  })

  it("moves a complaint with a note, keeps the history and audits it", async () => {
    const { state, id } = await received()
    const staff = principal("Staff")
    await asStaff(state, (s) => s.changeStatus(staff, id, "InProgress", "Looking into it"))
    const done = await asStaff(state, (s) =>
      s.changeStatus(staff, id, "Resolved", " Explained the stream schedule. "),
    )
    expect(Either.isRight(done) && done.right.status).toBe("Resolved")
    expect(state.complaints[0]?.history.map((h) => [h.status, h.note, h.by])).toEqual([
      ["Received", null, null],
      ["InProgress", "Looking into it", "Staff-1"],
      ["Resolved", "Explained the stream schedule.", "Staff-1"],
    ])
    expect(
      state.audit.map((a) => [
        a.action,
        (a.before as { status: string }).status,
        (a.after as { status: string }).status,
      ]),
    ).toEqual([
      ["Complaint.ChangeStatus", "Received", "InProgress"],
      ["Complaint.ChangeStatus", "InProgress", "Resolved"],
    ])
  })

  it("adds a note without a move when the status is the same", async () => {
    const { state, id } = await received()
    await asStaff(state, (s) => s.changeStatus(principal("Staff"), id, "Received", "Called back"))
    expect(state.complaints[0]?.status).toBe("Received")
    expect(state.audit.map((a) => a.action)).toEqual(["Complaint.AddNote"])
  })

  it("refuses a move the table does not allow, and a missing note, changing nothing", async () => {
    const { state, id } = await received()
    const staff = principal("Staff")
    await asStaff(state, (s) => s.changeStatus(staff, id, "Escalated", "Sent to ADR"))
    const refused = await asStaff(state, (s) => s.changeStatus(staff, id, "InProgress", "Back"))
    expect(Either.isLeft(refused) && refused.left).toMatchObject({
      _tag: "ComplaintMoveRefused",
      from: "Escalated",
      to: "InProgress",
    })
    expect(tagOf(await asStaff(state, (s) => s.changeStatus(staff, id, "Resolved", "  ")))).toBe(
      "ComplaintNoteInvalid",
    )
    expect(state.complaints[0]?.status).toBe("Escalated")
    expect(state.audit).toHaveLength(1)
  })

  it("answers an unknown complaint as not found", async () => {
    const state = emptyComplaints()
    const unknown = "00000000-0000-4000-8000-999999999999"
    expect(tagOf(await asStaff(state, (s) => s.byId(principal("Staff"), unknown)))).toBe(
      "ComplaintNotFound",
    )
    expect(
      tagOf(
        await asStaff(state, (s) => s.changeStatus(principal("Staff"), unknown, "Resolved", "x")),
      ),
    ).toBe("ComplaintNotFound")
  })

  it("logs an emailed complaint: a reference, the customer's acknowledgement, no copy to care, audited", async () => {
    const state = emptyComplaints()
    const logged = await asStaff(state, (s) => s.logEmailed(principal("Staff"), good))
    expect(Either.isRight(logged) && logged.right).toMatchObject({
      source: "Email",
      status: "Received",
    })
    expect(state.complaints[0]?.history[0]?.by).toBe("Staff-1")
    expect(state.outbox.map((m) => m.kind)).toEqual(["ComplaintAcknowledgement"])
    expect(state.audit.map((a) => [a.action, a.before])).toEqual([["Complaint.Log", null]])
  })

  it("lists by status, newest first", async () => {
    const state = emptyComplaints()
    await submit(state, { ...good, email: "one@example.com" })
    await submit(state, { ...good, email: "two@example.com" })
    const staff = principal("Staff")
    const first = state.complaints[0]?.id as string
    await asStaff(state, (s) => s.changeStatus(staff, first, "Resolved", "Done"))
    const open = await asStaff(state, (s) =>
      s.list(staff, { status: "Received", page: { pageNumber: 1, pageSize: 10 } }),
    )
    expect(Either.isRight(open) && open.right.items.map((c) => c.email)).toEqual([
      "two@example.com",
    ])
  })
})
