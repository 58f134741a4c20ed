import type { TicketsHeldResponseJson } from "@howzat/contracts/orders"
import type { PostalEntryResponseJson } from "@howzat/contracts/postal-entries"
import { messages, postalEntryMessages } from "@howzat/core/rules"
import { makeUserRepo } from "@howzat/postgres"
import { hash } from "@node-rs/argon2"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ARGON2ID_OPTIONS } from "./auth/argon2-password-hasher"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale } from "./test-support/orders"
import { logIn, mailed, openShop, register, type Shop, STRONG_PASSWORD } from "./test-support/shop"

/**
 * POST /api/Competitions/{competitionId}/free-postal-entry through the real
 * composition: staff record a postcard, the entrant gets one ticket from the
 * pool, the maximum and the close apply as for a sale, a repeated request
 * records nothing new, and the entry is drawn like a paid ticket.
 */
let shop: Shop
let staff: Browser
let customer: Browser
let customerId: string
let customerEmail: string

const DAY = 24 * 60 * 60 * 1000

const entryPath = (competitionId: string) => `/api/Competitions/${competitionId}/free-postal-entry`

let people = 0
const postcard = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Bea",
  lastName: "Bowler",
  emailAddress: `postcard-${++people}@example.com`,
  dateOfBirth: "1980-02-03",
  address: { line1: "2 Long Room", city: "Leeds", postCode: "ls6 3bu" },
  ...overrides,
})

beforeAll(async () => {
  shop = await openShop()
  await Effect.runPromise(
    makeUserRepo(shop.db).createStaff({
      emailAddress: "post-room@howzat.example",
      passwordHash: await hash(STRONG_PASSWORD, ARGON2ID_OPTIONS),
      firstName: "Pat",
      lastName: "Post",
      role: "Staff",
    }),
  )
  staff = await new Browser(shop.app).open()
  await logIn(staff, "post-room@howzat.example")
  customer = await new Browser(shop.app).open()
  const registered = await register(customer)
  customerId = registered.user.customerId as string
  customerEmail = registered.email
})
afterAll(async () => {
  await shop?.close()
})

const sold = async (competitionId: string) =>
  (
    await json<{ competition: { ticketsSoldToDate: number } }>(
      await staff.get(`/api/Competitions/${competitionId}`),
    )
  ).competition.ticketsSoldToDate

describe("who may record a free postal entry", () => {
  it("answers 401 to nobody and 403 to a customer, and gives no ticket", async () => {
    const competitionId = await competitionOnSale(shop)
    const nobody = await new Browser(shop.app).open()
    await problem(await nobody.post(entryPath(competitionId), postcard()), 401)
    const refused = await problem(await customer.post(entryPath(competitionId), postcard()), 403)
    expect(refused.detail).toBe("Only staff can record free postal entries.")
    expect(await sold(competitionId)).toBe(0)
  })
})

describe("a free postal entry", () => {
  it("gives a person one ticket from the pool, counted sold", async () => {
    const competitionId = await competitionOnSale(shop, { totalTickets: 50 })
    const body = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), postcard({ entryReference: "PC-0001" })),
      201,
    )
    expect(body.alreadyRecorded).toBe(false)
    expect(body.postalEntry).toMatchObject({
      competition: { id: competitionId },
      customerId: null,
      fullName: "Bea Bowler",
      dateOfBirth: "1980-02-03",
      address: { line1: "2 Long Room", line2: "", city: "Leeds", postCode: "LS6 3BU" },
      entryReference: "PC-0001",
      telephoneNumber: "",
    })
    const { ticketNumber } = body.postalEntry
    expect(ticketNumber).toBeGreaterThanOrEqual(1)
    expect(ticketNumber).toBeLessThanOrEqual(50)
    const ticket = await shop.db
      .selectFrom("tickets")
      .select(["orderId", "customerId"])
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", "=", ticketNumber)
      .executeTakeFirstOrThrow()
    expect(ticket).toEqual({ orderId: body.postalEntry.id, customerId: null })
    expect(await sold(competitionId)).toBe(1)
  })

  it("answers a repeated request with the same entry and no second ticket", async () => {
    const competitionId = await competitionOnSale(shop)
    const card = postcard({ entryReference: "PC-0002" })
    const first = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), card),
      201,
    )
    const again = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), card),
      200,
    )
    expect(again).toEqual({ postalEntry: first.postalEntry, alreadyRecorded: true })
    expect(await sold(competitionId)).toBe(1)
  })

  it("refuses a reference already given to someone else's postcard", async () => {
    const competitionId = await competitionOnSale(shop)
    await json(await staff.post(entryPath(competitionId), postcard({ entryReference: "R1" })), 201)
    const clash = await problem(
      await staff.post(entryPath(competitionId), postcard({ entryReference: "R1" })),
      409,
    )
    expect(clash.detail).toBe(postalEntryMessages.entryReferenceInUse("R1"))
    expect(await sold(competitionId)).toBe(1)
  })

  it("counts toward a customer's maximum with what they bought, and shows among their tickets", async () => {
    const competitionId = await competitionOnSale(shop, { maxTicketsPerCustomer: 2 })
    const entered = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), { customerId }),
      201,
    )
    expect(entered.postalEntry).toMatchObject({ customerId, emailAddress: customerEmail })
    const held = await json<TicketsHeldResponseJson>(
      await customer.get(`/api/Customers/${customerId}/competitions/${competitionId}/tickets-held`),
    )
    expect(held.ticketsHeld).toBe(1)
    const tickets = await json<{ tickets: { ticketNumber: number }[] }>(
      await customer.get(`/api/Customers/${customerId}/competitions/${competitionId}/tickets`),
    )
    expect(tickets.tickets.map((t) => t.ticketNumber)).toEqual([entered.postalEntry.ticketNumber])

    await json(await staff.post(entryPath(competitionId), { customerId }), 201)
    const third = await problem(await staff.post(entryPath(competitionId), { customerId }), 409)
    expect(third.detail).toBe(postalEntryMessages.maximumReached(2))
  })

  it("holds a person without an account to the maximum by their email", async () => {
    const competitionId = await competitionOnSale(shop, { maxTicketsPerCustomer: 1 })
    await json(
      await staff.post(entryPath(competitionId), postcard({ emailAddress: "dot@example.com" })),
      201,
    )
    await problem(
      await staff.post(entryPath(competitionId), postcard({ emailAddress: "DOT@example.com " })),
      409,
    )
  })
})

describe("a postal entry refused", () => {
  it("names each bad detail with docs/product/validation.md's words", async () => {
    const competitionId = await competitionOnSale(shop)
    const refused = await problem(
      await staff.post(entryPath(competitionId), {
        firstName: "",
        emailAddress: "not-an-email",
        dateOfBirth: new Date(Date.now() - 17 * 365 * DAY).toISOString().slice(0, 10),
      }),
      400,
    )
    expect(refused.title).toContain("validation error")
    expect(refused.errors).toEqual({
      firstName: [messages.firstNameRequired],
      lastName: [messages.lastNameRequired],
      emailAddress: [messages.emailInvalid],
      dateOfBirth: [messages.dateOfBirthTooYoung],
      "address.line1": [messages.addressLine1Required],
      "address.postCode": [messages.postcodeRequired],
    })
    expect(await sold(competitionId)).toBe(0)
  })

  it("for a control character, an over-long field or a malformed id, naming the field", async () => {
    const competitionId = await competitionOnSale(shop)
    for (const [body, field] of [
      [postcard({ firstName: "Bea\u0000" }), "firstName"],
      [postcard({ entryReference: "x".repeat(1001) }), "entryReference"],
      [postcard({ address: { line1: "1\nStreet", postCode: "LS6 3BU" } }), "address"],
      [{ customerId: "not-a-uuid" }, "customerId"],
    ] as const) {
      const refused = await problem(await staff.post(entryPath(competitionId), body), 400)
      expect(Object.keys(refused.errors ?? {}).join()).toContain(field)
    }
    const tooLong = await problem(
      await staff.post(entryPath(competitionId), postcard({ entryReference: "x".repeat(101) })),
      400,
    )
    expect(tooLong.errors).toEqual({ entryReference: [postalEntryMessages.entryReferenceTooLong] })
    expect(await sold(competitionId)).toBe(0)
  })

  it("for an unknown customer, or a customer and a person at once", async () => {
    const competitionId = await competitionOnSale(shop)
    const unknown = await problem(
      await staff.post(entryPath(competitionId), {
        customerId: "00000000-0000-4000-8000-000000000000",
      }),
      400,
    )
    expect(unknown.errors).toEqual({ customerId: [postalEntryMessages.noSuchCustomer] })
    const both = await problem(
      await staff.post(entryPath(competitionId), { ...postcard(), customerId }),
      400,
    )
    expect(both.errors).toEqual({ customerId: [postalEntryMessages.customerOrPerson] })
  })

  it("for a competition that is unknown, malformed, not open, closed or sold out", async () => {
    await problem(
      await staff.post(entryPath("00000000-0000-4000-8000-000000000000"), postcard()),
      404,
    )
    const malformed = await problem(await staff.post(entryPath("nope"), postcard()), 400)
    expect(Object.keys(malformed.errors ?? {})).toContain("competitionId")

    const now = Date.now()
    const upcoming = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(now + DAY),
      closeDateTimeUtc: new Date(now + 2 * DAY),
      drawDateTimeUtc: new Date(now + 3 * DAY),
    })
    const notOpen = await problem(await staff.post(entryPath(upcoming), postcard()), 409)
    expect(notOpen.detail).toBe(postalEntryMessages.notOpen)

    const closed = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(now - 2 * DAY),
      closeDateTimeUtc: new Date(now - DAY),
      drawDateTimeUtc: new Date(now + DAY),
    })
    const late = await problem(await staff.post(entryPath(closed), postcard()), 409)
    expect(late).toMatchObject({ title: "Entries closed", detail: postalEntryMessages.closed })

    const tiny = await competitionOnSale(shop, { totalTickets: 1 })
    await json(await staff.post(entryPath(tiny), postcard()), 201)
    const gone = await problem(await staff.post(entryPath(tiny), postcard()), 409)
    expect(gone.detail).toBe(postalEntryMessages.soldOut)
  })
})

describe("a postal entry in the draw", () => {
  it("can win like a paid ticket: the entrant is named and emailed", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live" })
    const card = postcard({ firstName: "Winnie", lastName: "Post" })
    const entered = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), card),
      201,
    )
    // The competition closes and its draw falls due: moved into the past, not waited for.
    const past = new Date(Date.now() - 60_000)
    await shop.db
      .updateTable("competitions")
      .set({ closeDateTimeUtc: past, drawDateTimeUtc: past })
      .where("id", "=", competitionId)
      .execute()
    const drawn = await json<{
      draw: { winningTicketNumber: number; entryCount: number; winner: { fullName: string } }
    }>(await staff.post(`/api/Draws/draw-competition-winner/${competitionId}`))
    expect(drawn.draw).toMatchObject({
      entryCount: 1,
      winningTicketNumber: entered.postalEntry.ticketNumber,
      winner: { fullName: "Winnie Post" },
    })
    const email = await mailed(shop, card.emailAddress as string, "DrawWinner")
    expect(email.text).toContain(String(entered.postalEntry.ticketNumber))
  })
})

describe("a postal entry on an instant-win number", () => {
  it("wins it on the spot: the answer, the staff winners list and the entrant's email say so", async () => {
    const competitionId = await competitionOnSale(shop, {
      totalTickets: 1,
      instantWinGroups: [{ name: "Kookaburra Match Ball", imageUrls: [], ticketNumbers: [1] }],
    })
    const card = postcard({ firstName: "Ivy", lastName: "Post" })
    const entered = await json<PostalEntryResponseJson>(
      await staff.post(entryPath(competitionId), card),
      201,
    )
    expect(entered.alreadyRecorded === false && entered.instantWins).toMatchObject([
      { prizeName: "Kookaburra Match Ball", ticketNumber: 1, siteCredit: null },
    ])
    const { instantWinPrizeWinners } = await json<{
      instantWinPrizeWinners: { competition: { id: string }; postalEntryId: string | null }[]
    }>(await staff.get("/api/CompetitionWinners/InstantWinPrizeWinners?PageSize=100"))
    expect(instantWinPrizeWinners.find((w) => w.competition.id === competitionId)).toMatchObject({
      postalEntryId: entered.postalEntry.id,
      winner: { fullName: "Ivy Post" },
    })
    const email = await mailed(shop, card.emailAddress as string, "InstantWin")
    expect(email.text).toContain("Kookaburra Match Ball: ticket 1")
  })
})

describe("the OpenAPI document", () => {
  it("lists the free postal entry as a staff call with bearer security", async () => {
    const document = await json<{
      paths: Record<string, Record<string, { security?: unknown[]; responses?: object }>>
    }>(await staff.get("/api/openapi.json"))
    const operation = document.paths["/api/Competitions/{competitionId}/free-postal-entry"]?.post
    expect(operation?.security).toHaveLength(1)
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "201", "400", "401", "403", "404", "409"]),
    )
  })
})
