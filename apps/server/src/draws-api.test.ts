import { createHash, randomUUID } from "node:crypto"
import type {
  CompetitionResponseJson,
  CompetitionWinnerListJson,
} from "@howzat/contracts/catalogue"
import type {
  CompetitionsAwaitingDrawJson,
  CompetitionsAwaitingLiveDrawJson,
  DrawListJson,
  DrawnCompetitionResponseJson,
  DrawProofResponseJson,
} from "@howzat/contracts/draws"
import type { OrderTicketListJson } from "@howzat/contracts/orders"
import { drawWinner } from "@howzat/core/draws"
import type { NewCompetition } from "@howzat/core/ports"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * docs/product/api.md's Draws calls and the published proofs (decisions 0020, 0024 and 0023),
 * through the real composition: a customer buys and pays for tickets, the
 * competition closes, staff draw it live, and anyone can check the draw.
 */
let shop: Shop
let anonymous: Browser
let ann: { browser: Browser; email: string }
let host: Browser

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  const browser = await new Browser(shop.app).open()
  const { email } = await register(browser, { firstName: "Ann", lastName: "Winner" })
  ann = { browser, email }
  host = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

/** Checks out `quantity` tickets; the order then awaits payment. */
/** Buys and pays by card, as the payment page does; answers the order's ticket numbers. */
const buy = async (browser: Browser, competitionId: string, quantity: number) => {
  const order = await placeOrder(browser, competitionId, quantity)
  const completed = await payForOrder(browser, order.id)
  expect(completed.status).toBe("Completed")
  const { tickets } = await json<OrderTicketListJson>(
    await browser.get(`/api/Orders/${order.id}/tickets`),
  )
  return tickets.map((t) => t.ticketNumber)
}

/** Closes the competition a second ago, its live draw scheduled for `drawDate`. */
// The draw date defaults to the moment of closing, not of the call that bought the
// tickets first: a slow purchase must not put the draw before the close.
const close = (competitionId: string, drawDate?: Date) =>
  shop.db
    .updateTable("competitions")
    .set({ closeDateTimeUtc: new Date(Date.now() - 1000), drawDateTimeUtc: drawDate ?? new Date() })
    .where("id", "=", competitionId)
    .execute()

const hide = (competitionId: string) =>
  shop.db
    .updateTable("competitions")
    .set({ visibilityStatus: "Hidden" })
    .where("id", "=", competitionId)
    .execute()

/** A Live competition (the job never draws it) with Ann's paid tickets, closed now. */
const closedWithEntries = async (quantity = 3, drawDate?: Date) => {
  const competitionId = await competitionOnSale(shop, { drawType: "Live" })
  const tickets = await buy(ann.browser, competitionId, quantity)
  await close(competitionId, drawDate)
  return { competitionId, tickets }
}

const drawPath = (id: string) => `/api/Draws/draw-competition-winner/${id}`
const draw = (browser: Browser, id: string) => browser.post(drawPath(id))
const proofOf = async (browser: Browser, id: string) =>
  (await json<DrawProofResponseJson>(await browser.get(`/api/Draws/proof/${id}`))).proof
const winnersMailedToAnn = async () =>
  (await shop.outbox.recent({ to: ann.email, limit: 50 })).filter((m) => m.kind === "DrawWinner")

describe("drawing a competition live", () => {
  it("is for staff: 401 to nobody, 403 to a customer, and nothing is drawn", async () => {
    const { competitionId } = await closedWithEntries(1)
    const nobody = await problem(await draw(anonymous, competitionId), 401)
    expect(nobody.type).toBeTruthy()
    await problem(await draw(ann.browser, competitionId), 403)
    expect((await proofOf(anonymous, competitionId)).outcome).toBe("NotDrawn")
  })

  it("draws the winner once: a second call answers the same winner and sends no second email", async () => {
    const mailedBefore = (await winnersMailedToAnn()).length
    const { competitionId, tickets } = await closedWithEntries(3)
    const first = await json<DrawnCompetitionResponseJson>(await draw(host, competitionId))
    expect(first.draw).toMatchObject({
      competition: { id: competitionId },
      drawType: "Live",
      outcome: "Winner",
      entryCount: 3,
      winner: { fullName: "Ann Winner" },
    })
    expect(tickets).toContain(first.draw.winningTicketNumber)

    const second = await json<DrawnCompetitionResponseJson>(await draw(host, competitionId))
    // The same draw, said to be found rather than made (decision 0079).
    expect(second).toEqual({ ...first, madeNow: false })

    const mailed = await winnersMailedToAnn()
    expect(mailed).toHaveLength(mailedBefore + 1)
    expect(mailed[0]?.text).toContain(`Your ticket ${first.draw.winningTicketNumber} has won`)
    expect(mailed[0]?.text).toContain(`/Competitions/Competition/${competitionId}`)
  })

  it("puts the result on the competition itself, for its tiles and page", async () => {
    const { competitionId, tickets } = await closedWithEntries(2)
    const read = async () =>
      (
        await json<CompetitionResponseJson>(
          await anonymous.get(`/api/Competitions/${competitionId}`),
        )
      ).competition
    expect((await read()).drawResult).toBeNull()
    const { draw: made } = await json<DrawnCompetitionResponseJson>(await draw(host, competitionId))
    const { drawResult } = await read()
    expect(drawResult).toEqual({
      outcome: "Winner",
      winningTicketNumber: made.winningTicketNumber,
      drawnAt: made.drawnAt,
    })
    expect(tickets).toContain(drawResult?.winningTicketNumber)
  })

  it("asked for by several at once makes one draw and sends one email", async () => {
    const mailedBefore = (await winnersMailedToAnn()).length
    const { competitionId } = await closedWithEntries(5)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => draw(host, competitionId).then((r) => json(r))),
    )
    const draws = answers.map((a) => (a as { draw: unknown; madeNow: boolean }).draw)
    expect(new Set(draws.map((d) => JSON.stringify(d))).size).toBe(1)
    // Exactly one of them made it; the others are told they found it.
    expect(answers.filter((a) => (a as { madeNow: boolean }).madeNow)).toHaveLength(1)
    expect(await winnersMailedToAnn()).toHaveLength(mailedBefore + 1)
  })

  it("answers 409 with the reason when the competition is still open", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live" })
    const closesAt = new Date("2099-06-01T19:00:00.000Z")
    await shop.db
      .updateTable("competitions")
      .set({ closeDateTimeUtc: closesAt, drawDateTimeUtc: new Date("2099-06-02T20:30:00.000Z") })
      .where("id", "=", competitionId)
      .execute()
    const refused = await problem(await draw(host, competitionId), 409)
    expect(refused).toMatchObject({
      type: "https://howzat.example/problems/draw-not-possible",
      title: "Still open",
      detail:
        "This competition is still open: it can be drawn once it closes on 1st June 2099 at 8:00pm.",
    })
  })

  it("answers 409 before the draw time it advertised, though closed, and draws nothing", async () => {
    // Closed early (sold out, say), its draw still promised for a Thursday stream days away.
    const drawAt = new Date("2099-07-02T19:30:00.000Z")
    const { competitionId } = await closedWithEntries(1, drawAt)
    const mailed = (await winnersMailedToAnn()).length
    const refused = await problem(await draw(host, competitionId), 409)
    expect(refused).toMatchObject({
      type: "https://howzat.example/problems/draw-not-possible",
      title: "Not yet due",
      detail:
        "This competition's draw is advertised for 2nd July 2099 at 8:30pm: it can be drawn from then.",
    })
    expect((await proofOf(anonymous, competitionId)).outcome).toBe("NotDrawn")
    expect(await winnersMailedToAnn()).toHaveLength(mailed)
  })

  it("answers 409 for a competition with no draw", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "None" })
    await close(competitionId)
    const refused = await problem(await draw(host, competitionId), 409)
    expect([refused.title, refused.detail]).toEqual(["No draw", "This competition has no draw."])
  })

  it("answers 409 while orders await payment, and draws nothing", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live" })
    await buy(ann.browser, competitionId, 1)
    await placeOrder(ann.browser, competitionId, 2)
    await close(competitionId)
    const refused = await problem(await draw(host, competitionId), 409)
    expect([refused.title, refused.detail]).toEqual([
      "Orders awaiting payment",
      "1 order is still awaiting payment for this competition. Draw once they are paid or have expired.",
    ])
    expect((await proofOf(anonymous, competitionId)).outcome).toBe("NotDrawn")
  })

  it("answers 404 for an unknown competition and 400 for an id that is not one", async () => {
    await problem(await draw(host, randomUUID()), 404)
    await problem(await draw(host, "not-an-id"), 400)
  })

  it("with no entries closes with no winner", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live" })
    await close(competitionId)
    const { draw: made } = await json<DrawnCompetitionResponseJson>(await draw(host, competitionId))
    expect(made).toMatchObject({
      outcome: "NoEntries",
      entryCount: 0,
      winningTicketNumber: null,
      winner: null,
    })
    const proof = await proofOf(anonymous, competitionId)
    expect([proof.outcome, proof.entriesHash]).toEqual(["NoEntries", sha256Hex("")])
    // The entry list of nobody: empty, and still there to check against entriesHash.
    const download = await anonymous.get(`/api/Draws/entries/${competitionId}`)
    expect([download.status, await download.text()]).toEqual([200, ""])
  })
})

describe("the live-draw host's waiting list", () => {
  it("is for staff: 401 to nobody, 403 to a customer", async () => {
    await problem(await anonymous.get("/api/Draws/CompetitionsWaitingToBeDrawn"), 401)
    await problem(await ann.browser.get("/api/Draws/CompetitionsWaitingToBeDrawn"), 403)
  })

  it("lists closed competitions until they are drawn, and never open ones", async () => {
    const { competitionId: waiting, tickets } = await closedWithEntries(2)
    const open = await competitionOnSale(shop, { drawType: "Live" })
    const listed = async () =>
      (
        await json<CompetitionsAwaitingDrawJson>(
          await host.get("/api/Draws/CompetitionsWaitingToBeDrawn"),
        )
      ).competitions
    const before = await listed()
    expect(before.find((c) => c.id === waiting)).toMatchObject({
      drawType: "Live",
      ticketsSoldToDate: tickets.length,
    })
    expect(before.some((c) => c.id === open)).toBe(false)

    await json(await draw(host, waiting))
    expect((await listed()).some((c) => c.id === waiting)).toBe(false)
  })
})

describe("the public list of competitions waiting for the live draw", () => {
  const path = "/api/Draws/awaiting-live-draw"
  const HOUR = 60 * 60 * 1000
  const listedTo = async (browser: Browser) =>
    json<CompetitionsAwaitingLiveDrawJson>(await browser.get(path))
  const idsListedTo = async (browser: Browser) =>
    (await listedTo(browser)).competitions.map((c) => c.id)

  /** Closed `hoursAgo`, its live draw due an hour after the close. */
  const closedAgo = async (hoursAgo: number, overrides: Partial<NewCompetition> = {}) => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live", ...overrides })
    const closedAt = Date.now() - hoursAgo * HOUR
    await shop.db
      .updateTable("competitions")
      .set({
        startDateTimeUtc: new Date(closedAt - 24 * HOUR),
        closeDateTimeUtc: new Date(closedAt),
        drawDateTimeUtc: new Date(closedAt + HOUR),
      })
      .where("id", "=", competitionId)
      .execute()
    return competitionId
  }

  it("keeps a live competition past its draw time, to anyone, until it is drawn", async () => {
    // The stream ran over: the draw was due an hour ago.
    const overran = await closedAgo(2)
    // Put off to next week's stream: due six days ago.
    const putOff = await closedAgo(24 * 6 + 1)
    for (const browser of [anonymous, ann.browser, host]) {
      const listed = await idsListedTo(browser)
      expect(listed).toEqual(expect.arrayContaining([overran, putOff]))
      // By draw time: the one put off first.
      expect(listed.indexOf(putOff)).toBeLessThan(listed.indexOf(overran))
    }
    // Gone from the catalogue's "Current" list: that is why /Live could not use it.
    const current = await json<{ competitions: { id: string }[] }>(
      await anonymous.get("/api/Competitions?TimePeriod=Current&PageSize=100"),
    )
    expect(current.competitions.map((c) => c.id)).not.toContain(overran)

    await json(await draw(host, overran))
    expect(await idsListedTo(anonymous)).not.toContain(overran)
  })

  it("leaves out hidden, automatic, no-draw and open competitions, for staff too", async () => {
    const hidden = await closedAgo(2)
    await hide(hidden)
    const automatic = await closedAgo(2, { drawType: "Automatic" })
    const noDraw = await closedAgo(2, { drawType: "None" })
    const open = await competitionOnSale(shop, { drawType: "Live" })
    for (const browser of [anonymous, ann.browser, host]) {
      const listed = await idsListedTo(browser)
      for (const left of [hidden, automatic, noDraw, open]) expect(listed).not.toContain(left)
    }
  })

  it("answers each as the catalogue does, with the server's time and no personal data", async () => {
    const { competitionId } = await closedWithEntries(2)
    const answer = await listedTo(anonymous)
    const listed = answer.competitions.find((c) => c.id === competitionId)
    const { competition } = await json<CompetitionResponseJson>(
      await anonymous.get(`/api/Competitions/${competitionId}`),
    )
    const { currentDateTimeUtc: _at, ...catalogued } = competition
    expect(listed).toMatchObject({ ...catalogued, ticketsSoldToDate: 2 })
    expect(Object.keys(listed ?? {}).sort()).toEqual(Object.keys(competition).sort())
    expect(Math.abs(Date.parse(answer.currentDateTimeUtc) - Date.now())).toBeLessThan(60_000)
    const body = JSON.stringify(answer)
    for (const personal of [ann.email, "Ann", "customerId", "email"])
      expect(body).not.toContain(personal)
  })

  it("is at most 100", async () => {
    expect((await listedTo(anonymous)).competitions.length).toBeLessThanOrEqual(100)
  })
})

describe("the proof anyone can check", () => {
  it("before the draw: the commitment only, and no entry list", async () => {
    const { competitionId } = await closedWithEntries(1)
    const proof = await proofOf(anonymous, competitionId)
    expect(proof).toMatchObject({
      competitionId,
      outcome: "NotDrawn",
      seed: null,
      entriesHash: null,
      entryCount: null,
      beacon: null,
      attempt: null,
      winningTicketNumber: null,
      drawnAt: null,
    })
    expect(proof.commitment).toMatch(/^[0-9a-f]{64}$/)
    const missing = await problem(await anonymous.get(`/api/Draws/entries/${competitionId}`), 404)
    expect(missing.detail).toBe("This competition has not been drawn yet.")
  })

  it("after the draw: the seed, the entry list and everything to re-derive the winner", async () => {
    const { competitionId, tickets } = await closedWithEntries(4)
    const before = await proofOf(anonymous, competitionId)
    const { draw: made } = await json<DrawnCompetitionResponseJson>(await draw(host, competitionId))
    const proof = await proofOf(anonymous, competitionId)
    expect(proof).toMatchObject({
      outcome: "Winner",
      commitment: before.commitment,
      entryCount: 4,
      beacon: { source: "none", value: "" },
      winningTicketNumber: made.winningTicketNumber,
    })
    const seed = proof.seed ?? ""
    expect(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex")).toBe(
      proof.commitment,
    )

    const download = await anonymous.get(`/api/Draws/entries/${competitionId}`)
    expect(download.status).toBe(200)
    expect(download.headers.get("content-type")).toMatch(/^text\/plain/)
    const text = await download.text()
    expect(text).toBe([...tickets].sort((a, b) => a - b).join("\n"))
    expect(sha256Hex(text)).toBe(proof.entriesHash)

    const rederived = drawWinner({
      seed: new Uint8Array(Buffer.from(seed, "hex")),
      competitionId,
      beacon: "",
      ticketNumbers: text.split("\n").map(Number),
    })
    expect(rederived).toEqual({
      entriesHash: proof.entriesHash,
      entryCount: 4,
      attempt: proof.attempt,
      winningTicketNumber: proof.winningTicketNumber,
    })
  })

  it("of a hidden competition is not found by the public, and is there for staff", async () => {
    const competitionId = await competitionOnSale(shop, { drawType: "Live" })
    await buy(ann.browser, competitionId, 1)
    await hide(competitionId)
    await close(competitionId)
    await json(await draw(host, competitionId))
    for (const viewer of [anonymous, ann.browser]) {
      await problem(await viewer.get(`/api/Draws/proof/${competitionId}`), 404)
      await problem(await viewer.get(`/api/Draws/entries/${competitionId}`), 404)
    }
    expect((await proofOf(host, competitionId)).outcome).toBe("Winner")
    expect((await host.get(`/api/Draws/entries/${competitionId}`)).status).toBe(200)
  })

  it("answers 404 for an unknown competition and 400 for an id that is not one", async () => {
    await problem(await anonymous.get(`/api/Draws/proof/${randomUUID()}`), 404)
    await problem(await anonymous.get("/api/Draws/proof/not-an-id"), 400)
    await problem(await anonymous.get(`/api/Draws/entries/${randomUUID()}`), 404)
    await problem(await anonymous.get("/api/Draws/entries/not-an-id"), 400)
  })
})

describe("winners and past draws", () => {
  let seen: { competitionId: string; tickets: number[] }
  let secret: string
  let winningTicket: number | null
  /** A draw is dated when it is made (decision 0024), not by the slot it was scheduled for. */
  let drawnOn: Date

  beforeAll(async () => {
    // Drawn as its advertised draw time comes (close's default: now).
    seen = await closedWithEntries(2)
    const made = (await json<DrawnCompetitionResponseJson>(await draw(host, seen.competitionId)))
      .draw
    winningTicket = made.winningTicketNumber
    drawnOn = new Date(made.drawDate)
    expect(made.drawDate).toBe(made.drawnAt)
    secret = await competitionOnSale(shop, { drawType: "Live" })
    await buy(ann.browser, secret, 1)
    await hide(secret)
    await close(secret)
    await json(await draw(host, secret))
  })

  const winnersIn = async (browser: Browser, query: string) =>
    (
      await json<CompetitionWinnerListJson>(
        await browser.get(`/api/Draws/competition-winners?PageSize=100${query}`),
      )
    ).competitionWinners.map((w) => w.competition.id)

  it("IncludeHiddenRecords is for staff: 401 to nobody, 403 to a customer", async () => {
    const path = "/api/Draws/competition-winners?IncludeHiddenRecords=true"
    await problem(await anonymous.get(path), 401)
    await problem(await ann.browser.get(path), 403)
    const all = await winnersIn(host, "&IncludeHiddenRecords=true")
    expect(all).toEqual(expect.arrayContaining([seen.competitionId, secret]))
  })

  it("without it, everyone sees the visible winners only", async () => {
    for (const browser of [anonymous, ann.browser, host]) {
      const listed = await winnersIn(browser, "")
      expect(listed).toContain(seen.competitionId)
      expect(listed).not.toContain(secret)
    }
  })

  it("competition-winners/{id} names the winner of that competition", async () => {
    const { competitionWinners } = await json<CompetitionWinnerListJson>(
      await anonymous.get(`/api/Draws/competition-winners/${seen.competitionId}`),
    )
    expect(competitionWinners).toHaveLength(1)
    expect(competitionWinners[0]).toMatchObject({
      competition: { id: seen.competitionId },
      customer: { fullName: "Ann Winner" },
      ticketNumber: winningTicket,
      drawDate: drawnOn.toISOString(),
    })
    const hidden = await json<CompetitionWinnerListJson>(
      await anonymous.get(`/api/Draws/competition-winners/${secret}`),
    )
    expect(hidden.competitionWinners).toEqual([])
    const toStaff = await json<CompetitionWinnerListJson>(
      await host.get(`/api/Draws/competition-winners/${secret}?IncludeHiddenRecords=true`),
    )
    expect(toStaff.competitionWinners.map((w) => w.competition.id)).toEqual([secret])
    await problem(
      await ann.browser.get(`/api/Draws/competition-winners/${secret}?IncludeHiddenRecords=true`),
      403,
    )
  })

  it("refuses a date it cannot read with a 400 problem", async () => {
    await problem(await anonymous.get("/api/Draws?DrawFromDate=yesterday"), 400)
    await problem(await anonymous.get("/api/Draws?DrawToDate=2026-02-30"), 400)
  })

  it("GET /api/Draws lists the draws by their draw date, hidden ones to staff only", async () => {
    const minute = 60_000
    const at = (offset: number) => new Date(drawnOn.getTime() + offset).toISOString()
    const listed = async (browser: Browser, query = "") =>
      (await json<DrawListJson>(await browser.get(`/api/Draws?PageSize=100${query}`))).draws.map(
        (d) => d.competition.id,
      )

    const around = `&DrawFromDate=${at(-minute)}&DrawToDate=${at(minute)}`
    expect(await listed(anonymous, around)).toContain(seen.competitionId)
    expect(await listed(anonymous, around)).not.toContain(secret)
    expect(await listed(host, around)).toEqual(expect.arrayContaining([seen.competitionId, secret]))
    expect(await listed(anonymous, `&DrawFromDate=${at(minute)}`)).not.toContain(seen.competitionId)
    expect(await listed(anonymous, `&DrawToDate=${at(-minute)}`)).not.toContain(seen.competitionId)

    const { draws } = await json<DrawListJson>(await anonymous.get(`/api/Draws?${around.slice(1)}`))
    expect(draws.find((d) => d.competition.id === seen.competitionId)).toMatchObject({
      drawType: "Live",
      drawDate: drawnOn.toISOString(),
      outcome: "Winner",
      winningTicketNumber: winningTicket,
      winner: { fullName: "Ann Winner" },
    })
  })
})

describe("the OpenAPI document", () => {
  it("has every Draws call", async () => {
    const document = await json<{ paths: Record<string, unknown> }>(
      await anonymous.get("/api/openapi.json"),
    )
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/Draws",
        "/api/Draws/NextLiveDraw",
        "/api/Draws/NextAutoDraw",
        "/api/Draws/competition-winners",
        "/api/Draws/competition-winners/{competitionId}",
        "/api/Draws/CompetitionsWaitingToBeDrawn",
        "/api/Draws/awaiting-live-draw",
        "/api/Draws/draw-competition-winner/{competitionId}",
        "/api/Draws/proof/{competitionId}",
        "/api/Draws/entries/{competitionId}",
      ]),
    )
  })
})
