import type { CompetitionWinnerListJson, TicketListJson } from "@howzat/contracts/catalogue"
import type {
  InstantWinPrizeWinnerListJson,
  InstantWinPrizeWinnerResponseJson,
  MainPrizeWinnerListJson,
  MainPrizeWinnerResponseJson,
  WinnerNoteListJson,
  WinnerNoteResponseJson,
} from "@howzat/contracts/competition-winners"
import type { DrawListJson, DrawProofResponseJson } from "@howzat/contracts/draws"
import type { OrderResponseJson } from "@howzat/contracts/orders"
import { MAX_WINNER_NOTE_LENGTH, winnerNoteMessages } from "@howzat/core/rules"
import { Db, PostgresAccountsLive, TransactionsLive } from "@howzat/postgres"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Argon2PasswordHasherLive } from "./auth/argon2-password-hasher"
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, ensureDemoAdmin } from "./demo-admin"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  CARDS,
  checkout,
  competitionOnSale,
  newBasket,
  payByCard,
} from "./test-support/orders"
import { logIn, openShop, register, type Shop } from "./test-support/shop"

/**
 * docs/product/api.md's CompetitionWinners through the real composition: a competition
 * drawn live by staff, an instant win, their processed status and notes;
 * 401 to nobody, 403 to a customer, 400 for bad input, 404 for what is not
 * there, and every call in the OpenAPI document.
 */
let shop: Shop
let admin: Browser
let customer: Browser
let anonymous: Browser
let winnerCustomerId: string
let drawnCompetitionId: string
let winningTicket: number
let instantWinId: string

const BASE = "/api/CompetitionWinners"
const NOBODY = "00000000-0000-4000-8000-000000000000"

/** A paid ticket, the competition closed, then drawn by the admin as in the live stream. */
const drawnCompetition = async () => {
  const competitionId = await competitionOnSale(shop, { drawType: "Live" })
  const basket = await newBasket(customer)
  await addItem(customer, basket.id, competitionId, 1)
  const { order } = await checkout(customer, basket.id)
  const started = await json<OrderResponseJson>(
    await customer.post(`/api/Orders/${order.id}/payments`),
  )
  const token = started.order.payments.find((p) => p.status === "Pending")?.token as string
  await payByCard(customer, token, CARDS.succeeds)
  await shop.paymentNotificationsSettled()
  const paid = await json<OrderResponseJson>(await customer.get(`/api/Orders/${order.id}`))
  expect(paid.order.status).toBe("Completed")
  const past = new Date(Date.now() - 60_000)
  await shop.db
    .updateTable("competitions")
    .set({ closeDateTimeUtc: past, drawDateTimeUtc: past })
    .where("id", "=", competitionId)
    .execute()
  const drawn = await json<{ draw: { winningTicketNumber: number } }>(
    await admin.post(`/api/Draws/draw-competition-winner/${competitionId}`),
  )
  return { competitionId, ticketNumber: drawn.draw.winningTicketNumber }
}

/** An instant win, written straight to the table as a paid order's ticket would be. */
const wonInstantWin = async () => {
  const competitionId = await competitionOnSale(shop, {
    instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [5] }],
  })
  const { id } = await shop.db
    .updateTable("instantWinTickets")
    .set({ wonAt: new Date(), winnerCustomerId })
    .where("competitionId", "=", competitionId)
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

beforeAll(async () => {
  shop = await openShop()
  await Effect.runPromise(
    ensureDemoAdmin.pipe(
      Effect.provide(
        Layer.mergeAll(PostgresAccountsLive, TransactionsLive, Argon2PasswordHasherLive).pipe(
          Layer.provide(Layer.succeed(Db, shop.db)),
        ),
      ),
    ),
  )
  admin = await new Browser(shop.app).open()
  await logIn(admin, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
  customer = await new Browser(shop.app).open()
  winnerCustomerId = (await register(customer, { firstName: "Wendy", lastName: "Winner" })).user
    .customerId as string
  anonymous = await new Browser(shop.app).open()
  const drawn = await drawnCompetition()
  drawnCompetitionId = drawn.competitionId
  winningTicket = drawn.ticketNumber
  instantWinId = await wonInstantWin()
}, 120_000)
afterAll(async () => {
  await shop?.close()
})

const mainPath = () => `${BASE}/MainPrizeWinners/${drawnCompetitionId}/${winningTicket}`
const instantPath = () => `${BASE}/InstantWinPrizeWinners/${instantWinId}`

/** Every call, with a body where it takes one. */
const everyCall = (): [string, string, unknown?][] => [
  ["GET", `${BASE}/MainPrizeWinners`],
  ["GET", `${BASE}/InstantWinPrizeWinners`],
  ["GET", `${mainPath()}/Notes`],
  ["POST", `${mainPath()}/Notes`, { text: "A note" }],
  ["PUT", `${BASE}/MainPrizeWinners/Notes/${NOBODY}`, { text: "A note" }],
  ["DELETE", `${BASE}/MainPrizeWinners/Notes/${NOBODY}`],
  ["POST", `${mainPath()}/Status`, { processed: true }],
  ["POST", `${mainPath()}/Visibility`, { isVisible: false }],
  ["POST", `${mainPath()}/PrizeAwarded`, { prizeAwardedAs: "Prize" }],
  ["GET", `${instantPath()}/Notes`],
  ["POST", `${instantPath()}/Notes`, { text: "A note" }],
  ["PUT", `${BASE}/InstantWinPrizeWinners/Notes/${NOBODY}`, { text: "A note" }],
  ["DELETE", `${BASE}/InstantWinPrizeWinners/Notes/${NOBODY}`],
  ["POST", `${instantPath()}/Status`, { processed: true }],
  ["POST", `${instantPath()}/Visibility`, { isVisible: false }],
]

const call = (browser: Browser, [method, path, body]: [string, string, unknown?]) =>
  browser.request(method, path, body === undefined ? {} : { body })

describe("who may see winners", () => {
  it("answers 401 to anonymous callers and 403 to customers, changing nothing", async () => {
    for (const request of everyCall()) {
      await problem(await call(anonymous, request), 401)
      await problem(await call(customer, request), 403)
    }
    const notes = await shop.db.selectFrom("winnerNotes").select("id").execute()
    expect(notes).toEqual([])
    const draw = await shop.db
      .selectFrom("draws")
      .select(["processedAt", "isVisible", "prizeAwardedAs"])
      .where("competitionId", "=", drawnCompetitionId)
      .executeTakeFirstOrThrow()
    expect(draw).toEqual({ processedAt: null, isVisible: true, prizeAwardedAs: null })
    const instant = await shop.db
      .selectFrom("instantWinTickets")
      .select("isVisible")
      .where("id", "=", instantWinId)
      .executeTakeFirstOrThrow()
    expect(instant.isVisible).toBe(true)
  })
})

describe("how the main prize was awarded (decision 0045)", () => {
  const cashAlternative = (pence: number | null) =>
    shop.db
      .updateTable("competitions")
      .set({ cashAlternativePence: pence })
      .where("id", "=", drawnCompetitionId)
      .execute()
  type Awarded = {
    mainPrizeWinner: { prizeAwardedAs: string | null; cashAlternativeValue: number | null }
  }

  it("records the cash alternative the competition stated, or the prize, audited", async () => {
    await cashAlternative(25_000)
    const cash = await json<Awarded>(
      await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: "CashAlternative" }),
    )
    expect(cash.mainPrizeWinner).toMatchObject({
      prizeAwardedAs: "CashAlternative",
      cashAlternativeValue: 25_000,
    })
    const listed = await json<MainPrizeWinnerListJson>(await admin.get(`${BASE}/MainPrizeWinners`))
    expect(
      listed.mainPrizeWinners.find((w) => w.competition.id === drawnCompetitionId)?.prizeAwardedAs,
    ).toBe("CashAlternative")
    const audit = await shop.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("action", "=", "Winner.SetPrizeAwardedAs")
      .execute()
    expect(audit.at(-1)).toEqual({
      before: { prizeAwardedAs: null },
      after: { prizeAwardedAs: "CashAlternative" },
    })
    await json(await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: null }))
  })

  it("refuses a cash alternative the competition never stated, and bad requests", async () => {
    await cashAlternative(null)
    const refused = await problem(
      await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: "CashAlternative" }),
      409,
    )
    expect(refused.detail).toBe(
      "This competition stated no cash alternative: its winner can only be awarded the prize as described.",
    )
    const prize = await json<Awarded>(
      await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: "Prize" }),
    )
    expect(prize.mainPrizeWinner.prizeAwardedAs).toBe("Prize")
    await problem(await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: "Car" }), 400)
    await problem(await admin.post(`${mainPath()}/PrizeAwarded`, {}), 400)
    await problem(
      await admin.post(
        `${BASE}/MainPrizeWinners/${drawnCompetitionId}/${winningTicket + 1}/PrizeAwarded`,
        { prizeAwardedAs: "Prize" },
      ),
      404,
    )
    await json(await admin.post(`${mainPath()}/PrizeAwarded`, { prizeAwardedAs: null }))
  })
})

describe("the main prize winners", () => {
  it("lists the drawn winner, marks the prize processed by the admin, and filters by it", async () => {
    const list = async (status: string) =>
      json<MainPrizeWinnerListJson>(
        await admin.get(`${BASE}/MainPrizeWinners?WinnerProcessedStatus=${status}`),
      )
    const all = await list("All")
    const ours = all.mainPrizeWinners.find((w) => w.competition.id === drawnCompetitionId)
    expect(ours).toMatchObject({
      ticketNumber: winningTicket,
      winner: { customerId: winnerCustomerId, fullName: "Wendy Winner" },
      processed: false,
      processedAt: null,
      noteCount: 0,
    })

    const marked = await json<{ mainPrizeWinner: { processed: boolean; processedAt: string } }>(
      await admin.post(`${mainPath()}/Status`, { processed: true }),
    )
    expect(marked.mainPrizeWinner.processed).toBe(true)
    const adminId = (
      await shop.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", DEMO_ADMIN_EMAIL)
        .executeTakeFirstOrThrow()
    ).id
    expect(marked.mainPrizeWinner).toMatchObject({ processedByUserId: adminId })
    const processed = await list("Processed")
    expect(processed.mainPrizeWinners.map((w) => w.competition.id)).toContain(drawnCompetitionId)
    const waiting = await list("NotProcessed")
    expect(waiting.mainPrizeWinners.map((w) => w.competition.id)).not.toContain(drawnCompetitionId)

    await json(await admin.post(`${mainPath()}/Status`, { processed: false }))
    expect((await list("NotProcessed")).mainPrizeWinners.map((w) => w.competition.id)).toContain(
      drawnCompetitionId,
    )
  })

  it("keeps notes: add, list, edit, delete; a note is reached only through its kind", async () => {
    const added = await json<WinnerNoteResponseJson>(
      await admin.post(`${mainPath()}/Notes`, { text: "  Phoned Wendy, delivery Friday  " }),
      201,
    )
    expect(added.note).toMatchObject({
      text: "Phoned Wendy, delivery Friday",
      author: { name: "Demo Admin" },
    })
    const listed = await json<WinnerNoteListJson>(await admin.get(`${mainPath()}/Notes`))
    expect(listed.notes.map((n) => n.id)).toEqual([added.note.id])

    await problem(
      await admin.put(`${BASE}/InstantWinPrizeWinners/Notes/${added.note.id}`, { text: "No" }),
      404,
    )
    await problem(
      await admin.request("DELETE", `${BASE}/InstantWinPrizeWinners/Notes/${added.note.id}`),
      404,
    )
    const edited = await json<WinnerNoteResponseJson>(
      await admin.put(`${BASE}/MainPrizeWinners/Notes/${added.note.id}`, { text: "Delivered" }),
    )
    expect(edited.note.text).toBe("Delivered")
    const withCount = await json<MainPrizeWinnerListJson>(
      await admin.get(`${BASE}/MainPrizeWinners`),
    )
    expect(
      withCount.mainPrizeWinners.find((w) => w.competition.id === drawnCompetitionId)?.noteCount,
    ).toBe(1)

    const deleted = await admin.request("DELETE", `${BASE}/MainPrizeWinners/Notes/${added.note.id}`)
    expect(deleted.status).toBe(204)
    await problem(
      await admin.request("DELETE", `${BASE}/MainPrizeWinners/Notes/${added.note.id}`),
      404,
    )
    expect((await json<WinnerNoteListJson>(await admin.get(`${mainPath()}/Notes`))).notes).toEqual(
      [],
    )
  })

  it("answers 404 for a ticket that did not win or a competition with no draw", async () => {
    const losing = `${BASE}/MainPrizeWinners/${drawnCompetitionId}/${winningTicket + 1}`
    await problem(await admin.get(`${losing}/Notes`), 404)
    await problem(await admin.post(`${losing}/Notes`, { text: "x" }), 404)
    await problem(await admin.post(`${losing}/Status`, { processed: true }), 404)
    await problem(await admin.get(`${BASE}/MainPrizeWinners/${NOBODY}/1/Notes`), 404)
  })
})

describe("the instant-win prize winners", () => {
  it("lists the win with its prize, marks it processed, and keeps its notes", async () => {
    const listed = await json<InstantWinPrizeWinnerListJson>(
      await admin.get(`${BASE}/InstantWinPrizeWinners?WinnerProcessedStatus=NotProcessed`),
    )
    expect(
      listed.instantWinPrizeWinners.find((w) => w.instantWinId === instantWinId),
    ).toMatchObject({
      prizeName: "Signed ball",
      ticketNumber: 5,
      winner: { customerId: winnerCustomerId, fullName: "Wendy Winner" },
      processed: false,
    })
    const marked = await json<{ instantWinPrizeWinner: { processed: boolean } }>(
      await admin.post(`${instantPath()}/Status`, { processed: true }),
    )
    expect(marked.instantWinPrizeWinner.processed).toBe(true)

    const note = await json<WinnerNoteResponseJson>(
      await admin.post(`${instantPath()}/Notes`, { text: "Ball posted" }),
      201,
    )
    await problem(
      await admin.put(`${BASE}/MainPrizeWinners/Notes/${note.note.id}`, { text: "No" }),
      404,
    )
    const edited = await json<WinnerNoteResponseJson>(
      await admin.put(`${BASE}/InstantWinPrizeWinners/Notes/${note.note.id}`, {
        text: "Signed for",
      }),
    )
    expect(edited.note.text).toBe("Signed for")
    expect(
      (await json<WinnerNoteListJson>(await admin.get(`${instantPath()}/Notes`))).notes,
    ).toEqual([edited.note])
    await problem(await admin.get(`${BASE}/InstantWinPrizeWinners/${NOBODY}/Notes`), 404)
  })
})

describe("a winner's visibility on the public pages", () => {
  const publicWinners = async () =>
    json<CompetitionWinnerListJson>(
      await anonymous.get(`/api/Draws/competition-winners?CompetitionId=${drawnCompetitionId}`),
    )
  const auditOf = (subjectId: string) =>
    shop.db
      .selectFrom("auditLog")
      .select(["action", "actorRole", "subjectType", "before", "after"])
      .where("subjectId", "=", subjectId)
      .where("action", "=", "Winner.SetVisibility")
      .orderBy("at")
      .execute()

  it("hides a main winner from the public list, keeps the draw's proof public, and shows it again", async () => {
    expect((await publicWinners()).competitionWinners.map((w) => w.ticketNumber)).toEqual([
      winningTicket,
    ])
    const hidden = await json<MainPrizeWinnerResponseJson>(
      await admin.post(`${mainPath()}/Visibility`, { isVisible: false }),
    )
    expect(hidden.mainPrizeWinner).toMatchObject({ ticketNumber: winningTicket, isVisible: false })
    expect((await publicWinners()).competitionWinners).toEqual([])

    // Fairness: anyone can still check the draw; only the name is withheld.
    const proof = await json<DrawProofResponseJson>(
      await anonymous.get(`/api/Draws/proof/${drawnCompetitionId}`),
    )
    expect(proof.proof.winningTicketNumber).toBe(winningTicket)
    const draws = await json<DrawListJson>(await anonymous.get("/api/Draws?PageSize=100"))
    const listed = draws.draws.find((d) => d.competition.id === drawnCompetitionId)
    expect(listed).toMatchObject({ winningTicketNumber: winningTicket, winner: null })

    const staffView = await json<CompetitionWinnerListJson>(
      await admin.get(
        `/api/Draws/competition-winners?CompetitionId=${drawnCompetitionId}&IncludeHiddenRecords=true`,
      ),
    )
    expect(staffView.competitionWinners.map((w) => w.isVisible)).toEqual([false])
    const hiddenList = await json<MainPrizeWinnerListJson>(
      await admin.get(`${BASE}/MainPrizeWinners?WinnerVisibility=Hidden&PageSize=100`),
    )
    expect(hiddenList.mainPrizeWinners.map((w) => w.competition.id)).toContain(drawnCompetitionId)

    const shown = await json<MainPrizeWinnerResponseJson>(
      await admin.post(`${mainPath()}/Visibility`, { isVisible: true }),
    )
    expect(shown.mainPrizeWinner.isVisible).toBe(true)
    expect((await publicWinners()).competitionWinners.map((w) => w.ticketNumber)).toEqual([
      winningTicket,
    ])
    expect(await auditOf(`${drawnCompetitionId}/${winningTicket}`)).toEqual([
      {
        action: "Winner.SetVisibility",
        actorRole: "Admin",
        subjectType: "MainPrizeWinner",
        before: { isVisible: true },
        after: { isVisible: false },
      },
      {
        action: "Winner.SetVisibility",
        actorRole: "Admin",
        subjectType: "MainPrizeWinner",
        before: { isVisible: false },
        after: { isVisible: true },
      },
    ])
  })

  it("keeps a hidden instant win marked won on the competition page, without the name", async () => {
    const { competitionId } = await shop.db
      .updateTable("instantWinTickets")
      .set({ winnerDisplayName: "Wendy W." })
      .where("id", "=", instantWinId)
      .returning("competitionId")
      .executeTakeFirstOrThrow()
    const publicTickets = async () =>
      (
        await json<TicketListJson>(
          await anonymous.get(
            `/api/Competitions/${competitionId}/tickets?InstantWinTicketStatus=Won`,
          ),
        )
      ).tickets.map((t) => [t.ticketNumber, t.instantWin?.won, t.customer?.fullName ?? null])
    expect(await publicTickets()).toEqual([[5, true, "Wendy W."]])
    const hidden = await json<InstantWinPrizeWinnerResponseJson>(
      await admin.post(`${instantPath()}/Visibility`, { isVisible: false }),
    )
    expect(hidden.instantWinPrizeWinner).toMatchObject({ instantWinId, isVisible: false })
    expect(await publicTickets()).toEqual([[5, true, null]])
    await json(await admin.post(`${instantPath()}/Visibility`, { isVisible: true }))
    expect(await publicTickets()).toEqual([[5, true, "Wendy W."]])
    expect((await auditOf(instantWinId)).map((e) => e.after)).toEqual([
      { isVisible: false },
      { isVisible: true },
    ])
  })

  it("answers 404 for a ticket that did not win, 400 for a malformed body", async () => {
    const losing = `${BASE}/MainPrizeWinners/${drawnCompetitionId}/${winningTicket + 1}`
    await problem(await admin.post(`${losing}/Visibility`, { isVisible: false }), 404)
    await problem(
      await admin.post(`${BASE}/InstantWinPrizeWinners/${NOBODY}/Visibility`, { isVisible: false }),
      404,
    )
    await problem(await admin.post(`${mainPath()}/Visibility`, { isVisible: "no" }), 400)
    await problem(await admin.post(`${instantPath()}/Visibility`, {}), 400)
    await problem(await admin.get(`${BASE}/MainPrizeWinners?WinnerVisibility=Maybe`), 400)
  })
})

describe("bad input", () => {
  it("answers a blank or too long note with a validation problem naming the text", async () => {
    const blank = await problem(await admin.post(`${mainPath()}/Notes`, { text: " \n\t " }), 400)
    expect(blank.errors).toEqual({ text: [winnerNoteMessages.required] })
    await problem(
      await admin.post(`${mainPath()}/Notes`, { text: "x".repeat(MAX_WINNER_NOTE_LENGTH + 1) }),
      400,
    )
    await problem(await admin.post(`${mainPath()}/Notes`, {}), 400)
    await problem(await admin.post(`${mainPath()}/Notes`, { text: "bad\u0000" }), 400)
  })

  it("answers malformed paths, filters and status bodies with 400, never 500", async () => {
    for (const [method, path, body] of [
      ["GET", `${BASE}/MainPrizeWinners?WinnerProcessedStatus=Maybe`],
      ["GET", `${BASE}/InstantWinPrizeWinners?PageSize=0`],
      ["GET", `${BASE}/MainPrizeWinners/not-a-uuid/1/Notes`],
      ["GET", `${BASE}/MainPrizeWinners/${drawnCompetitionId}/abc/Notes`],
      ["GET", `${BASE}/MainPrizeWinners/${drawnCompetitionId}/99999999999/Notes`],
      ["POST", `${mainPath()}/Status`, { processed: "yes" }],
      ["POST", `${instantPath()}/Status`, {}],
      ["PUT", `${BASE}/InstantWinPrizeWinners/Notes/not-a-uuid`, { text: "x" }],
    ] as [string, string, unknown?][]) {
      await problem(await call(admin, [method, path, body]), 400)
    }
  })
})

describe("the OpenAPI document", () => {
  it("lists every CompetitionWinners call", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await anonymous.get("/api/openapi.json"),
    )
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort()
    expect(methods(`${BASE}/MainPrizeWinners`)).toEqual(["get"])
    expect(methods(`${BASE}/InstantWinPrizeWinners`)).toEqual(["get"])
    expect(methods(`${BASE}/MainPrizeWinners/{competitionId}/{ticketNumber}/Notes`)).toEqual([
      "get",
      "post",
    ])
    expect(methods(`${BASE}/MainPrizeWinners/Notes/{noteId}`)).toEqual(["delete", "put"])
    expect(methods(`${BASE}/MainPrizeWinners/{competitionId}/{ticketNumber}/Status`)).toEqual([
      "post",
    ])
    expect(methods(`${BASE}/InstantWinPrizeWinners/{instantWinId}/Notes`)).toEqual(["get", "post"])
    expect(methods(`${BASE}/InstantWinPrizeWinners/Notes/{noteId}`)).toEqual(["delete", "put"])
    expect(methods(`${BASE}/InstantWinPrizeWinners/{instantWinId}/Status`)).toEqual(["post"])
    expect(methods(`${BASE}/MainPrizeWinners/{competitionId}/{ticketNumber}/Visibility`)).toEqual([
      "post",
    ])
    expect(methods(`${BASE}/InstantWinPrizeWinners/{instantWinId}/Visibility`)).toEqual(["post"])
  })
})
