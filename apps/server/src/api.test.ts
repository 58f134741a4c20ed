import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import type {
  CategoryListJson,
  CompetitionListJson,
  CompetitionResponseJson,
  CompetitionWinnerListJson,
  DrawResponseJson,
  ResourceResponseJson,
  TicketListJson,
} from "@howzat/contracts/catalogue"
import { isEndingSoon } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { readConfig } from "./config"
import { composeShop } from "./shop-runtime"

/**
 * The API as a client meets it: the real composition (core, Postgres
 * repositories on in-memory PGlite with the demo data, Hono) called through
 * fetch-shaped requests.
 */
let shop: Awaited<ReturnType<typeof composeShop>>

beforeAll(async () => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  shop = await composeShop(
    { ...readConfig({}), dataDir: "memory://", seedDemoData: true, webDistDir },
    new Date(),
    {},
    openMigratedPglite,
  )
})
afterAll(async () => {
  await shop?.close()
})

const get = (url: string, init?: RequestInit) => shop.app.request(url, init)
const getJson = async <A>(url: string): Promise<A> => {
  const response = await get(url)
  expect(response.status, `${url} answered ${response.status}`).toBe(200)
  return (await response.json()) as A
}
const expectProblem = async (response: Response, status: number) => {
  expect(response.status).toBe(status)
  expect(response.headers.get("content-type")).toContain("application/problem+json")
  const problem = await response.json()
  expect(problem).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) })
  return problem as { title: string; detail: string; errors?: Record<string, string[]> }
}

const scheduleOf = (c: CompetitionListJson["competitions"][number]) => ({
  start: new Date(c.startDateTimeUtc),
  close: new Date(c.closeDateTimeUtc),
  draw: c.drawDateTimeUtc ? new Date(c.drawDateTimeUtc) : null,
})

describe("health", () => {
  it("answers GET and HEAD", async () => {
    expect((await get("/health/ping")).status).toBe(200)
    expect((await get("/health/ping", { method: "HEAD" })).status).toBe(200)
  })
})

describe("GET /api/Competitions", () => {
  it("lists current visible competitions with paging and server time", async () => {
    const list = await getJson<CompetitionListJson>("/api/Competitions")
    expect(list.competitions.length).toBeGreaterThanOrEqual(5)
    expect(list.pageNumber).toBe(1)
    expect(list.totalCount).toBeGreaterThanOrEqual(list.competitions.length)
    for (const competition of list.competitions) {
      expect(competition.visibilityStatus).toBe("Visible")
      expect(competition.status === 0 || competition.status === 1 || competition.status === 3).toBe(
        true,
      )
      expect(Number.isNaN(Date.parse(competition.currentDateTimeUtc))).toBe(false)
      // Current means not yet closed for good: every one still has a deadline ahead.
      const schedule = scheduleOf(competition)
      const lastDeadline = schedule.draw ?? schedule.close
      expect(lastDeadline.getTime()).toBeGreaterThan(Date.parse(competition.currentDateTimeUtc))
    }
  })

  it("pages through every competition exactly once", async () => {
    const all = await getJson<CompetitionListJson>("/api/Competitions?TimePeriod=All&PageSize=100")
    const seen: string[] = []
    for (let page = 1; page <= Math.ceil(all.totalCount / 3); page++) {
      const slice = await getJson<CompetitionListJson>(
        `/api/Competitions?TimePeriod=All&PageSize=3&PageNumber=${page}`,
      )
      expect(slice.totalPages).toBe(Math.ceil(all.totalCount / 3))
      seen.push(...slice.competitions.map((c) => c.id))
    }
    expect(seen).toEqual(all.competitions.map((c) => c.id))
  })

  it("filters to competitions ending soon", async () => {
    const list = await getJson<CompetitionListJson>("/api/Competitions?TimePeriod=EndingSoon")
    expect(list.competitions.length).toBeGreaterThan(0)
    for (const competition of list.competitions) {
      expect(isEndingSoon(scheduleOf(competition), new Date(competition.currentDateTimeUtc))).toBe(
        true,
      )
    }
  })

  it("lists past competitions with a winner drawn", async () => {
    const list = await getJson<CompetitionListJson>("/api/Competitions?TimePeriod=Past")
    expect(list.competitions.length).toBeGreaterThan(0)
    for (const competition of list.competitions) expect(competition.status).toBe(3)
  })

  it.each([
    ["PageSize=1000", "PageSize"],
    ["PageSize=0", "PageSize"],
    ["PageNumber=abc", "PageNumber"],
    ["TimePeriod=Tomorrow", "TimePeriod"],
    ["CategoryId=not-a-uuid", "CategoryId"],
  ])("refuses %s with a validation problem naming the field", async (query, field) => {
    const problem = await expectProblem(await get(`/api/Competitions?${query}`), 400)
    expect(problem.title).toContain("validation error")
    expect(Object.keys(problem.errors ?? {})).toContain(field)
  })

  it("keeps hidden competitions for staff", async () => {
    // 401 to nobody; a customer meets 403 (catalogue-admin-api.test.ts).
    await expectProblem(await get("/api/Competitions?VisibilityStatus=All"), 401)
  })
})

describe("GET /api/Competitions/{competitionId}", () => {
  it("returns one competition with its images and instant-win groups", async () => {
    const list = await getJson<CompetitionListJson>("/api/Competitions?Type=InstantWin")
    const first = list.competitions[0]
    expect(first).toBeDefined()
    const { competition } = await getJson<CompetitionResponseJson>(`/api/Competitions/${first!.id}`)
    expect(competition.id).toBe(first!.id)
    expect(competition.instantWinGroups.length).toBeGreaterThan(0)
    expect(competition.imageGroup?.images.length).toBeGreaterThan(0)
    expect(competition.ticketPrice).toBeGreaterThan(0)
  })

  it("says 'no such competition' for an unknown id", async () => {
    const problem = await expectProblem(
      await get("/api/Competitions/00000000-0000-4000-8000-000000000000"),
      404,
    )
    expect(problem.detail).toBe("no such competition")
  })

  it("refuses an id that is not a UUID", async () => {
    await expectProblem(await get("/api/Competitions/abc"), 400)
  })
})

describe("instant-win tickets", () => {
  it("pages a group's tickets 50 at a time and marks those won", async () => {
    const list = await getJson<CompetitionListJson>(
      "/api/Competitions?Type=InstantWin&TimePeriod=All",
    )
    const tickets: TicketListJson["tickets"][number][] = []
    for (const competition of list.competitions) {
      for (const group of competition.instantWinGroups) {
        const page = await getJson<TicketListJson>(
          `/api/Competitions/${competition.id}/instant-win-groups/${group.id}/tickets`,
        )
        expect(page.pageSize).toBe(50)
        expect(page.totalCount).toBe(group.ticketCount)
        expect(page.tickets.length).toBe(Math.min(50, group.ticketCount))
        const numbers = page.tickets.map((t) => t.ticketNumber)
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
        tickets.push(...page.tickets)
      }
    }
    expect(tickets.some((t) => t.instantWin?.won)).toBe(true)
    for (const ticket of tickets) {
      // A name is shown only for a ticket that has won.
      if (ticket.customer) expect(ticket.instantWin?.won).toBe(true)
    }
  })

  it("keeps every sold ticket with its owner for staff: a visitor must sign in", async () => {
    const list = await getJson<CompetitionListJson>("/api/Competitions")
    await expectProblem(
      await get(
        `/api/Competitions/${list.competitions[0]!.id}/tickets?InstantWinTicketsOnly=false`,
      ),
      401,
    )
  })
})

describe("categories", () => {
  it("lists categories and a category's competitions", async () => {
    const { categories } = await getJson<CategoryListJson>("/api/Categories")
    expect(categories.length).toBeGreaterThan(0)
    const withCompetitions = await Promise.all(
      categories.map((c) =>
        getJson<CompetitionListJson>(`/api/Categories/${c.id}/competitions?TimePeriod=All`),
      ),
    )
    for (const [index, list] of withCompetitions.entries()) {
      for (const competition of list.competitions) {
        expect(competition.categoryIds).toContain(categories[index]!.id)
      }
    }
    expect(withCompetitions.some((list) => list.competitions.length > 0)).toBe(true)
  })

  it("answers 404 for an unknown category", async () => {
    await expectProblem(await get("/api/Categories/00000000-0000-4000-8000-000000000000"), 404)
  })
})

describe("draws", () => {
  it("gives the next live draw in the future", async () => {
    const { draw } = await getJson<DrawResponseJson>("/api/Draws/NextLiveDraw")
    expect(draw.drawType).toBe("Live")
    expect(Date.parse(draw.drawDate ?? "")).toBeGreaterThan(Date.now() - 1000)
  })

  it("gives the next automatic draw", async () => {
    const { draw } = await getJson<DrawResponseJson>("/api/Draws/NextAutoDraw")
    expect(draw.drawType).toBe("Automatic")
  })

  it("lists visible winners, newest first", async () => {
    const { competitionWinners } = await getJson<CompetitionWinnerListJson>(
      "/api/Draws/competition-winners",
    )
    expect(competitionWinners.length).toBeGreaterThan(0)
    const dates = competitionWinners.map((w) => Date.parse(w.drawDate))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    for (const winner of competitionWinners) {
      expect(winner.isVisible).toBe(true)
      expect(winner.customer.fullName.length).toBeGreaterThan(0)
    }
  })
})

describe("resources", () => {
  it("serves the clubs list as JSON text", async () => {
    const { resource } = await getJson<ResourceResponseJson>("/api/Resources/content-list-clubs")
    const clubs = JSON.parse(resource.value) as { name: string; voucherCode: string }[]
    expect(clubs.length).toBeGreaterThan(0)
    expect(clubs[0]).toMatchObject({ name: expect.any(String), voucherCode: expect.any(String) })
  })

  it.each(["content-article-how-it-works", "content-banner-hero-sub", "config-site-styles"])(
    "serves %s",
    async (key) => {
      const { resource } = await getJson<ResourceResponseJson>(`/api/Resources/${key}`)
      expect(resource.key).toBe(key)
    },
  )

  it("answers 404 for an unknown key", async () => {
    await expectProblem(await get("/api/Resources/no-such-thing"), 404)
  })
})

describe("the edge", () => {
  it("publishes an OpenAPI document with docs/product/api.md's paths", async () => {
    const document = await getJson<{ paths: Record<string, unknown> }>("/api/openapi.json")
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/Competitions",
        "/api/Competitions/{competitionId}",
        "/api/Draws/NextLiveDraw",
        "/api/Resources/{key}",
      ]),
    )
  })

  it("answers unknown API paths and methods with problem+json", async () => {
    await expectProblem(await get("/api/Nope"), 404)
    const post = await get("/api/Competitions", { method: "POST", body: "{" })
    expect(post.status).toBeGreaterThanOrEqual(400)
    expect(post.status).toBeLessThan(500)
    expect(post.headers.get("content-type")).toContain("application/problem+json")
  })

  it("serves the storefront for every other path so its router decides", async () => {
    for (const url of ["/", "/Competitions", "/no/such/page"]) {
      const response = await get(url)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain("<title>Howzat</title>")
    }
  })
})

describe("demo vouchers", () => {
  it("every club on the club-perks list has a working 10% voucher, beside HOWZAT10 and BOUNDARY", async () => {
    const resource = await getJson<ResourceResponseJson>("/api/Resources/content-list-clubs")
    const clubs = JSON.parse(resource.resource.value) as { name: string; voucherCode: string }[]
    expect(clubs.length).toBeGreaterThan(0)
    const promotions = await shop.db
      .selectFrom("promotions")
      .leftJoin("clubs", "clubs.id", "promotions.clubId")
      .select(["promotions.code", "promotions.percent", "clubs.name as club"])
      .execute()
    for (const club of clubs) {
      expect(promotions).toContainEqual({ code: club.voucherCode, percent: 10, club: club.name })
    }
    expect(promotions.map((p) => p.code)).toEqual(expect.arrayContaining(["HOWZAT10", "BOUNDARY"]))
  })

  it("BOUNDARY's £1 off needs a £5 basket and HOWZAT10 and it are once per customer", async () => {
    const terms = await shop.db
      .selectFrom("promotions")
      .select(["code", "minimumSpendPence", "perCustomerLimit", "freeEntry"])
      .where("code", "in", ["HOWZAT10", "BOUNDARY"])
      .orderBy("code")
      .execute()
    expect(terms).toEqual([
      { code: "BOUNDARY", minimumSpendPence: 500, perCustomerLimit: 1, freeEntry: false },
      { code: "HOWZAT10", minimumSpendPence: null, perCustomerLimit: 1, freeEntry: false },
    ])
  })
})
