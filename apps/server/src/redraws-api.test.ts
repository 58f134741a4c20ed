import type { CompetitionWinnerListJson } from "@howzat/contracts/catalogue"
import type { MainPrizeWinnerListJson } from "@howzat/contracts/competition-winners"
import type {
  ClaimWindowJson,
  DrawnCompetitionResponseJson,
  DrawProofResponseJson,
  RedrawResponseJson,
} from "@howzat/contracts/draws"
import type { OrderTicketListJson } from "@howzat/contracts/orders"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkDraw, checkRedraws, parseProof } from "../../../tools/verify-draw/checks"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Redrawing an unclaimed prize through the real composition (docs/fairness.md,
 * "Redraws"): a competition is drawn, its winner's claim window passes,
 * staff redraw, and both draws stay published and check out with the
 * independent checker of `npm run verify-draw`.
 */
const DAY = 24 * 60 * 60 * 1000

let shop: Shop
let anonymous: Browser
let ann: Browser
let bob: Browser
let host: Browser

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  ann = await new Browser(shop.app).open()
  await register(ann, { firstName: "Ann", lastName: "Winner" })
  bob = await new Browser(shop.app).open()
  await register(bob, { firstName: "Bob", lastName: "Next" })
  host = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const buy = async (browser: Browser, competitionId: string, quantity: number) => {
  const order = await placeOrder(browser, competitionId, quantity)
  expect((await payForOrder(browser, order.id)).status).toBe("Completed")
  const { tickets } = await json<OrderTicketListJson>(
    await browser.get(`/api/Orders/${order.id}/tickets`),
  )
  return tickets.map((t) => t.ticketNumber)
}

/** A closed live competition, drawn by the host: its id and winning ticket. */
const drawnCompetition = async () => {
  const competitionId = await competitionOnSale(shop, { drawType: "Live" })
  const tickets = [...(await buy(ann, competitionId, 3)), ...(await buy(bob, competitionId, 3))]
  await shop.db
    .updateTable("competitions")
    .set({ closeDateTimeUtc: new Date(Date.now() - 1000), drawDateTimeUtc: new Date() })
    .where("id", "=", competitionId)
    .execute()
  const { draw } = await json<DrawnCompetitionResponseJson>(
    await host.post(`/api/Draws/draw-competition-winner/${competitionId}`),
  )
  return { competitionId, tickets, winner: draw.winningTicketNumber as number }
}

/**
 * The shop's clock cannot be moved from outside, so the draw is moved back
 * instead: the same to the rule, which counts the window from `drawn_at`.
 */
const drawnDaysAgo = (competitionId: string, days: number) =>
  shop.db
    .updateTable("draws")
    .set({ drawnAt: new Date(Date.now() - days * DAY) })
    .where("competitionId", "=", competitionId)
    .execute()

const redraw = (browser: Browser, competitionId: string, ticketNumber: number) =>
  browser.post(`/api/Draws/redraw/${competitionId}`, { ticketNumber })
const proofOf = async (competitionId: string) =>
  (await json<DrawProofResponseJson>(await anonymous.get(`/api/Draws/proof/${competitionId}`)))
    .proof

describe("redrawing an unclaimed prize", () => {
  it("draw, wait past the window, redraw: both published, both verifiable", async () => {
    const { competitionId, winner } = await drawnCompetition()

    const early = await problem(await redraw(host, competitionId, winner), 409)
    expect(early.detail).toMatch(/can still claim until/)

    await drawnDaysAgo(competitionId, 15)
    await problem(await redraw(anonymous, competitionId, winner), 401)
    await problem(await redraw(ann, competitionId, winner), 403)
    expect((await proofOf(competitionId)).redraws).toEqual([])

    const made = await json<RedrawResponseJson>(await redraw(host, competitionId, winner))
    expect(made.redraw).toMatchObject({
      redrawNumber: 1,
      replacesTicketNumber: winner,
      excludedTicketNumbers: [winner],
      entryCount: 5,
      prizeUnclaimedAt: null,
    })
    expect(made.redraw.winningTicketNumber).not.toBe(winner)
    expect(["Ann Winner", "Bob Next"]).toContain(made.winner?.fullName)

    const proof = await proofOf(competitionId)
    expect(proof.winningTicketNumber).toBe(winner)
    expect(proof.prizeUnclaimedAt).toBe(made.redraw.requestedAt)
    expect(proof.redraws).toEqual([made.redraw])

    // The independent checker of `npm run verify-draw`, on exactly what is served.
    const entries = new Uint8Array(
      await (await anonymous.get(`/api/Draws/entries/${competitionId}`)).arrayBuffer(),
    )
    const parsed = parseProof({ proof })
    if (!parsed.ok) throw new Error(parsed.problems.join("; "))
    const checks = [
      ...checkDraw(parsed.value, entries, competitionId),
      ...checkRedraws(parsed.value, entries),
    ]
    expect(checks.filter((c) => c.status === "fail")).toEqual([])
    expect(checks.map((c) => c.label)).toContain(
      `redraw 1: excludes exactly the replaced winners (${winner})`,
    )

    // Once redrawn, that winner is not redrawn again.
    const again = await problem(await redraw(host, competitionId, winner), 409)
    expect(again.detail).toMatch(/already marked unclaimed and redrawn/)

    // The competition now shows the new winner; the public winners list leaves the old one out.
    const { competitionWinners } = await json<CompetitionWinnerListJson>(
      await anonymous.get(`/api/Draws/competition-winners/${competitionId}`),
    )
    expect(competitionWinners.map((w) => w.ticketNumber)).toEqual([made.redraw.winningTicketNumber])

    // Staff see both winners, the first marked unclaimed.
    const { mainPrizeWinners } = await json<MainPrizeWinnerListJson>(
      await host.get(`/api/CompetitionWinners/MainPrizeWinners?PageSize=100`),
    )
    const mine = mainPrizeWinners.filter((w) => w.competition.id === competitionId)
    expect(
      mine.map((w) => [w.ticketNumber, w.redrawRequestedAt === null ? "current" : "unclaimed"]),
    ).toEqual(
      expect.arrayContaining([
        [winner, "unclaimed"],
        [made.redraw.winningTicketNumber, "current"],
      ]),
    )
  })

  it("refuses a prize handed over, and a ticket that did not win", async () => {
    const { competitionId, tickets, winner } = await drawnCompetition()
    await drawnDaysAgo(competitionId, 30)
    const loser = tickets.find((n) => n !== winner) as number
    await problem(await redraw(host, competitionId, loser), 404)
    await shop.db
      .updateTable("draws")
      .set({ processedAt: new Date() })
      .where("competitionId", "=", competitionId)
      .execute()
    const claimed = await problem(await redraw(host, competitionId, winner), 409)
    expect(claimed.detail).toMatch(/handed over/)
  })
})

describe("the claim window", () => {
  it("is fourteen days until set; staff set it, in range only; customers may not", async () => {
    expect(await json<ClaimWindowJson>(await host.get("/api/Draws/claim-window"))).toEqual({
      claimWindowDays: 14,
    })
    await problem(await ann.get("/api/Draws/claim-window"), 403)
    await problem(await ann.put("/api/Draws/claim-window", { claimWindowDays: 3 }), 403)
    const bad = await problem(
      await host.put("/api/Draws/claim-window", { claimWindowDays: 0 }),
      400,
    )
    expect(bad.detail).toBe("The claim window must be a whole number of days from 1 to 365.")
    expect(
      await json<ClaimWindowJson>(
        await host.put("/api/Draws/claim-window", { claimWindowDays: 21 }),
      ),
    ).toEqual({ claimWindowDays: 21 })
    const { competitionId, winner } = await drawnCompetition()
    await drawnDaysAgo(competitionId, 15)
    await problem(await redraw(host, competitionId, winner), 409)
    await json(await host.put("/api/Draws/claim-window", { claimWindowDays: 14 }))
  })

  it("is in the OpenAPI document, with the redraw", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await anonymous.get("/api/openapi.json"),
    )
    expect(Object.keys(doc.paths["/api/Draws/claim-window"] ?? {}).sort()).toEqual(["get", "put"])
    expect(Object.keys(doc.paths["/api/Draws/redraw/{competitionId}"] ?? {})).toEqual(["post"])
  })
})
