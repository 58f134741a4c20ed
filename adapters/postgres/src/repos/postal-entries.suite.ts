import { randomUUID } from "node:crypto"
import type { Principal } from "@howzat/core/accounts/model"
import { RepositoryError } from "@howzat/core/competitions/errors"
import { Mailer } from "@howzat/core/ports/mailer"
import type { NewPostalEntry } from "@howzat/core/postal-entries/model"
import { PostalEntries } from "@howzat/core/postal-entries/postal-entries"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import type { PostalEntryForm } from "@howzat/core/rules/postal-entries"
import { newPostalEntry } from "@howzat/core/testing"
import { Effect, Either, Layer, TestClock, TestContext } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../database"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import { TransactionsLive } from "../transactions"
import { AccountStandingStoreLive } from "./account-standing"
import { AuditLogLive } from "./audit-log"
import { CustomerRepoLive } from "./customers"
import { soldEntries, ticketHolder } from "./draw-records"
import { InstantWinRepoLive } from "./instant-wins"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, customerWithEmail, NOW, newBasket, poolCounts } from "./orders-fixtures"
import { OutboxMailerLive } from "./outbox"
import { makePostalEntryRepo, PostalEntryRepoLive } from "./postal-entries"
import { makeSiteCreditLedger, SiteCreditLedgerLive } from "./site-credit"
import { makeTicketAllocator } from "./ticket-allocator"
import { UserRepoLive } from "./users"
import { makeWinnerRecords } from "./winner-records"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const HOUR = 60 * 60 * 1000

export const STAFF: Principal = {
  userId: randomUUID(),
  role: "Staff",
  customerId: null,
  email: "sam@howzat.example",
  name: "Sam Staff",
}

export const personForm = (overrides: Partial<PostalEntryForm> = {}): PostalEntryForm => ({
  customerId: "",
  firstName: "Bea",
  lastName: "Bowler",
  emailAddress: "bea@example.com",
  dateOfBirth: "1980-02-03",
  telephoneNumber: "",
  address: { line1: "2 Long Room", line2: "", city: "Leeds", county: "", postCode: "LS6 3BU" },
  entryReference: "",
  ...overrides,
})

/** Every port core's PostalEntries needs, on the real repositories of `db`. */
export const postalEntryPortsOn = (db: Kysely<Database>) =>
  Layer.mergeAll(
    PostalEntryRepoLive,
    CustomerRepoLive,
    UserRepoLive,
    TransactionsLive,
    InstantWinRepoLive,
    SiteCreditLedgerLive,
    OutboxMailerLive,
    AuditLogLive,
    AccountStandingStoreLive,
  ).pipe(Layer.provide(Layer.succeed(Db, db)))

/** Core's PostalEntries on the real repositories, at `at` (TestClock). */
export const postalEntriesOn = (db: Kysely<Database>) => {
  const services = PostalEntries.Default.pipe(Layer.provide(postalEntryPortsOn(db)))
  return (competitionId: string, form: PostalEntryForm, at: Date = NOW, by = STAFF) =>
    Effect.runPromise(
      Effect.zipRight(
        TestClock.setTime(at.getTime()),
        Effect.either(Effect.flatMap(PostalEntries, (p) => p.enter(by, competitionId, form))),
      ).pipe(Effect.provide(services), Effect.provide(TestContext.TestContext)),
    )
}

/**
 * Postal entries on a real database beyond the PostalEntryRepo port's
 * contract (test/contracts/postal-entries.contract.ts, run on this adapter
 * and the in-memory one): the pool's rows, the checkout's count, and core's
 * PostalEntries on the real repositories.
 */
export const postalEntriesSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const repo = () => makePostalEntryRepo(db())
    const enter = (competitionId: string, form: PostalEntryForm, at: Date = NOW) =>
      postalEntriesOn(db())(competitionId, form, at)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const newEntry = (competitionId: string, overrides: Partial<NewPostalEntry> = {}) =>
      newPostalEntry({ competitionId, enteredBy: STAFF.userId, enteredAt: NOW }, overrides)

    /** A paid order holding `quantity` tickets of the competition. */
    const paidOrder = async (customerId: string, competitionId: string, quantity: number) => {
      const orders = makeOrderRepo(db())
      const { order } = await Effect.runPromise(
        orders.createForBasket({
          basketId: await newBasket(db(), customerId),
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }),
      )
      const allocation = await Effect.runPromise(
        makeTicketAllocator(db()).allocate({
          orderId: order.id,
          customerId,
          at: NOW,
          lines: [{ competitionId, quantity }],
        }),
      )
      await Effect.runPromise(orders.transition(order.id, OrderStatus.AwaitingPayment))
      await Effect.runPromise(orders.transition(order.id, OrderStatus.Completed))
      return { orderId: order.id, ticketNumbers: allocation.lines[0]?.ticketNumbers ?? [] }
    }

    describe("recording an entry", () => {
      it("claims its ticket's row in the pool for the entry", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 5 })
        const entry = await Effect.runPromise(repo().record(newEntry(competitionId)))
        if (entry === null) throw new Error("no ticket")
        expect(entry.ticketNumber).toBeGreaterThanOrEqual(1)
        expect(entry.ticketNumber).toBeLessThanOrEqual(5)
        const pool = await poolCounts(db(), competitionId)
        expect(pool.tickets.filter((t) => t.orderId !== null)).toEqual([
          { ticketNumber: entry.ticketNumber, orderId: entry.id, customerId: null },
        ])
        expect(pool.ticketsSold).toBe(1)
      })
    })

    describe("the per-person maximum", () => {
      it("counts at checkout a customer's postal entries and those sent before they had an account", async () => {
        const competitionId = await competitionOnSale(db())
        const email = `early-${randomUUID()}@example.com`
        await Effect.runPromise(
          repo().record(newEntry(competitionId, { emailAddress: email.toUpperCase() })),
        )
        const customerId = await customerWithEmail(db(), email)
        await paidOrder(customerId, competitionId, 2)
        await Effect.runPromise(repo().record(newEntry(competitionId, { customerId })))
        // Checkout and the ticket selector read the count postal entries read (the contract's 4).
        expect(
          await Effect.runPromise(makeTicketAllocator(db()).ticketsHeld(customerId, competitionId)),
        ).toBe(4)
      })

      it("stops a checkout at the maximum that postal entries already took", async () => {
        const competitionId = await competitionOnSale(db(), { maxTicketsPerCustomer: 3 })
        const email = `both-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db(), email)
        expect(
          Either.isRight(await enter(competitionId, personForm({ emailAddress: email }))),
        ).toBe(true)
        expect(
          Either.isRight(
            await enter(
              competitionId,
              personForm({
                customerId: customerId,
                firstName: "",
                lastName: "",
                emailAddress: "",
                dateOfBirth: "",
                address: null,
              }),
            ),
          ),
        ).toBe(true)
        const { ticketNumbers } = await paidOrder(customerId, competitionId, 3)
        expect(ticketNumbers).toHaveLength(1)
      })
    })

    describe("through core's PostalEntries", () => {
      it("gives a person one ticket, and a repeated request the same entry", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 10 })
        const first = await enter(competitionId, personForm({ entryReference: "PC-77" }))
        const again = await enter(competitionId, personForm({ entryReference: "PC-77" }))
        if (Either.isLeft(first) || Either.isLeft(again)) throw new Error("refused")
        expect(first.right.created).toBe(true)
        expect(again.right).toEqual({ ...first.right, created: false })
        const pool = await poolCounts(db(), competitionId)
        expect([pool.sold, pool.ticketsSold]).toEqual([1, 1])
      })

      it("links a verified customer found by email, and not an unverified one", async () => {
        const competitionId = await competitionOnSale(db())
        const verified = `v-${randomUUID()}@example.com`
        const unverified = `u-${randomUUID()}@example.com`
        const verifiedId = await customerWithEmail(db(), verified)
        await customerWithEmail(db(), unverified, false)
        const linked = await enter(competitionId, personForm({ emailAddress: verified }))
        const unlinked = await enter(competitionId, personForm({ emailAddress: unverified }))
        expect(Either.isRight(linked) && linked.right.entry.customerId).toBe(verifiedId)
        expect(Either.isRight(unlinked) && unlinked.right.entry.customerId).toBeNull()
        const tickets = await poolCounts(db(), competitionId)
        expect(
          tickets.tickets
            .filter((t) => t.orderId !== null)
            .map((t) => t.customerId)
            .sort(),
        ).toEqual([verifiedId, null].sort())
      })

      it("audits the entry in its own transaction: kept with it, gone when it rolls back", async () => {
        const auditOf = (subjectId: string) =>
          db().selectFrom("auditLog").selectAll().where("subjectId", "=", subjectId).execute()
        const competitionId = await competitionOnSale(db(), { totalTickets: 10 })
        const entered = await enter(competitionId, personForm())
        if (Either.isLeft(entered)) throw new Error(entered.left._tag)
        const rows = await auditOf(entered.right.entry.id)
        expect(rows.map((r) => [r.action, r.actorUserId, r.subjectType, r.before])).toEqual([
          ["PostalEntry.Create", STAFF.userId, "PostalEntry", null],
        ])
        expect(rows[0]?.after).toMatchObject({ competitionId, ticketNumber: expect.any(Number) })

        // The entry lands on an instant win whose email cannot be queued: the
        // whole entry fails after its audit entry was written, and both go.
        const winning = await competitionOnSale(db(), {
          totalTickets: 1,
          instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1] }],
        })
        const mailDown = Layer.succeed(Mailer, {
          send: () => Effect.fail(new RepositoryError({ operation: "outbox", cause: "down" })),
        })
        const failed = await Effect.runPromise(
          Effect.zipRight(
            TestClock.setTime(NOW.getTime()),
            Effect.either(
              Effect.flatMap(PostalEntries, (p) => p.enter(STAFF, winning, personForm())),
            ),
          ).pipe(
            Effect.provide(
              PostalEntries.Default.pipe(
                Layer.provide(Layer.merge(postalEntryPortsOn(db()), mailDown)),
              ),
            ),
            Effect.provide(TestContext.TestContext),
          ),
        )
        expect(Either.isLeft(failed) && failed.left._tag).toBe("RepositoryError")
        expect((await poolCounts(db(), winning)).sold).toBe(0)
        const anyAudit = await db()
          .selectFrom("auditLog")
          .select("id")
          .where(sql<boolean>`after->>'competitionId' = ${winning}`)
          .execute()
        expect(anyAudit).toEqual([])
      })

      it("refuses after the close and leaves the pool alone", async () => {
        const competitionId = await competitionOnSale(db())
        const close = await db()
          .selectFrom("competitions")
          .select("closeDateTimeUtc")
          .where("id", "=", competitionId)
          .executeTakeFirstOrThrow()
        const late = await enter(competitionId, personForm(), close.closeDateTimeUtc)
        expect(Either.isLeft(late) && late.left._tag).toBe("CompetitionNotTakingEntries")
        expect((await poolCounts(db(), competitionId)).sold).toBe(0)
      })
    })

    describe("on an instant-win number", () => {
      /** One ticket, so the entry surely lands on it: it wins £5 of site credit. */
      const oneWinningTicket = () =>
        competitionOnSale(db(), {
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
          await Effect.runPromise(
            makeWinnerRecords(db()).instantWinPrizeWinners({
              status: "All",
              page: { pageNumber: 1, pageSize: 100 },
            }),
          )
        ).items.filter((w) => w.competitionId === competitionId)
      const mailTo = (address: string) =>
        db().selectFrom("outbox").select("kind").where("toAddress", "=", address).execute()

      it("wins it like a paid ticket: a customer is credited at once and mailed", async () => {
        const competitionId = await oneWinningTicket()
        const email = `winner-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db(), email)
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
        expect(await Effect.runPromise(makeSiteCreditLedger(db()).balance(customerId))).toBe(500)
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

    describe("in the draw and the customer's tickets", () => {
      it("is an entry with the paid tickets, and an unpaid order's are not", async () => {
        const competitionId = await competitionOnSale(db(), { totalTickets: 20 })
        const payer = await customerWithEmail(db(), `payer-${randomUUID()}@example.com`)
        const paid = await paidOrder(payer, competitionId, 3)
        const postal = await Effect.runPromise(repo().record(newEntry(competitionId)))
        // An order awaiting payment holds its tickets but they are no entries yet.
        const orders = makeOrderRepo(db())
        const { order } = await Effect.runPromise(
          orders.createForBasket({
            basketId: await newBasket(db(), payer),
            customerId: payer,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + HOUR),
          }),
        )
        await Effect.runPromise(
          makeTicketAllocator(db()).allocate({
            orderId: order.id,
            customerId: payer,
            at: NOW,
            lines: [{ competitionId, quantity: 2 }],
          }),
        )
        const entries = (await soldEntries(db(), competitionId)).split("\n").map(Number)
        expect(entries).toEqual(
          [...paid.ticketNumbers, postal?.ticketNumber].sort((a, b) => (a ?? 0) - (b ?? 0)),
        )
      })

      it("names the holder: a postal entrant without an account by the postcard, a customer by their account", async () => {
        const competitionId = await competitionOnSale(db())
        const postal = await Effect.runPromise(
          repo().record(newEntry(competitionId, { firstName: "Dot", lastName: "Ball" })),
        )
        expect(await ticketHolder(db(), competitionId, postal?.ticketNumber ?? 0)).toEqual({
          customerId: null,
          firstName: "Dot",
          fullName: "Dot Ball",
          email: "Bea@Example.com",
        })
        const email = `named-${randomUUID()}@example.com`
        const customerId = await customerWithEmail(db(), email)
        const theirs = await Effect.runPromise(
          repo().record(newEntry(competitionId, { customerId, firstName: "Postcard" })),
        )
        expect(await ticketHolder(db(), competitionId, theirs?.ticketNumber ?? 0)).toMatchObject({
          customerId,
          firstName: "Cat",
          email,
        })
      })
    })
  })
