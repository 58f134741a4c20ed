import type { Competition } from "@howzat/core/competitions"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { QueryCounter } from "../../../../test/support/query-counter"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import type { DatabaseHandle } from "../database"
import { seedDemoData } from "../seed/demo"
import { makeCompetitionRepo } from "./competitions"

const NOW = new Date("2026-06-15T12:00:00.000Z")
let database: DatabaseHandle

beforeAll(async () => {
  database = await openMigratedPglite()
  await seedDemoData(database.db, NOW)
}, 180_000)
afterAll(async () => {
  await database?.close()
})

/** The catalogue's list is one page of competitions in a fixed number of statements (0047). */
describe("listing competitions", () => {
  const listCounting = async (pageSize: number) => {
    const counter = new QueryCounter()
    const repo = makeCompetitionRepo(database.db.withPlugin(counter))
    const page = await Effect.runPromise(
      repo.list({
        visibleOnly: false,
        type: "All",
        timePeriod: "All",
        now: NOW,
        page: { pageNumber: 1, pageSize },
      }),
    )
    return { statements: counter.count, items: page.items as readonly Competition[] }
  }

  it("costs the same number of statements whatever the page size", async () => {
    const one = await listCounting(1)
    const many = await listCounting(50)
    // The demo shop has enough competitions, with images and instant wins, for N+1 to show.
    expect(one.items).toHaveLength(1)
    expect(many.items.length).toBeGreaterThan(5)
    expect(many.items.some((c) => c.instantWinGroups.length > 0)).toBe(true)
    expect(many.items.some((c) => c.imageGroup !== null)).toBe(true)
    expect(many.statements).toBe(one.statements)
    // The page's rows with the total, then everything else the page needs in one statement
    // (decision 0089): each round trip costs the server more than Postgres spends answering.
    expect(many.statements).toBe(2)
  })
})

describe("the list's total", () => {
  const listAt = async (pageNumber: number) => {
    const counter = new QueryCounter()
    const repo = makeCompetitionRepo(database.db.withPlugin(counter))
    const page = await Effect.runPromise(
      repo.list({
        visibleOnly: false,
        type: "All",
        timePeriod: "All",
        now: NOW,
        page: { pageNumber, pageSize: 2 },
      }),
    )
    return { statements: counter.count, page }
  }

  it("is the same on every page, and past the last one, which counts apart", async () => {
    const first = await listAt(1)
    const second = await listAt(2)
    const past = await listAt(10_000)
    expect(first.page.totalCount).toBeGreaterThan(4)
    expect(second.page.totalCount).toBe(first.page.totalCount)
    expect(past.page.totalCount).toBe(first.page.totalCount)
    expect(past.page.items).toEqual([])
    expect(past.statements).toBe(2)
  })
})

describe("one competition", () => {
  it("costs one statement: its row and everything it shows", async () => {
    const [row] = await database.db.selectFrom("competitions").select("id").limit(1).execute()
    if (!row) throw new Error("the demo shop has no competition")
    const counter = new QueryCounter()
    const repo = makeCompetitionRepo(database.db.withPlugin(counter))
    const competition = await Effect.runPromise(repo.byId(row.id, { visibleOnly: false }))
    expect(competition.id).toBe(row.id)
    expect(counter.count).toBe(1)
  })
})
