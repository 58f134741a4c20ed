import type { CompetitionResponseJson } from "@howzat/contracts/catalogue"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Browser, json, problem } from "./test-support/browser"
import { competitionRequestOf } from "./test-support/competitions"
import { openShop, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Transparency and the instant-win share through the real composition
 * (decision 0045): the instant-win share on publish, hide and
 * delete; the minimum open duration; a live competition's dates fixed.
 * The shop is this suite's own, so it knows every live competition.
 */
let shop: Shop
let staff: Browser

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
const day = (n: number) => inMs(n * DAY)

type CompetitionJson = CompetitionResponseJson["competition"]

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Signed Ashes Bat",
  description: "<p>A bat</p>",
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

const create = async (overrides: Record<string, unknown> = {}) =>
  (await json<CompetitionResponseJson>(await staff.post("/api/Competitions", body(overrides)), 201))
    .competition

const update = (c: CompetitionJson, overrides: Record<string, unknown> = {}) =>
  staff.put(`/api/Competitions/${c.id}`, competitionRequestOf(c, overrides))

/** A hidden competition with an instant-win group: an instant-win competition. */
const instantWin = async () => {
  const c = await create({ name: "Instant £500" })
  await json(
    await staff.post(`/api/Competitions/${c.id}/instant-win-groups`, {
      name: "£5 site credit",
      ticketCount: 3,
    }),
    201,
  )
  return c
}

const liveCounts = async () => {
  const rows = await shop.db
    .selectFrom("competitions as c")
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom("instantWinGroups as g")
            .select("g.id")
            .whereRef("g.competitionId", "=", "c.id"),
        )
        .as("instantWin"),
    ])
    .where("visibilityStatus", "=", "Visible")
    .where("closeDateTimeUtc", ">", new Date())
    .execute()
  const instant = rows.filter((r) => r.instantWin === true).length
  return { instantWin: instant, other: rows.length - instant }
}

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

describe("the instant-win share", () => {
  it("refuses to publish an instant-win competition that would be the majority, with the counts", async () => {
    const first = await instantWin()
    const refused = await problem(await update(first, { visibilityStatus: "Visible" }), 409)
    expect(refused).toMatchObject({
      type: expect.stringContaining("instant-win-majority"),
      title: "Too many instant-win competitions",
      detail:
        "Instant-win competitions cannot be more than half of the live competitions. After this change there would be 1 live instant-win competition and 0 other live competitions. Publish another competition without instant wins first, or keep this one hidden.",
    })
    expect(await liveCounts()).toEqual({ instantWin: 0, other: 0 })

    const standard = await create({ name: "Tesla", visibilityStatus: "Visible" })
    const published = await json<CompetitionResponseJson>(
      await update(first, { visibilityStatus: "Visible" }),
    )
    expect(published.competition.visibilityStatus).toBe("Visible")
    expect(await liveCounts()).toEqual({ instantWin: 1, other: 1 })

    // Hiding or deleting the standard one would leave instant wins the majority.
    await problem(await update(standard, { visibilityStatus: "Hidden" }), 409)
    await problem(await staff.request("DELETE", `/api/Competitions/${standard.id}`), 409)

    // A published competition without instant wins cannot be given its first group.
    const other = await create({ name: "Lord's", visibilityStatus: "Visible" })
    const second = await instantWin()
    await json(await update(second, { visibilityStatus: "Visible" }))
    const grown = await problem(
      await staff.post(`/api/Competitions/${other.id}/instant-win-groups`, {
        name: "£5 site credit",
        ticketCount: 3,
      }),
      409,
    )
    expect(grown.detail).toContain("3 live instant-win competitions and 1 other live competition")
    expect(await liveCounts()).toEqual({ instantWin: 2, other: 2 })

    // Taking an instant-win one off sale is always allowed.
    await json(await update(second, { visibilityStatus: "Hidden" }))
    expect(await liveCounts()).toEqual({ instantWin: 1, other: 2 })
  })

  it("lets only one of two staff publishing at once tip the share", async () => {
    // Now 1 instant-win and 2 others are live: one more instant-win fits, two do not.
    const a = await instantWin()
    const b = await instantWin()
    const answers = await Promise.all([
      update(a, { visibilityStatus: "Visible" }),
      update(b, { visibilityStatus: "Visible" }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await liveCounts()).toEqual({ instantWin: 2, other: 2 })
  })
})

describe("the minimum open duration", () => {
  it("refuses a competition open for less than 24 hours, naming the close date", async () => {
    const refused = await problem(
      await staff.post(
        "/api/Competitions",
        body({ startDateTimeUtc: day(2), closeDateTimeUtc: inMs(2 * DAY + 23 * HOUR) }),
      ),
      400,
    )
    expect(refused).toMatchObject({
      errors: {
        closeDateTimeUtc: [
          "The competition must be open for at least 24 hours: set the close date at least 24 hours after the start date",
        ],
      },
    })
    const c = await create({
      startDateTimeUtc: day(2),
      closeDateTimeUtc: day(3),
      drawDateTimeUtc: day(3),
    })
    await problem(await update(c, { closeDateTimeUtc: inMs(2 * DAY + HOUR) }), 400)
  })
})

describe("a live competition's dates", () => {
  it("refuses to move the close or the draw date once it is open and published", async () => {
    const live = await create({ startDateTimeUtc: day(-1), visibilityStatus: "Visible" })
    const close = await problem(await update(live, { closeDateTimeUtc: day(10.5) }), 409)
    expect(close.detail).toBe("The competition is live: its close date can no longer move.")
    const draw = await problem(await update(live, { drawDateTimeUtc: day(12) }), 409)
    expect(draw.detail).toBe("The competition is live: its draw date can no longer move.")
    // Its name is not a date: staff may still correct it.
    await json(await update(live, { name: "Signed Ashes Bat (2026)" }))
  })

  it("leaves a hidden competition with nothing sold free to change, its opening past", async () => {
    // Nobody could buy it or was promised anything: staff may still set it up.
    const hidden = await create({ startDateTimeUtc: day(-1) })
    const close = day(10.5)
    const moved = await json<CompetitionResponseJson>(
      await update(hidden, {
        startDateTimeUtc: day(1),
        closeDateTimeUtc: close,
        drawDateTimeUtc: day(12),
      }),
    )
    expect(moved.competition.closeDateTimeUtc).toBe(close)
  })

  it("answers a malformed change with a 400 problem, never a 500", async () => {
    const c = await create()
    await problem(await update(c, { visibilityStatus: "Sometimes" }), 400)
    await problem(await update(c, { closeDateTimeUtc: "next Tuesday" }), 400)
  })
})
