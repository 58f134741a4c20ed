import { randomUUID } from "node:crypto"
import { RepositoryError } from "@howzat/core/competitions"
import { Mailer, PostalEntryRepo } from "@howzat/core/ports"
import { type NewPostalEntry, PostalEntries } from "@howzat/core/postal-entries"
import { OrderStatus, type PostalEntryForm, pence } from "@howzat/core/rules"
import { newPostalEntry } from "@howzat/core/testing"
import { type Database, makeSiteCreditLedger, soldEntries, ticketHolder } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  customerWithEmail,
  makeOrderRepo,
  makePostalEntryRepo,
  makeTicketAllocator,
  makeWinnerRecords,
  newBasket,
  POSTAL_STAFF,
  personForm,
  poolCounts,
  postalEntriesOn,
  postalEntryPortsOn,
} from "@howzat/postgres/testing"
import { Effect, Either, Layer, TestClock, TestContext } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOW, type PostalEntriesWorld } from "./postal-entries.contract"

const DAY = 24 * 3_600_000

/**
 * The postal entries contract's world on a real database (PGlite or
 * PostgreSQL): competitions with their pools, customers who buy through
 * the real orders and allocator, and the competition's sold counter.
 */
export const postalEntriesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<PostalEntriesWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(PostalEntryRepo, makePostalEntryRepo(db)),
      newCompetition: ({ closeDateTimeUtc, ...competition }) =>
        competitionOnSale(db, {
          ...competition,
          closeDateTimeUtc,
          drawDateTimeUtc: new Date(closeDateTimeUtc.getTime() + DAY),
        }),
      newCustomer: (email) => customerWithEmail(db, email),
      buyTickets: async (customerId, competitionId, quantity) => {
        const orders = makeOrderRepo(db)
        const { order } = await Effect.runPromise(
          orders.createForBasket({
            basketId: await newBasket(db, customerId),
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + DAY),
          }),
        )
        await Effect.runPromise(
          makeTicketAllocator(db).allocate({
            orderId: order.id,
            customerId,
            at: NOW,
            lines: [{ competitionId, quantity }],
          }),
        )
        await Effect.runPromise(orders.transition(order.id, OrderStatus.AwaitingPayment))
        await Effect.runPromise(orders.transition(order.id, OrderStatus.Completed))
      },
      ticketsSold: async (competitionId) => {
        const pool = await poolCounts(db, competitionId)
        // The counter and the claimed rows must agree; a contract reads the counter.
        if (pool.sold !== pool.ticketsSold) throw new Error("sold counter and pool disagree")
        return pool.ticketsSold
      },
      close,
    }
  }

/**
 * Postal entries on a real database beyond the PostalEntryRepo contract
 * (PGlite and PostgreSQL): the pool's rows an entry takes, checkout and the
 * draw reading what the entry wrote, and core's PostalEntries on the real
 * repositories (audit, rollback, instant wins, mail). Run after the
 * contract, on its database.
 */
export const postalEntriesInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let db: Kysely<Database>
    const repo = () => makePostalEntryRepo(db)
    const enter = (competitionId: string, form: PostalEntryForm, at: Date = NOW) =>
      postalEntriesOn(db)(competitionId, form, at)
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    let database: SuiteDatabase
    beforeAll(async () => {
      database = await open()
      db = database.db
    })
    afterAll(() => database?.close())

    const newEntry = (competitionId: string, overrides: Partial<NewPostalEntry> = {}) =>
      newPostalEntry({ competitionId, enteredBy: POSTAL_STAFF.userId, enteredAt: NOW }, overrides)

    /** An order of `quantity` tickets of the competition: paid unless told otherwise. */
    const order = async (
      customerId: string,
      competitionId: string,
      quantity: number,
      paid = true,
    ) => {
      const orders = makeOrderRepo(db)
      const { order } = await run(
        orders.createForBasket({
          basketId: await newBasket(db, customerId),
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + DAY),
        }),
      )
      const allocation = await run(
        makeTicketAllocator(db).allocate({
          orderId: order.id,
          customerId,
          at: NOW,
          lines: [{ competitionId, quantity }],
        }),
      )
      if (paid) {
        await run(orders.transition(order.id, OrderStatus.AwaitingPayment))
        await run(orders.transition(order.id, OrderStatus.Completed))
      }
      return { orderId: order.id, ticketNumbers: allocation.lines[0]?.ticketNumbers ?? [] }
    }

    it("claims its ticket's row in the pool for the entry", async () => {
      const competitionId = await competitionOnSale(db, { totalTickets: 5 })
      const entry = await run(repo().record(newEntry(competitionId)))
      if (entry === null) throw new Error("no ticket")
      expect(entry.ticketNumber).toBeGreaterThanOrEqual(1)
      expect(entry.ticketNumber).toBeLessThanOrEqual(5)
      const pool = await poolCounts(db, competitionId)
      expect(pool.tickets.filter((t) => t.orderId !== null)).toEqual([
        { ticketNumber: entry.ticketNumber, orderId: entry.id, customerId: null },
      ])
      expect(pool.ticketsSold).toBe(1)
    })

    describe("the per-person maximum, read by checkout", () => {
      it("counts a customer's postal entries and those sent before they had an account", async () => {
        const competitionId = await competitionOnSale(db)
        const email = `early-${randomUUID()}@example.com`
        await run(repo().record(newEntry(competitionId, { emailAddress: email.toUpperCase() })))
        const customerId = await customerWithEmail(db, email)
        await order(customerId, competitionId, 2)
        await run(repo().record(newEntry(competitionId, { customerId })))
        // Checkout and the ticket selector read the count postal entries read (the contract's 4).
        expect(await run(makeTicketAllocator(db).ticketsHeld(customerId, competitionId))).toBe(4)
      })

      it("stops a checkout at the maximum that postal entries already took", async () => {
        const competitionId = await competitionOnSale(db, { maxTicketsPerCustomer: 3 })
        const email = `both-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db, email)
        expect(
          Either.isRight(await enter(competitionId, personForm({ emailAddress: email }))),
        ).toBe(true)
        const byAccount = personForm({
          customerId,
          firstName: "",
          lastName: "",
          emailAddress: "",
          dateOfBirth: "",
          address: null,
        })
        expect(Either.isRight(await enter(competitionId, byAccount))).toBe(true)
        const { ticketNumbers } = await order(customerId, competitionId, 3)
        expect(ticketNumbers).toHaveLength(1)
      })
    })

    describe("through core's PostalEntries", () => {
      it("gives a person one ticket, and a repeated request the same entry", async () => {
        const competitionId = await competitionOnSale(db, { totalTickets: 10 })
        const first = await enter(competitionId, personForm({ entryReference: "PC-77" }))
        const again = await enter(competitionId, personForm({ entryReference: "PC-77" }))
        if (Either.isLeft(first) || Either.isLeft(again)) throw new Error("refused")
        expect(first.right.created).toBe(true)
        expect(again.right).toEqual({ ...first.right, created: false })
        const pool = await poolCounts(db, competitionId)
        expect([pool.sold, pool.ticketsSold]).toEqual([1, 1])
      })

      it("links a verified customer found by email, and not an unverified one", async () => {
        const competitionId = await competitionOnSale(db)
        const verified = `v-${randomUUID()}@example.com`
        const unverified = `u-${randomUUID()}@example.com`
        const verifiedId = await customerWithEmail(db, verified)
        await customerWithEmail(db, unverified, false)
        const linked = await enter(competitionId, personForm({ emailAddress: verified }))
        const unlinked = await enter(competitionId, personForm({ emailAddress: unverified }))
        expect(Either.isRight(linked) && linked.right.entry.customerId).toBe(verifiedId)
        expect(Either.isRight(unlinked) && unlinked.right.entry.customerId).toBeNull()
        const tickets = await poolCounts(db, competitionId)
        expect(
          tickets.tickets
            .filter((t) => t.orderId !== null)
            .map((t) => t.customerId)
            .sort(),
        ).toEqual([verifiedId, null].sort())
      })

      it("audits the entry in its own transaction: kept with it, gone when it rolls back", async () => {
        const auditOf = (subjectId: string) =>
          db.selectFrom("auditLog").selectAll().where("subjectId", "=", subjectId).execute()
        const competitionId = await competitionOnSale(db, { totalTickets: 10 })
        const entered = await enter(competitionId, personForm())
        if (Either.isLeft(entered)) throw new Error(entered.left._tag)
        const rows = await auditOf(entered.right.entry.id)
        expect(rows.map((r) => [r.action, r.actorUserId, r.subjectType, r.before])).toEqual([
          ["PostalEntry.Create", POSTAL_STAFF.userId, "PostalEntry", null],
        ])
        expect(rows[0]?.after).toMatchObject({ competitionId, ticketNumber: expect.any(Number) })

        // The entry lands on an instant win whose email cannot be queued: the
        // whole entry fails after its audit entry was written, and both go.
        const winning = await competitionOnSale(db, {
          totalTickets: 1,
          instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1] }],
        })
        const mailDown = Layer.succeed(Mailer, {
          send: () => Effect.fail(new RepositoryError({ operation: "outbox", cause: "down" })),
        })
        const failed = await run(
          Effect.zipRight(
            TestClock.setTime(NOW.getTime()),
            Effect.either(
              Effect.flatMap(PostalEntries, (p) => p.enter(POSTAL_STAFF, winning, personForm())),
            ),
          ).pipe(
            Effect.provide(
              PostalEntries.Default.pipe(
                Layer.provide(Layer.merge(postalEntryPortsOn(db), mailDown)),
              ),
            ),
            Effect.provide(TestContext.TestContext),
          ),
        )
        expect(Either.isLeft(failed) && failed.left._tag).toBe("RepositoryError")
        expect((await poolCounts(db, winning)).sold).toBe(0)
        const anyAudit = await db
          .selectFrom("auditLog")
          .select("id")
          .where(sql<boolean>`after->>'competitionId' = ${winning}`)
          .execute()
        expect(anyAudit).toEqual([])
      })

      it("refuses after the close and leaves the pool alone", async () => {
        const competitionId = await competitionOnSale(db)
        const close = await db
          .selectFrom("competitions")
          .select("closeDateTimeUtc")
          .where("id", "=", competitionId)
          .executeTakeFirstOrThrow()
        const late = await enter(competitionId, personForm(), close.closeDateTimeUtc)
        expect(Either.isLeft(late) && late.left._tag).toBe("CompetitionNotTakingEntries")
        expect((await poolCounts(db, competitionId)).sold).toBe(0)
      })
    })

    describe("on an instant-win number", () => {
      /** One ticket, so the entry surely lands on it: it wins £5 of site credit. */
      const oneWinningTicket = () =>
        competitionOnSale(db, {
          totalTickets: 1,
          instantWinGroups: [
            {
              name: "£5 Site Credit",
              imageUrls: [],
              ticketNumbers: [1],
              prizeSiteCredit: pence(500),
            },
          ],
        })
      const winnersList = async (competitionId: string) =>
        (
          await run(
            makeWinnerRecords(db).instantWinPrizeWinners({
              status: "All",
              page: { pageNumber: 1, pageSize: 100 },
            }),
          )
        ).items.filter((w) => w.competitionId === competitionId)
      const mailTo = (address: string) =>
        db.selectFrom("outbox").select("kind").where("toAddress", "=", address).execute()

      it("wins it like a paid ticket: a customer is credited at once and mailed", async () => {
        const competitionId = await oneWinningTicket()
        const email = `winner-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db, email)
        const entered = await enter(competitionId, personForm({ emailAddress: email }))
        if (Either.isLeft(entered)) throw new Error(entered.left._tag)
        expect(entered.right.instantWins.map((w) => w.ticketNumber)).toEqual([1])
        const [won] = await winnersList(competitionId)
        expect(won).toMatchObject({
          winner: { customerId },
          orderId: null,
          postalEntryId: entered.right.entry.id,
        })
        expect(won?.processed).not.toBeNull()
        expect(await run(makeSiteCreditLedger(db).balance(customerId))).toBe(500)
        expect(await mailTo(email)).toEqual([{ kind: "InstantWin" }])
      })

      it("names a person without an account from their postcard, prize waiting for staff", async () => {
        const competitionId = await oneWinningTicket()
        const email = `pat-${randomUUID()}@example.com`
        await enter(competitionId, personForm({ emailAddress: email, firstName: "Pat" }))
        const [won] = await winnersList(competitionId)
        expect(won).toMatchObject({
          winner: { customerId: null, fullName: "Pat Bowler" },
          processed: null,
        })
        expect(await mailTo(email)).toEqual([{ kind: "InstantWin" }])
      })
    })

    describe("in the draw", () => {
      it("is an entry with the paid tickets, and an unpaid order's are not", async () => {
        const competitionId = await competitionOnSale(db, { totalTickets: 20 })
        const payer = await customerWithEmail(db, `payer-${randomUUID()}@example.com`)
        const paid = await order(payer, competitionId, 3)
        const postal = await run(repo().record(newEntry(competitionId)))
        // An order awaiting payment holds its tickets but they are no entries yet.
        await order(payer, competitionId, 2, false)
        const entries = (await soldEntries(db, competitionId)).split("\n").map(Number)
        expect(entries).toEqual(
          [...paid.ticketNumbers, postal?.ticketNumber].sort((a, b) => (a ?? 0) - (b ?? 0)),
        )
      })

      it("names the holder: a postal entrant without an account by the postcard, a customer by their account", async () => {
        const competitionId = await competitionOnSale(db)
        const postal = await run(
          repo().record(newEntry(competitionId, { firstName: "Dot", lastName: "Ball" })),
        )
        expect(await ticketHolder(db, competitionId, postal?.ticketNumber ?? 0)).toEqual({
          customerId: null,
          firstName: "Dot",
          fullName: "Dot Ball",
          email: "Bea@Example.com",
        })
        const email = `named-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db, email)
        const theirs = await run(
          repo().record(newEntry(competitionId, { customerId, firstName: "Postcard" })),
        )
        expect(await ticketHolder(db, competitionId, theirs?.ticketNumber ?? 0)).toMatchObject({
          customerId,
          firstName: "Cat",
          email,
        })
      })
    })
  })
