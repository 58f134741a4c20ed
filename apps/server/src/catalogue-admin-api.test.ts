import { randomUUID } from "node:crypto"
import type {
  CategoryJson,
  CategoryListJson,
  CompetitionListJson,
  CompetitionResponseJson,
} from "@howzat/contracts/catalogue"
import type {
  AttributeTypeListJson,
  AttributeTypeResponseJson,
} from "@howzat/contracts/catalogue-admin"
import { competitionMessages } from "@howzat/core/rules"
import { addTicketsSold } from "@howzat/postgres/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionRequestOf } from "./test-support/competitions"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Decision 0027 through the real composition: staff create, edit,
 * duplicate, publish and delete competitions, and manage categories and
 * attribute types; visitors and customers cannot; every write is audited.
 */
let shop: Shop
let visitor: Browser
let customer: Browser
let staff: Browser

const DAY = 24 * 60 * 60 * 1000
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString()
const NO_SUCH_ID = "00000000-0000-4000-8000-00000000dead"

const competitionBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Signed Ashes Bat",
  description: '<p>A <strong>bat</strong><script>alert("x")</script></p>',
  ticketPrice: 250,
  totalTickets: 100,
  maxTicketsPerCustomer: 20,
  defaultTicketSaleQuantity: 5,
  cashAlternativeValue: 5000,
  startDateTimeUtc: day(2),
  closeDateTimeUtc: day(10),
  drawDateTimeUtc: day(11),
  drawType: "Automatic",
  ...overrides,
})

type CompetitionJson = CompetitionResponseJson["competition"]

const create = async (overrides: Record<string, unknown> = {}) =>
  (
    await json<CompetitionResponseJson>(
      await staff.post("/api/Competitions", competitionBody(overrides)),
      201,
    )
  ).competition

const update = (c: CompetitionJson, overrides: Record<string, unknown> = {}) =>
  staff.put(`/api/Competitions/${c.id}`, competitionRequestOf(c, overrides))

const pool = async (competitionId: string) => {
  const rows = await shop.db
    .selectFrom("tickets")
    .select(["ticketNumber", "sortKey"])
    .where("competitionId", "=", competitionId)
    .orderBy("ticketNumber")
    .execute()
  return rows.map((r) => r.ticketNumber)
}

/** A ticket held by some order, as a checkout leaves it. */
const sell = async (competitionId: string, ticketNumber: number) => {
  await shop.db
    .updateTable("tickets")
    .set({ orderId: randomUUID(), allocatedAt: new Date() })
    .where("competitionId", "=", competitionId)
    .where("ticketNumber", "=", ticketNumber)
    .execute()
  await addTicketsSold(shop.db, competitionId, 1)
}

const auditOf = (subjectId: string) =>
  shop.db
    .selectFrom("auditLog")
    .select(["action", "actorRole", "subjectType", "before", "after"])
    .where("subjectId", "=", subjectId)
    .orderBy("at")
    .execute()

beforeAll(async () => {
  shop = await openShop()
  visitor = await new Browser(shop.app).open()
  customer = await new Browser(shop.app).open()
  await register(customer, { firstName: "Ann", lastName: "Archer" })
  staff = (await signedInStaff(shop)).browser
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

describe("who may", () => {
  const calls: [string, string, unknown][] = [
    ["POST", "/api/Competitions", competitionBody()],
    [
      "PUT",
      `/api/Competitions/${NO_SUCH_ID}`,
      { ...competitionBody(), visibilityStatus: "Visible" },
    ],
    ["DELETE", `/api/Competitions/${NO_SUCH_ID}`, undefined],
    [
      "POST",
      `/api/Competitions/${NO_SUCH_ID}/duplicate`,
      { startDateTimeUtc: day(1), closeDateTimeUtc: day(2) },
    ],
    ["POST", "/api/Categories", { name: "Bats" }],
    ["PUT", `/api/Categories/${NO_SUCH_ID}`, { name: "Bats" }],
    ["DELETE", `/api/Categories/${NO_SUCH_ID}`, undefined],
    ["POST", `/api/Categories/${NO_SUCH_ID}/competitions`, { competitionId: NO_SUCH_ID }],
    ["DELETE", `/api/Categories/${NO_SUCH_ID}/competitions/${NO_SUCH_ID}`, undefined],
    ["GET", "/api/AttributeTypes", undefined],
    ["POST", "/api/AttributeTypes", { description: "Colour" }],
    ["GET", `/api/AttributeTypes/${NO_SUCH_ID}`, undefined],
    ["PUT", `/api/AttributeTypes/${NO_SUCH_ID}`, { description: "Colour" }],
    ["DELETE", `/api/AttributeTypes/${NO_SUCH_ID}`, undefined],
    ["GET", "/api/Competitions?VisibilityStatus=All", undefined],
    ["GET", "/api/Categories?VisibilityStatus=HiddenOnly", undefined],
  ]

  it.each(calls)("%s %s: 401 to nobody, 403 to a customer", async (method, path, body) => {
    await problem(await visitor.request(method, path, { body }), 401)
    await problem(await customer.request(method, path, { body }), 403)
  })
})

describe("competitions", () => {
  it("creates a hidden competition with its pool and commitment, sanitised, and audits it", async () => {
    const created = await create()
    expect(created).toMatchObject({
      name: "Signed Ashes Bat",
      visibilityStatus: "Hidden",
      ticketPrice: 250,
      totalTickets: 100,
      ticketsSoldToDate: 0,
      cashAlternativeValue: 5000,
    })
    expect(created.description).toContain("<strong>bat</strong>")
    expect(created.description).not.toContain("script")
    expect(created.drawCommitment).toMatch(/^[0-9a-f]{64}$/)
    expect(await pool(created.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))

    const [entry] = await auditOf(created.id)
    expect(entry).toMatchObject({
      action: "Competition.Create",
      actorRole: "Staff",
      subjectType: "Competition",
      before: null,
    })
    expect(entry?.after).toMatchObject({ name: "Signed Ashes Bat", totalTickets: 100 })
  })

  it("shows on the storefront once published, and not before", async () => {
    const created = await create({ name: "Publish me", startDateTimeUtc: day(-1) })
    const listed = async (browser: Browser, query = "") =>
      (
        await json<CompetitionListJson>(
          await browser.get(`/api/Competitions?Name=Publish%20me${query}`),
        )
      ).competitions.map((c) => c.id)
    expect(await listed(visitor)).toEqual([])
    await problem(await visitor.get(`/api/Competitions/${created.id}`), 404)
    expect(await listed(staff, "&VisibilityStatus=HiddenOnly")).toEqual([created.id])
    await json(await staff.get(`/api/Competitions/${created.id}`))

    await json(await update(created, { visibilityStatus: "Visible" }))
    expect(await listed(visitor)).toEqual([created.id])
    expect(await listed(staff, "&VisibilityStatus=HiddenOnly")).toEqual([])
    await json(await visitor.get(`/api/Competitions/${created.id}`))
  })

  it("answers a bad competition with the validation problem naming each field", async () => {
    const refused = await problem(
      await staff.post(
        "/api/Competitions",
        competitionBody({
          name: " ",
          closeDateTimeUtc: day(1),
          drawDateTimeUtc: null,
          drawType: "Live",
          categoryIds: [NO_SUCH_ID],
        }),
      ),
      400,
    )
    expect(refused.title).toContain("validation error")
    expect(refused.errors).toMatchObject({
      name: [competitionMessages.nameRequired],
      closeDateTimeUtc: [competitionMessages.closeNotAfterStart],
      drawDateTimeUtc: [competitionMessages.drawDateRequired],
      categoryIds: [expect.stringContaining(competitionMessages.unknownCategory)],
    })
    // A malformed body is a 400 too, never a 500.
    await problem(
      await staff.post("/api/Competitions", competitionBody({ startDateTimeUtc: "soon" })),
      400,
    )
  })

  it("grows the pool with numbers after the last, and shrinks it before it opens", async () => {
    const created = await create()
    await json(await update(created, { totalTickets: 150 }))
    expect(await pool(created.id)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1))
    await json(await update(created, { totalTickets: 40, maxTicketsPerCustomer: 10 }))
    expect(await pool(created.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  it("keeps a live competition's close date and refuses a total below what is sold", async () => {
    const live = await create({ startDateTimeUtc: day(-1) })
    for (const n of [3, 97]) await sell(live.id, n)

    const moved = await problem(await update(live, { closeDateTimeUtc: day(10.5) }), 409)
    expect(moved.detail).toContain("close date")
    await problem(
      await update(live, {
        totalTickets: 1,
        maxTicketsPerCustomer: 1,
        defaultTicketSaleQuantity: 1,
      }),
      409,
    )
    await problem(await update(live, { totalTickets: 99 }), 409)
    expect(await pool(live.id)).toHaveLength(100)

    // Growing a live competition keeps every sold ticket where it was.
    const grown = await json<CompetitionResponseJson>(await update(live, { totalTickets: 120 }))
    expect(grown.competition).toMatchObject({ totalTickets: 120, ticketsSoldToDate: 2 })
    const held = await shop.db
      .selectFrom("tickets")
      .select("ticketNumber")
      .where("competitionId", "=", live.id)
      .where("orderId", "is not", null)
      .orderBy("ticketNumber")
      .execute()
    expect(held.map((t) => t.ticketNumber)).toEqual([3, 97])
  })

  it("freezes a drawn competition's substance but lets staff rename or hide it", async () => {
    const created = await create()
    await shop.db
      .updateTable("competitions")
      .set({ drawnAt: new Date() })
      .where("id", "=", created.id)
      .execute()
    await problem(await update(created, { ticketPrice: 300 }), 409)
    await problem(await update(created, { drawType: "Live" }), 409)
    const renamed = await json<CompetitionResponseJson>(
      await update(created, { name: "Signed Ashes Bat (won)", visibilityStatus: "Visible" }),
    )
    expect(renamed.competition.name).toBe("Signed Ashes Bat (won)")
    await problem(await staff.request("DELETE", `/api/Competitions/${created.id}`), 409)
  })

  it("duplicates as a hidden copy with its own dates, seed and instant-win numbers", async () => {
    const original = await create({ visibilityStatus: "Visible" })
    await json(
      await staff.post(`/api/Competitions/${original.id}/instant-win-groups`, {
        name: "£5 site credit",
        ticketCount: 4,
        prizeSiteCreditPence: 500,
      }),
      201,
    )
    await sell(original.id, 1)
    const { competition: copy } = await json<CompetitionResponseJson>(
      await staff.post(`/api/Competitions/${original.id}/duplicate`, {
        startDateTimeUtc: day(20),
        closeDateTimeUtc: day(30),
        drawDateTimeUtc: day(31),
      }),
      201,
    )
    expect(copy.id).not.toBe(original.id)
    expect(copy).toMatchObject({
      name: original.name,
      visibilityStatus: "Hidden",
      ticketsSoldToDate: 0,
      totalTickets: 100,
      ticketPrice: 250,
    })
    expect(copy.drawCommitment).not.toBe(original.drawCommitment)
    expect(copy.instantWinGroups).toEqual([
      expect.objectContaining({ name: "£5 site credit", ticketCount: 4 }),
    ])
    expect(copy.instantWinCommitment).toMatch(/^[0-9a-f]{64}$/)
    expect(await pool(copy.id)).toHaveLength(100)
    expect((await auditOf(copy.id))[0]).toMatchObject({
      action: "Competition.Duplicate",
      before: { copiedFrom: original.id },
    })
  })

  it("deletes only a competition nobody entered, and audits it", async () => {
    const untouched = await create()
    const sold = await create()
    await sell(sold.id, 7)
    await problem(await staff.request("DELETE", `/api/Competitions/${sold.id}`), 409)

    const deleted = await staff.request("DELETE", `/api/Competitions/${untouched.id}`)
    expect(deleted.status).toBe(204)
    await problem(await staff.get(`/api/Competitions/${untouched.id}`), 404)
    expect(await pool(untouched.id)).toEqual([])
    const entries = await auditOf(untouched.id)
    expect(entries.map((e) => e.action)).toEqual(["Competition.Create", "Competition.Delete"])
    expect(entries[1]?.after).toBeNull()
    await problem(await staff.request("DELETE", `/api/Competitions/${untouched.id}`), 404)
  })
})

describe("categories", () => {
  it("creates, lists for staff, links, unlinks, edits and deletes", async () => {
    const { category } = await json<{ category: CategoryJson }>(
      await staff.post("/api/Categories", {
        name: "  Signed kit ",
        description: "Signed by the players",
        visibilityStatus: "Hidden",
      }),
      201,
    )
    expect(category).toMatchObject({ name: "Signed kit", visibilityStatus: "Hidden" })
    const names = async (browser: Browser, query: string) =>
      (await json<CategoryListJson>(await browser.get(`/api/Categories?${query}`))).categories.map(
        (c) => c.id,
      )
    expect(await names(visitor, "Name=Signed%20kit")).toEqual([])
    expect(await names(staff, "Name=Signed%20kit&VisibilityStatus=All")).toEqual([category.id])
    await problem(await visitor.get(`/api/Categories/${category.id}`), 404)

    const competition = await create({ visibilityStatus: "Visible" })
    const linkPath = `/api/Categories/${category.id}/competitions`
    await json(await staff.post(linkPath, { competitionId: competition.id }))
    await json(await staff.post(linkPath, { competitionId: competition.id }))
    const linked = await json<CompetitionResponseJson>(
      await staff.get(`/api/Competitions/${competition.id}`),
    )
    expect(linked.competition.categoryIds).toEqual([category.id])
    await problem(await staff.post(linkPath, { competitionId: NO_SUCH_ID }), 404)

    expect((await staff.request("DELETE", `${linkPath}/${competition.id}`)).status).toBe(204)
    await problem(await staff.request("DELETE", `${linkPath}/${competition.id}`), 404)

    const edited = await json<{ category: CategoryJson }>(
      await staff.put(`/api/Categories/${category.id}`, {
        name: "Signed kit",
        visibilityStatus: "Visible",
      }),
    )
    expect(edited.category.visibilityStatus).toBe("Visible")
    expect(await names(visitor, "Name=Signed%20kit")).toEqual([category.id])
    await problem(await staff.put(`/api/Categories/${category.id}`, { name: "" }), 400)

    expect((await staff.request("DELETE", `/api/Categories/${category.id}`)).status).toBe(204)
    await problem(await staff.request("DELETE", `/api/Categories/${category.id}`), 404)
    expect((await auditOf(category.id)).map((e) => e.action)).toEqual([
      "Category.Create",
      "Category.LinkCompetition",
      "Category.UnlinkCompetition",
      "Category.Update",
      "Category.Delete",
    ])
  })
})

describe("category names", () => {
  it("refuses a second category that reads like another, on create and rename, with a 409", async () => {
    const word = randomUUID().slice(0, 8)
    const created = async (name: string) =>
      (await json<{ category: CategoryJson }>(await staff.post("/api/Categories", { name }), 201))
        .category
    const golf = await created(`Golf ${word}`)
    const cash = await created(`Cash ${word}`)
    const message = `There is already a category called “Golf ${word}”. Choose another name, or edit that category instead.`

    for (const twin of [`Golf ${word}`, `golf ${word.toUpperCase()}`, `  GOLF ${word}  `]) {
      const refused = await problem(await staff.post("/api/Categories", { name: twin }), 409)
      expect(refused).toMatchObject({ status: 409, title: "Category name taken", detail: message })
    }
    const renamed = await problem(
      await staff.put(`/api/Categories/${cash.id}`, { name: ` golf ${word}` }),
      409,
    )
    expect(renamed.detail).toBe(message)

    // Only one Golf: nothing refused was stored or audited, and Cash kept its name.
    const listed = await json<CategoryListJson>(
      await staff.get(`/api/Categories?Name=${word}&VisibilityStatus=All`),
    )
    expect(listed.categories.map((c) => c.name).sort()).toEqual([`Cash ${word}`, `Golf ${word}`])
    expect((await auditOf(cash.id)).map((e) => e.action)).toEqual(["Category.Create"])
    // A category may change the case of its own name.
    const recased = await json<{ category: CategoryJson }>(
      await staff.put(`/api/Categories/${golf.id}`, { name: `GOLF ${word}` }),
    )
    expect(recased.category.name).toBe(`GOLF ${word}`)
  })
})

describe("attribute types", () => {
  it("creates, finds, pages, renames, and deletes only when unused", async () => {
    const made = await json<AttributeTypeResponseJson>(
      await staff.post("/api/AttributeTypes", { description: "Prize colour" }),
      201,
    )
    const id = made.attributeType.id
    const taken = await problem(
      await staff.post("/api/AttributeTypes", { description: " prize COLOUR" }),
      400,
    )
    expect(Object.keys(taken.errors ?? {})).toEqual(["description"])
    await json(await staff.post("/api/AttributeTypes", { description: "Prize size" }), 201)

    const page = await json<AttributeTypeListJson>(
      await staff.get("/api/AttributeTypes?Description=prize&PageSize=1&PageNumber=2"),
    )
    expect(page.attributeTypes.map((t) => t.description)).toEqual(["Prize size"])
    expect(page.totalCount).toBe(2)
    await json(await staff.get(`/api/AttributeTypes/${id}`))
    const renamed = await json<AttributeTypeResponseJson>(
      await staff.put(`/api/AttributeTypes/${id}`, { description: "Prize colour " }),
    )
    expect(renamed.attributeType.description).toBe("Prize colour")

    const competition = await create({ attributes: [{ attributeTypeId: id, value: "Red" }] })
    expect(competition.attributes).toEqual([
      { attributeType: { id, description: "Prize colour" }, value: "Red" },
    ])
    const inUse = await problem(await staff.request("DELETE", `/api/AttributeTypes/${id}`), 409)
    expect(inUse.detail).toContain("1 competition uses")

    await json(await update(competition, { attributes: [] }))
    expect((await staff.request("DELETE", `/api/AttributeTypes/${id}`)).status).toBe(204)
    await problem(await staff.get(`/api/AttributeTypes/${id}`), 404)
    expect((await auditOf(id)).map((e) => e.action)).toEqual([
      "AttributeType.Create",
      "AttributeType.Update",
      "AttributeType.Delete",
    ])
  })
})
