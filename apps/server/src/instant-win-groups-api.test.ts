import { randomBytes } from "node:crypto"
import type { CompetitionResponseJson, TicketListJson } from "@howzat/contracts/catalogue"
import type { InstantWinGroupResponseJson } from "@howzat/contracts/instant-win-groups"
import { instantWinCommitment } from "@howzat/core/draws"
import type { NewCompetition } from "@howzat/core/ports"
import { instantWinGroupMessages, pence, ticketCountTooLarge } from "@howzat/core/rules"
import { createCompetition, makeUserRepo } from "@howzat/postgres"
import { hash } from "@node-rs/argon2"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ARGON2ID_OPTIONS } from "./auth/argon2-password-hasher"
import { Browser, json, problem } from "./test-support/browser"
import { logIn, openShop, register, type Shop, STRONG_PASSWORD } from "./test-support/shop"

/**
 * docs/product/api.md's instant-win groups and ticket reads through the real composition:
 * staff set a competition's instant wins up before it opens, each change
 * publishing a new commitment; who holds a ticket is for staff only.
 */
let shop: Shop
let visitor: Browser
let customer: Browser
let customerId: string
let staff: Browser

const DAY = 24 * 60 * 60 * 1000
const NO_SUCH_ID = "00000000-0000-4000-8000-00000000dead"

const newCompetition = (overrides: Partial<NewCompetition> = {}) =>
  createCompetition(shop.db, {
    name: "Signed Ashes Bat",
    description: "<p>A bat</p>",
    ticketPrice: pence(250),
    totalTickets: 100,
    maxTicketsPerCustomer: 50,
    defaultTicketSaleQuantity: 1,
    cashAlternativeValue: null,
    startDateTimeUtc: new Date(Date.now() + 5 * DAY),
    closeDateTimeUtc: new Date(Date.now() + 15 * DAY),
    drawDateTimeUtc: new Date(Date.now() + 16 * DAY),
    drawType: "Automatic",
    visibilityStatus: "Visible",
    categoryIds: [],
    attributes: {},
    imageUrls: [],
    instantWinGroups: [],
    secrets: {
      drawSeed: new Uint8Array(randomBytes(32)),
      instantWinSalt: randomBytes(32).toString("hex"),
    },
    ...overrides,
  })

const groupsPath = (competitionId: string) =>
  `/api/Competitions/${competitionId}/instant-win-groups`
const remove = (browser: Browser, path: string) => browser.request("DELETE", path)

const body = (ticketCount: number, overrides: Record<string, unknown> = {}) => ({
  name: "£5 site credit",
  ticketCount,
  ...overrides,
})

/** What the database holds: the salt stays there until the close. */
const published = async (competitionId: string) => {
  const row = await shop.db
    .selectFrom("competitions")
    .select(["instantWinSalt", "instantWinCommitment"])
    .where("id", "=", competitionId)
    .executeTakeFirstOrThrow()
  const lines = await shop.db
    .selectFrom("instantWinTickets")
    .select(["instantWinGroupId", "ticketNumber"])
    .where("competitionId", "=", competitionId)
    .execute()
  return { ...row, lines }
}

beforeAll(async () => {
  shop = await openShop()
  // Decision 0045's instant-win share: enough live competitions without instant wins that this
  // suite's published competitions, given groups, never form the majority (decision 0045).
  for (let i = 0; i < 20; i++) await newCompetition({ name: `Standard ${i}` })
  visitor = await new Browser(shop.app).open()
  customer = await new Browser(shop.app).open()
  customerId = (await register(customer, { firstName: "Ann", lastName: "Archer" })).user
    .customerId as string
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
  await logIn(staff, "staff@howzat.example")
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

describe("POST /api/Competitions/{id}/instant-win-groups", () => {
  it("creates the group, picks its numbers and publishes the commitment over them", async () => {
    const competitionId = await newCompetition()
    const created = await json<InstantWinGroupResponseJson>(
      await staff.post(
        groupsPath(competitionId),
        body(8, { imageUrls: ["/images/prizes/credit.webp"], prizeSiteCreditPence: 500 }),
      ),
      201,
    )
    expect(created.instantWinGroup).toMatchObject({
      name: "£5 site credit",
      ticketCount: 8,
      quantityWonToDate: 0,
      prizeSiteCreditPence: 500,
    })
    expect(created.instantWinGroup.imageGroup?.images.map((i) => i.url)).toEqual([
      "/images/prizes/credit.webp",
    ])
    const numbers = created.instantWinGroup.ticketNumbers
    expect(new Set(numbers).size).toBe(8)
    for (const n of numbers) expect(n >= 1 && n <= 100).toBe(true)

    const stored = await published(competitionId)
    expect(created.instantWinCommitment).toBe(stored.instantWinCommitment)
    expect(created.instantWinCommitment).toBe(
      instantWinCommitment(stored.instantWinSalt as string, stored.lines),
    )
    // The competition shows the group and the commitment; the salt stays secret.
    const { competition } = await json<CompetitionResponseJson>(
      await visitor.get(`/api/Competitions/${competitionId}`),
    )
    expect(competition.instantWinCommitment).toBe(created.instantWinCommitment)
    expect(competition.instantWinGroups).toEqual([
      expect.objectContaining({ id: created.instantWinGroup.id, ticketCount: 8 }),
    ])
    expect(JSON.stringify(competition)).not.toContain(stored.instantWinSalt as string)
  })

  it("asks a visitor to sign in and refuses a customer, changing nothing", async () => {
    const competitionId = await newCompetition()
    await problem(await visitor.post(groupsPath(competitionId), body(1)), 401)
    const refused = await problem(await customer.post(groupsPath(competitionId), body(1)), 403)
    expect(refused.detail).toBe("Only staff can do this.")
    expect(await published(competitionId)).toEqual({
      instantWinSalt: null,
      instantWinCommitment: null,
      lines: [],
    })
  })

  it("answers every field's problem as a validation problem", async () => {
    const competitionId = await newCompetition({ totalTickets: 10 })
    const refused = await problem(
      await staff.post(
        groupsPath(competitionId),
        body(11, { name: "  ", imageUrls: ["javascript:alert(1)"], prizeSiteCreditPence: 0 }),
      ),
      400,
    )
    expect(refused.title).toBe("One or more validation errors occurred.")
    expect(refused.errors).toEqual({
      name: [instantWinGroupMessages.nameRequired],
      ticketCount: [ticketCountTooLarge(10)],
      imageUrls: [instantWinGroupMessages.imageUrlInvalid],
      prizeSiteCreditPence: [instantWinGroupMessages.prizeNotPositive],
    })
    expect(refused.detail).toContain(` -- ticketCount: ${ticketCountTooLarge(10)} Severity: Error`)
  })

  it("answers a malformed request with a 400 problem, never a 500", async () => {
    const competitionId = await newCompetition()
    for (const sent of [
      {},
      { name: "Bat", ticketCount: "lots" },
      { name: "Bat", ticketCount: 1.5 },
      { name: "Bat", ticketCount: -1 },
      { name: "Bat", ticketCount: 3_000_000_000 },
      { name: "Bat\u0000", ticketCount: 1 },
      { name: "Bat", ticketCount: 1, imageUrls: "/images/a.webp" },
      { name: "Bat", ticketCount: 1, prizeSiteCreditPence: 1.25 },
    ]) {
      await problem(await staff.post(groupsPath(competitionId), sent), 400)
    }
    expect((await published(competitionId)).lines).toEqual([])
  })

  it("answers a competition that doesn't exist as not found", async () => {
    const missing = await problem(await staff.post(groupsPath(NO_SUCH_ID), body(1)), 404)
    expect(missing.detail).toBe("no such competition")
  })

  it("lets staff set up a hidden competition's instant wins", async () => {
    const competitionId = await newCompetition({ visibilityStatus: "Hidden" })
    await json(await staff.post(groupsPath(competitionId), body(2)), 201)
  })
})

describe("PUT and DELETE .../instant-win-groups/{instantWinGroupId}", () => {
  it("changes a group, drawing new numbers for a new count under a fresh salt", async () => {
    const competitionId = await newCompetition()
    const created = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(5, { prizeSiteCreditPence: 500 })),
      201,
    )
    const saltBefore = (await published(competitionId)).instantWinSalt
    const path = `${groupsPath(competitionId)}/${created.instantWinGroup.id}`
    const changed = await json<InstantWinGroupResponseJson>(
      await staff.put(path, { name: "Signed stumps", ticketCount: 6 }),
    )
    expect(changed.instantWinGroup).toMatchObject({
      id: created.instantWinGroup.id,
      name: "Signed stumps",
      ticketCount: 6,
      // Left out of the PUT: kept.
      prizeSiteCreditPence: 500,
    })
    const stored = await published(competitionId)
    expect(stored.instantWinSalt).not.toBe(saltBefore)
    expect(changed.instantWinCommitment).not.toBe(created.instantWinCommitment)
    expect(changed.instantWinCommitment).toBe(
      instantWinCommitment(stored.instantWinSalt as string, stored.lines),
    )
    expect(stored.lines.map((l) => l.ticketNumber).sort((a, b) => a - b)).toEqual(
      changed.instantWinGroup.ticketNumbers,
    )

    const deleted = await json<{ instantWinCommitment: string | null }>(await remove(staff, path))
    expect(deleted).toEqual({ instantWinCommitment: null })
    expect(await published(competitionId)).toEqual({
      instantWinSalt: null,
      instantWinCommitment: null,
      lines: [],
    })
    await problem(await remove(staff, path), 404)
  })

  it("keeps the other groups' numbers out of a changed group", async () => {
    const competitionId = await newCompetition({ totalTickets: 20 })
    const first = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(10)),
      201,
    )
    const second = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(5)),
      201,
    )
    const grown = await json<InstantWinGroupResponseJson>(
      await staff.put(`${groupsPath(competitionId)}/${second.instantWinGroup.id}`, body(10)),
    )
    const all = [...first.instantWinGroup.ticketNumbers, ...grown.instantWinGroup.ticketNumbers]
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const tooMany = await problem(
      await staff.put(`${groupsPath(competitionId)}/${second.instantWinGroup.id}`, body(11)),
      400,
    )
    expect(tooMany.errors).toEqual({ ticketCount: [ticketCountTooLarge(10)] })
  })

  it("answers a group of another competition as not found, and refuses customers", async () => {
    const one = await newCompetition()
    const other = await newCompetition()
    const group = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(one), body(1)),
      201,
    )
    const path = `${groupsPath(other)}/${group.instantWinGroup.id}`
    const missing = await problem(await staff.put(path, body(1)), 404)
    expect(missing.detail).toBe("no such instant-win group")
    await problem(await remove(staff, path), 404)
    const own = `${groupsPath(one)}/${group.instantWinGroup.id}`
    await problem(await customer.put(own, body(2)), 403)
    await problem(await remove(customer, own), 403)
    await problem(await remove(visitor, own), 401)
    expect((await published(one)).lines).toHaveLength(1)
  })
})

describe("once the competition is open", () => {
  it("answers every change with 409 and keeps the published commitment", async () => {
    const competitionId = await newCompetition()
    const created = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(3)),
      201,
    )
    // Published and open: on sale, so what it promises is fixed.
    const opensAt = new Date(Date.UTC(2026, 6, 4, 13, 5))
    await shop.db
      .updateTable("competitions")
      .set({ startDateTimeUtc: opensAt, visibilityStatus: "Visible" })
      .where("id", "=", competitionId)
      .execute()
    const before = await published(competitionId)
    const path = `${groupsPath(competitionId)}/${created.instantWinGroup.id}`
    for (const response of [
      await staff.post(groupsPath(competitionId), body(1)),
      await staff.put(path, body(4)),
      await remove(staff, path),
    ]) {
      const refused = await problem(response, 409)
      expect(refused).toMatchObject({
        type: "https://howzat.example/problems/competition-open",
        title: "Competition already open",
      })
      // In UK time, as staff read every other date: 13:05 UTC is 2:05pm BST.
      expect(refused.detail).toBe(
        "Instant-win groups can only be changed before the competition goes on sale; this one opened on 4th July 2026 at 2:05pm.",
      )
    }
    expect(await published(competitionId)).toEqual(before)
  })

  it("still takes changes while the competition is hidden and nothing is sold, its opening past", async () => {
    // Made with an opening a minute ago, as staff making one to publish later often do.
    const competitionId = await newCompetition()
    await shop.db
      .updateTable("competitions")
      .set({ startDateTimeUtc: new Date(Date.now() - 60_000), visibilityStatus: "Hidden" })
      .where("id", "=", competitionId)
      .execute()
    const created = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(2)),
      201,
    )
    expect(created.instantWinGroup.ticketNumbers).toHaveLength(2)
    await json(
      await staff.put(`${groupsPath(competitionId)}/${created.instantWinGroup.id}`, body(3)),
    )
    expect((await published(competitionId)).lines).toHaveLength(3)
  })
})

describe("GET .../tickets", () => {
  /** Ann's paid order holds tickets 1 to 3, as a completed checkout leaves them. */
  const sellToAnn = async (competitionId: string) => {
    const { id: basketId } = await shop.db
      .insertInto("baskets")
      .values({ customerId })
      .returning("id")
      .executeTakeFirstOrThrow()
    const { id: orderId } = await shop.db
      .insertInto("orders")
      .values({
        basketId,
        customerId,
        status: "Completed",
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    await shop.db
      .updateTable("tickets")
      .set({ orderId, customerId, allocatedAt: new Date() })
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", "in", [1, 2, 3])
      .execute()
  }

  it("gives staff every sold ticket with its holder, asks a visitor to sign in and refuses a customer", async () => {
    const competitionId = await newCompetition({ totalTickets: 5 })
    await json(await staff.post(groupsPath(competitionId), body(5)), 201)
    await sellToAnn(competitionId)
    const path = `/api/Competitions/${competitionId}/tickets?InstantWinTicketsOnly=false`

    await problem(await visitor.get(path), 401)
    await problem(await customer.get(path), 403)
    const sold = await json<TicketListJson>(await staff.get(path))
    expect(sold.totalCount).toBe(3)
    expect(sold.tickets.map((t) => t.ticketNumber)).toEqual([1, 2, 3])
    expect(sold.tickets[0]).toMatchObject({
      customer: { customerId, fullName: "Ann Archer", email: expect.stringContaining("@") },
      instantWin: { won: false, instantWinGroup: { name: "£5 site credit" } },
    })
  })

  it("shows anyone the instant-win numbers, and only staff who holds them", async () => {
    const competitionId = await newCompetition({ totalTickets: 5 })
    const group = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(5)),
      201,
    )
    await sellToAnn(competitionId)
    const groupTickets = `/api/Competitions/${competitionId}/instant-win-groups/${group.instantWinGroup.id}/tickets`
    for (const path of [groupTickets, `/api/Competitions/${competitionId}/tickets`]) {
      for (const someone of [visitor, customer]) {
        const page = await json<TicketListJson>(await someone.get(path))
        expect(page.totalCount).toBe(5)
        expect(page.tickets.every((t) => t.customer === null)).toBe(true)
      }
      const seenByStaff = await json<TicketListJson>(await staff.get(path))
      expect(seenByStaff.tickets.map((t) => t.customer?.fullName ?? null)).toEqual([
        "Ann Archer",
        "Ann Archer",
        "Ann Archer",
        null,
        null,
      ])
    }
  })

  it("filters staff's lists by TicketStatus: sold, or still to sell", async () => {
    const competitionId = await newCompetition({ totalTickets: 5 })
    const group = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(5)),
      201,
    )
    await sellToAnn(competitionId)
    const groupTickets = `/api/Competitions/${competitionId}/instant-win-groups/${group.instantWinGroup.id}/tickets`
    const numbers = async (path: string) =>
      (await json<TicketListJson>(await staff.get(path))).tickets.map((t) => t.ticketNumber)
    for (const path of [groupTickets, `/api/Competitions/${competitionId}/tickets`]) {
      expect(await numbers(`${path}?TicketStatus=Sold`)).toEqual([1, 2, 3])
      expect(await numbers(`${path}?TicketStatus=Unsold`)).toEqual([4, 5])
      expect(await numbers(`${path}?TicketStatus=All`)).toEqual([1, 2, 3, 4, 5])
      expect(await numbers(`${path}?TicketStatus=Unsold&FromTicketNumber=5`)).toEqual([5])
    }
    const sold = `/api/Competitions/${competitionId}/tickets?InstantWinTicketsOnly=false`
    expect(await numbers(`${sold}&TicketStatus=Sold`)).toEqual([1, 2, 3])
    // That list is of sold tickets: none of them is unsold.
    expect(await numbers(`${sold}&TicketStatus=Unsold`)).toEqual([])
  })

  it("refuses a status it does not know, and a sale filter from anyone but staff", async () => {
    const competitionId = await newCompetition({ totalTickets: 5 })
    const group = await json<InstantWinGroupResponseJson>(
      await staff.post(groupsPath(competitionId), body(5)),
      201,
    )
    const groupTickets = `/api/Competitions/${competitionId}/instant-win-groups/${group.instantWinGroup.id}/tickets`
    for (const path of [groupTickets, `/api/Competitions/${competitionId}/tickets`]) {
      for (const someone of [staff, visitor]) {
        const refused = await problem(await someone.get(`${path}?TicketStatus=Reserved`), 400)
        expect(JSON.stringify(refused)).toContain("TicketStatus")
      }
      await problem(await visitor.get(`${path}?TicketStatus=Unsold`), 401)
      await problem(await customer.get(`${path}?TicketStatus=Sold`), 403)
      expect(
        (await json<TicketListJson>(await customer.get(`${path}?TicketStatus=All`))).totalCount,
      ).toBe(5)
    }
  })

  it("keeps a hidden competition's tickets from everyone but staff", async () => {
    const competitionId = await newCompetition({ visibilityStatus: "Hidden" })
    await json(await staff.post(groupsPath(competitionId), body(2)), 201)
    const path = `/api/Competitions/${competitionId}/tickets`
    await problem(await visitor.get(path), 404)
    await problem(await customer.get(path), 404)
    expect((await json<TicketListJson>(await staff.get(path))).totalCount).toBe(2)
  })
})

describe("the OpenAPI document", () => {
  it("lists the instant-win group calls", async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await visitor.get("/api/openapi.json"),
    )
    const collection = document.paths["/api/Competitions/{competitionId}/instant-win-groups"]
    const one =
      document.paths["/api/Competitions/{competitionId}/instant-win-groups/{instantWinGroupId}"]
    expect(Object.keys(collection ?? {})).toContain("post")
    expect(Object.keys(one ?? {}).sort()).toEqual(expect.arrayContaining(["delete", "put"]))
    expect(
      Object.keys(document.paths["/api/Competitions/{competitionId}/tickets"] ?? {}),
    ).toContain("get")
  })
})
