import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Competition, CompetitionQuery } from "@howzat/core/competitions"

import { drawWinner } from "@howzat/core/draws"
import {
  type CategoryRepo,
  CompetitionRepo,
  CompetitionWriter,
  DrawRepo,
  type NewCompetition,
  ResourceRepo,
} from "@howzat/core/ports"
import { competitionPhase, EDITABLE_RESOURCES, STATIC_PAGE_PREFIX } from "@howzat/core/rules"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import fc from "fast-check"
import { type Kysely, type KyselyPlugin, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../database"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { DEMO_SOLD_ORDER_ID, LUCKY_DIP, seedDemoData } from "../seed/demo"
import { at, DAY, HOUR, NOW, newCompetition } from "./competition-fixtures"
import { makeCompetitionRepo } from "./competitions"
import { PostgresCatalogueLive } from "./index"
import { ticketsSoldOf } from "./tickets-sold"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const PRIZE_IMAGES = fileURLToPath(
  new URL("../../../../apps/web/public/images/prizes/", import.meta.url),
)

const TABLES = [
  "resources",
  "draws",
  "instant_win_tickets",
  "instant_win_groups",
  "tickets",
  "competition_attributes",
  "competition_categories",
  "competitions",
  "images",
  "image_groups",
  "attribute_types",
  "categories",
]

const query = (overrides: Partial<CompetitionQuery> = {}): CompetitionQuery => ({
  timePeriod: "All",
  type: "All",
  visibleOnly: false,
  now: NOW,
  page: { pageNumber: 1, pageSize: 100 },
  ...overrides,
})

const schedule = (c: Competition) => ({
  start: c.startDateTimeUtc,
  close: c.closeDateTimeUtc,
  draw: c.drawDateTimeUtc,
})

/** A plugin that fails every statement after it ran, as a connection lost mid-answer would. */
const failingEveryStatement: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: () => Promise.reject(new Error("Connection terminated unexpectedly")),
}

/**
 * What only the database shows of the catalogue (migrations, the ticket
 * pool's rows, rollback of a failed create, a broken connection, the demo
 * seed), run against every database this package supports (PGlite in
 * memory, a real Postgres). What the ports promise (listing, instant-win
 * numbers, categories, creating, resources) is in the contracts,
 * test/contracts/{competitions,competition-writer,categories,site-content}.*,
 * which hold the in-memory adapters to the same.
 */
export const catalogueSuite = (name: string, open: () => Promise<SuiteDatabase>) => {
  describe(name, () => {
    let handle: SuiteDatabase
    let db: Kysely<Database>
    let runtime: ManagedRuntime.ManagedRuntime<
      CompetitionRepo | CompetitionWriter | CategoryRepo | DrawRepo | ResourceRepo,
      never
    >

    const run = <A, E>(
      effect: Effect.Effect<
        A,
        E,
        CompetitionRepo | CompetitionWriter | CategoryRepo | DrawRepo | ResourceRepo
      >,
    ) => runtime.runPromise(effect)
    const runEither = <A, E>(
      effect: Effect.Effect<
        A,
        E,
        CompetitionRepo | CompetitionWriter | CategoryRepo | DrawRepo | ResourceRepo
      >,
    ) => runtime.runPromise(Effect.either(effect))

    const create = (competition: NewCompetition) =>
      run(Effect.flatMap(CompetitionWriter, (w) => w.create(competition)))
    const list = (q: CompetitionQuery) => run(Effect.flatMap(CompetitionRepo, (r) => r.list(q)))
    const reset = () => sql.raw(`truncate table ${TABLES.join(", ")} cascade`).execute(db)
    beforeAll(async () => {
      handle = await open()
      db = handle.db
      runtime = ManagedRuntime.make(
        PostgresCatalogueLive.pipe(Layer.provide(Layer.succeed(Db, db))),
      )
    })

    afterAll(async () => {
      await runtime?.dispose()
      await handle?.close()
    })

    describe("migrations", () => {
      it("create every table, and running them again does nothing", async () => {
        const again = await migrateToLatest(db)
        expect(again.results).toEqual([])
        const tables = await sql<{ tableName: string }>`
          select table_name from information_schema.tables where table_schema = 'public'
        `.execute(db)
        const names = tables.rows.map((r) => r.tableName)
        for (const table of TABLES) expect(names).toContain(table)
      })

      it("index only the free tickets of the pool", async () => {
        const index = await sql<{ indexdef: string }>`
          select indexdef from pg_indexes where indexname = 'tickets_free_idx'
        `.execute(db)
        expect(index.rows[0]?.indexdef).toMatch(
          /\(competition_id, sort_key\) WHERE \(order_id IS NULL\)/,
        )
      })
    })

    describe("the connection", () => {
      it("keeps a transaction's writes to itself until it ends", async () => {
        await reset()
        let written!: () => void
        const writtenInTransaction = new Promise<void>((resolve) => {
          written = resolve
        })
        let finish!: () => void
        const finishTransaction = new Promise<void>((resolve) => {
          finish = resolve
        })
        const transaction = db
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto("resources").values({ key: "draft", value: "x" }).execute()
            written()
            await finishTransaction
            throw new Error("roll back")
          })
          .catch((error: unknown) => error)
        await writtenInTransaction
        // On PGlite this waits for the one connection; on Postgres it runs beside the transaction.
        const outside = db.selectFrom("resources").selectAll().execute()
        finish()
        expect(await transaction).toBeInstanceOf(Error)
        expect(await outside).toEqual([])
      })
    })

    describe("creating a competition", () => {
      beforeAll(reset)

      it("fills the pool with 1..total, each number once, in an unpredictable order", async () => {
        const id = await create(newCompetition({ totalTickets: 1_000 }))
        const pool = await db
          .selectFrom("tickets")
          .select(["ticketNumber", "orderId"])
          .where("competitionId", "=", id)
          .orderBy("sortKey")
          .execute()
        const numbers = pool.map((t) => t.ticketNumber)
        expect([...numbers].sort((a, b) => a - b)).toEqual(
          Array.from({ length: 1_000 }, (_, i) => i + 1),
        )
        expect(numbers).not.toEqual([...numbers].sort((a, b) => a - b))
        expect(pool.every((t) => t.orderId === null)).toBe(true)
      })

      it("holds every number exactly once for any total (property)", async () => {
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 1, max: 2_000 }), async (total) => {
            const id = await create(newCompetition({ totalTickets: total }))
            const stats = await sql<{
              rows: number
              distinctNumbers: number
              lowest: number
              highest: number
            }>`
              select count(*)::int as rows, count(distinct ticket_number)::int as distinct_numbers,
                     min(ticket_number) as lowest, max(ticket_number) as highest
              from tickets where competition_id = ${id}::uuid
            `.execute(db)
            expect(stats.rows[0]).toEqual({
              rows: total,
              distinctNumbers: total,
              lowest: 1,
              highest: total,
            })
          }),
          { numRuns: 15 },
        )
      })

      it("creates a pool of 100,000 tickets in seconds", { timeout: 60_000 }, async () => {
        const started = performance.now()
        const id = await create(newCompetition({ totalTickets: 100_000 }))
        const elapsed = performance.now() - started
        const count = await db
          .selectFrom("tickets")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("competitionId", "=", id)
          .executeTakeFirstOrThrow()
        expect(Number(count.n)).toBe(100_000)
        expect(elapsed).toBeLessThan(20_000)
      })

      it("creates nothing when any part fails, and reports a RepositoryError", async () => {
        const before = await db.selectFrom("competitions").select("id").execute()
        const result = await runEither(
          Effect.flatMap(CompetitionWriter, (w) =>
            w.create(
              newCompetition({
                name: "Broken",
                totalTickets: 10,
                imageUrls: ["/x.svg"],
                // 11 is not in the pool of 1..10.
                instantWinGroups: [{ name: "Prize", imageUrls: [], ticketNumbers: [3, 11] }],
              }),
            ),
          ),
        )
        expect(Either.isLeft(result) && result.left._tag).toBe("RepositoryError")
        const after = await db.selectFrom("competitions").select("id").execute()
        expect(after).toHaveLength(before.length)
        const broken = await db
          .selectFrom("imageGroups")
          .select("id")
          .where("name", "=", "Broken")
          .execute()
        expect(broken).toEqual([])
      })
    })

    describe("a broken database", () => {
      it("is reported as RepositoryError, never a throw", async () => {
        // Every statement fails as a lost connection would. Not a missing schema: the
        // loader's fixed statements are compiled ahead and name their tables themselves.
        const broken = makeCompetitionRepo(db.withPlugin(failingEveryStatement))
        const listed = await Effect.runPromise(Effect.either(broken.list(query())))
        expect(Either.isLeft(listed) && listed.left._tag).toBe("RepositoryError")
        const one = await Effect.runPromise(
          Effect.either(broken.byId(crypto.randomUUID(), { visibleOnly: false })),
        )
        expect(Either.isLeft(one) && one.left._tag).toBe("RepositoryError")
      })
    })

    describe("draws", () => {
      let watch: string
      let car: string
      beforeAll(async () => {
        await reset()
        await create(
          newCompetition({
            name: "Live soon",
            closeDateTimeUtc: at(2 * DAY),
            drawDateTimeUtc: at(3 * DAY),
            drawType: "Live",
          }),
        )
        await create(
          newCompetition({
            name: "Live later",
            closeDateTimeUtc: at(9 * DAY),
            drawDateTimeUtc: at(10 * DAY),
            drawType: "Live",
          }),
        )
        await create(
          newCompetition({
            name: "Live hidden",
            visibilityStatus: "Hidden",
            closeDateTimeUtc: at(HOUR),
            drawDateTimeUtc: at(2 * HOUR),
            drawType: "Live",
          }),
        )
        await create(
          newCompetition({
            name: "Auto",
            closeDateTimeUtc: at(5 * DAY),
            drawDateTimeUtc: at(5 * DAY),
            drawType: "Automatic",
          }),
        )
        watch = await create(
          newCompetition({
            name: "Watch",
            imageUrls: ["/images/prizes/watch.svg", "/images/prizes/trophy.svg"],
            startDateTimeUtc: at(-30 * DAY),
            closeDateTimeUtc: at(-10 * DAY),
            drawDateTimeUtc: at(-8 * DAY),
            drawType: "Live",
          }),
        )
        car = await create(
          newCompetition({
            name: "Car",
            startDateTimeUtc: at(-40 * DAY),
            closeDateTimeUtc: at(-20 * DAY),
            drawDateTimeUtc: at(-19 * DAY),
          }),
        )
        const ring = await create(
          newCompetition({
            name: "Ring",
            startDateTimeUtc: at(-40 * DAY),
            closeDateTimeUtc: at(-3 * DAY),
            drawDateTimeUtc: at(-2 * DAY),
          }),
        )
        await db
          .insertInto("draws")
          .values([
            {
              competitionId: watch,
              drawDate: at(-8 * DAY),
              drawType: "Live",
              winningTicketNumber: 42,
              winnerFullName: "James Anderson",
              winnerCustomerId: null,
              drawnAt: at(-1 * DAY),
              outcome: "Winner",
              entriesHash: "00",
              entryCount: 50,
              beaconSource: "none",
              beaconValue: "",
              attempt: 0,
            },
            {
              competitionId: car,
              drawDate: at(-19 * DAY),
              drawType: "Automatic",
              winningTicketNumber: 7,
              winnerFullName: "Heather Knight",
              winnerCustomerId: null,
              drawnAt: at(-1 * DAY),
              outcome: "Winner",
              entriesHash: "00",
              entryCount: 50,
              beaconSource: "none",
              beaconValue: "",
              attempt: 0,
            },
            {
              competitionId: ring,
              drawDate: at(-2 * DAY),
              drawType: "Automatic",
              winningTicketNumber: 3,
              winnerFullName: "Kept Private",
              winnerCustomerId: null,
              isVisible: false,
              drawnAt: at(-1 * DAY),
              outcome: "Winner",
              entriesHash: "00",
              entryCount: 50,
              beaconSource: "none",
              beaconValue: "",
              attempt: 0,
            },
          ])
          .execute()
      })

      const next = (drawType: "Live" | "Automatic", now = NOW) =>
        run(Effect.flatMap(DrawRepo, (r) => r.nextDrawDate(drawType, now)))

      it("finds the next live and automatic draw among visible competitions", async () => {
        expect((await next("Live"))?.getTime()).toBe(at(3 * DAY).getTime())
        expect((await next("Automatic"))?.getTime()).toBe(at(5 * DAY).getTime())
        expect((await next("Live", at(4 * DAY)))?.getTime()).toBe(at(10 * DAY).getTime())
        expect(await next("Live", at(11 * DAY))).toBeNull()
      })

      it("lists winners newest first with the competition's first image", async () => {
        const winners = (
          q: {
            includeHidden?: boolean
            fromDate?: Date
            toDate?: Date
            competitionId?: string
            customerId?: string
            customerName?: string
          } = {},
        ) =>
          run(
            Effect.flatMap(DrawRepo, (r) =>
              r.winners({ includeHidden: false, page: { pageNumber: 1, pageSize: 10 }, ...q }),
            ),
          )
        const visible = await winners()
        expect(visible.items).toEqual([
          {
            competitionId: watch,
            competitionName: "Watch",
            drawDate: at(-8 * DAY),
            ticketNumber: 42,
            winnerFullName: "James Anderson",
            imageUrl: "/images/prizes/watch.svg",
            isVisible: true,
          },
          {
            competitionId: car,
            competitionName: "Car",
            drawDate: at(-19 * DAY),
            ticketNumber: 7,
            winnerFullName: "Heather Knight",
            imageUrl: null,
            isVisible: true,
          },
        ])
        expect(visible.totalCount).toBe(2)
        expect((await winners({ includeHidden: true })).items.map((w) => w.winnerFullName)).toEqual(
          ["Kept Private", "James Anderson", "Heather Knight"],
        )
        expect(
          (await winners({ fromDate: at(-10 * DAY), toDate: at(-DAY) })).items.map(
            (w) => w.winnerFullName,
          ),
        ).toEqual(["James Anderson"])
        expect((await winners({ competitionId: car })).items.map((w) => w.winnerFullName)).toEqual([
          "Heather Knight",
        ])
        expect((await winners({ competitionId: "nope" })).totalCount).toBe(0)
        // A name search is literal and case-insensitive: "%" is not a wildcard.
        expect(
          (await winners({ customerName: "knight" })).items.map((w) => w.winnerFullName),
        ).toEqual(["Heather Knight"])
        expect((await winners({ customerName: "%" })).totalCount).toBe(0)
        expect((await winners({ customerId: "nope" })).totalCount).toBe(0)
      })
    })

    describe("demo data", () => {
      // As after the tests above (when autovacuum got to them): statistics of
      // a 100,000-ticket pool, kept through the truncate. Planned on those,
      // the seed's claim once took minutes (see sellTickets in seed/demo.ts).
      beforeAll(async () => {
        await create(newCompetition({ totalTickets: 100_000 }))
        await sql`analyze`.execute(db)
        await reset()
      }, 60_000)

      it("seeds once, across every phase, consistently", { timeout: 120_000 }, async () => {
        const first = await seedDemoData(db, NOW)
        expect(first.seeded).toBe(true)
        const again = await seedDemoData(db, NOW)
        expect(again).toEqual({ seeded: false, competitionIds: [] })

        const competitions = (await list(query({ page: { pageNumber: 1, pageSize: 100 } }))).items
        expect(competitions).toHaveLength(first.competitionIds.length)
        expect(competitions.length).toBeGreaterThanOrEqual(10)
        const phases = new Set(competitions.map((c) => competitionPhase(schedule(c), NOW)))
        expect([...phases].sort()).toEqual([0, 1, 2, 3])
        expect(competitions.some((c) => c.ticketsSoldToDate === c.totalTickets)).toBe(true)
        expect(
          competitions.some((c) => c.ticketsSoldToDate > 0 && c.ticketsSoldToDate < c.totalTickets),
        ).toBe(true)
        expect(Math.min(...competitions.map((c) => c.ticketPrice))).toBe(49)
        expect(Math.max(...competitions.map((c) => c.ticketPrice))).toBe(2_500)
        expect(Math.max(...competitions.map((c) => c.totalTickets))).toBe(100_000)
        expect(
          competitions.filter((c) => c.instantWinGroups.length > 0).length,
        ).toBeGreaterThanOrEqual(2)
        expect(
          competitions.some((c) => c.instantWinGroups.some((g) => g.quantityWonToDate > 0)),
        ).toBe(true)
        expect(new Set(competitions.map((c) => c.drawType))).toEqual(
          new Set(["Live", "Automatic", "None"]),
        )
        expect(
          (await list(query({ timePeriod: "EndingSoon", visibleOnly: true }))).totalCount,
        ).toBeGreaterThanOrEqual(2)

        // The sold count is the pool's count of sold tickets, and every won instant win was sold.
        const mismatched = await sql`
          select c.id from competitions c
          where ${ticketsSoldOf(sql.ref("c.id"))} <> (select count(*) from tickets t where t.competition_id = c.id and t.order_id is not null)
        `.execute(db)
        expect(mismatched.rows).toEqual([])
        const unsoldWins = await sql`
          select w.id from instant_win_tickets w
          join tickets t on t.competition_id = w.competition_id and t.ticket_number = w.ticket_number
          where w.won_at is not null and t.order_id is distinct from ${DEMO_SOLD_ORDER_ID}::uuid
        `.execute(db)
        expect(unsoldWins.rows).toEqual([])

        for (const c of competitions) {
          for (const url of c.imageGroup?.images.map((i) => i.url) ?? []) {
            expect(existsSync(`${PRIZE_IMAGES}${url.replace("/images/prizes/", "")}`), url).toBe(
              true,
            )
          }
        }

        const winners = await run(
          Effect.flatMap(DrawRepo, (r) =>
            r.winners({ includeHidden: false, page: { pageNumber: 1, pageSize: 10 } }),
          ),
        )
        // The past draws were made by the published procedure: each re-derives from its seed and entries.
        expect(winners.items).toHaveLength(2)
        const drawn = await db
          .selectFrom("draws as d")
          .innerJoin("competitions as c", "c.id", "d.competitionId")
          .innerJoin("drawEntries as e", "e.drawId", "d.id")
          .select(["c.id", "c.drawSeed", "d.entriesHash", "d.winningTicketNumber", "e.entries"])
          .execute()
        expect(drawn).toHaveLength(2)
        for (const draw of drawn) {
          const rederived = drawWinner({
            seed: new Uint8Array(Buffer.from(draw.drawSeed, "hex")),
            competitionId: draw.id,
            beacon: "",
            ticketNumbers: draw.entries.split("\n").map(Number),
          })
          expect(rederived.entriesHash).toBe(draw.entriesHash)
          expect("winningTicketNumber" in rederived && rederived.winningTicketNumber).toBe(
            draw.winningTicketNumber,
          )
        }
        expect(
          await run(Effect.flatMap(DrawRepo, (r) => r.nextDrawDate("Live", NOW))),
        ).toBeInstanceOf(Date)

        for (const key of [
          "config-site-styles",
          "content-article-how-it-works",
          "content-banner-charity-support",
          "content-banner-hero-sub",
          ...EDITABLE_RESOURCES.filter((r) => r.key.startsWith(STATIC_PAGE_PREFIX)).map(
            (r) => r.key,
          ),
        ]) {
          expect(typeof (await run(Effect.flatMap(ResourceRepo, (r) => r.byKey(key))))).toBe(
            "string",
          )
        }
        // The club-perks list follows the clubs table (decision 0033): no stored copy.
        const clubs = await runEither(
          Effect.flatMap(ResourceRepo, (r) => r.byKey("content-list-clubs")),
        )
        expect(Either.isLeft(clubs)).toBe(true)
      })

      it("pays its site-credit instant wins as credit, and has a competition where every ticket wins", async () => {
        const groups = await db
          .selectFrom("instantWinGroups")
          .select(["name", "prizeSiteCreditPence"])
          .execute()
        for (const group of groups) {
          const pounds = /^£(\d+) site credit$/i.exec(group.name)?.[1]
          expect(group.prizeSiteCreditPence, group.name).toBe(
            pounds === undefined ? null : Number(pounds) * 100,
          )
        }
        expect(groups.filter((g) => g.prizeSiteCreditPence !== null).length).toBeGreaterThanOrEqual(
          4,
        )

        const lucky = (await list(query({ page: { pageNumber: 1, pageSize: 100 } }))).items.find(
          (c) => c.name === LUCKY_DIP,
        )
        expect(lucky).toMatchObject({
          totalTickets: 50,
          ticketsSoldToDate: 0,
          maxTicketsPerCustomer: 10,
          visibilityStatus: "Visible",
        })
        expect(competitionPhase(schedule(lucky as Competition), NOW)).toBe(1)
        expect(
          lucky?.instantWinGroups.map((g) => [g.name, g.ticketCount, g.quantityWonToDate]),
        ).toEqual([
          ["£1 Site Credit", 40, 0],
          ["Kookaburra Match Ball", 10, 0],
        ])
        const numbers = await db
          .selectFrom("instantWinTickets")
          .select("ticketNumber")
          .where("competitionId", "=", lucky?.id ?? "")
          .orderBy("ticketNumber")
          .execute()
        expect(numbers.map((n) => n.ticketNumber)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        )
      })
    })
  })
}
