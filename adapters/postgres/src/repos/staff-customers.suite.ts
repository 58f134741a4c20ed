import { randomUUID } from "node:crypto"
import { ERASED_FULL_NAME, ERASED_NOTE, erasedPerson } from "@howzat/core/rules/customer-erasure"
import { pence } from "@howzat/core/rules/money"
import { Effect, Either } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import type { SuiteDatabase } from "./catalogue.suite"
import { recordDraw } from "./draw-records"
import { competitionOnSale, NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makeSiteCreditLedger } from "./site-credit"
import { makeStaffCustomerRepo } from "./staff-customers"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * Staff's customer writes on a real database (PGlite and PostgreSQL): an
 * erasure reaches every copy of the person's data the shop made and keeps
 * what the accounts and the draws need; adjustments are ledger entries the
 * schema accepts either way, but never with an order or a prize.
 */
export const staffCustomersSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    let db: Kysely<Database>
    let repo: ReturnType<typeof makeStaffCustomerRepo>

    beforeAll(async () => {
      database = await open()
      db = database.db
      await migrateToLatest(db)
      repo = makeStaffCustomerRepo(db)
    })
    afterAll(async () => {
      await database?.close()
    })

    const emailOf = async (customerId: string) =>
      await db
        .selectFrom("customers")
        .innerJoin("users", "users.id", "customers.userId")
        .select(["users.email", "users.id"])
        .where("customers.id", "=", customerId)
        .executeTakeFirstOrThrow()

    /** A customer who won a main draw and an instant win, entered by post too, and was mailed. */
    const winner = async () => {
      const customerId = await newCustomer(db)
      const { email, id: userId } = await emailOf(customerId)
      await db
        .updateTable("customers")
        .set({ billingLine1: "1 Pavilion End", billingPostCode: "LS6 3BR" })
        .where("id", "=", customerId)
        .execute()
      const competitionId = await competitionOnSale(db, {
        instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [3] }],
      })
      // Ticket 5 is a free postal entry under another capitalisation of the address, no account named.
      await db
        .updateTable("tickets")
        .set({ orderId: randomUUID(), allocatedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "in", [3, 5, 7])
        .execute()
      const postalId = randomUUID()
      await db
        .updateTable("tickets")
        .set({ orderId: postalId })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", 5)
        .execute()
      await db
        .insertInto("postalEntries")
        .values({
          id: postalId,
          competitionId,
          ticketNumber: 5,
          customerId: null,
          firstName: "Test",
          lastName: "Buyer",
          email: email.toUpperCase(),
          dateOfBirth: "1990-01-01",
          telephoneNumber: "07700 900123",
          addressLine1: "1 Pavilion End",
          addressPostCode: "LS6 3BR",
          entryReference: "PC-1",
          enteredBy: randomUUID(),
          enteredAt: NOW,
        })
        .execute()
      await recordDraw(
        db,
        {
          competitionId,
          drawDate: NOW,
          drawnAt: NOW,
          drawType: "Live",
          outcome: "Winner",
          entriesHash: "ab",
          entryCount: 3,
          beacon: { source: "none", value: "" },
          attempt: 0,
          winningTicketNumber: 5,
          winnerFullName: "Test Buyer",
          winnerCustomerId: null,
        },
        "3\n5\n7",
      )
      const instant = await db
        .updateTable("instantWinTickets")
        .set({ wonAt: NOW, winnerCustomerId: customerId, winnerDisplayName: "Test Buyer" })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", 3)
        .returning("id")
        .executeTakeFirstOrThrow()
      await db
        .insertInto("winnerNotes")
        .values([
          {
            competitionId,
            ticketNumber: 5,
            text: "Lives at 1 Pavilion End",
            createdAt: NOW,
            updatedAt: NOW,
          },
          {
            instantWinTicketId: instant.id,
            text: "Phoned 07700 900123",
            createdAt: NOW,
            updatedAt: NOW,
          },
        ])
        .execute()
      await db
        .insertInto("outbox")
        .values({
          kind: "DrawWinner",
          toAddress: email,
          subject: "You won",
          textBody: "Dear Test",
          htmlBody: "<p>Dear Test</p>",
        })
        .execute()
      await db
        .insertInto("oneTimeTokens")
        .values({
          tokenHash: randomUUID(),
          userId,
          purpose: "Login",
          email,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + 60_000),
        })
        .execute()
      return { customerId, userId, email, competitionId, postalId, instantId: instant.id }
    }

    it("replaces the person everywhere the shop copied them, and keeps the draws", async () => {
      const who = await winner()
      const erasure = await run(repo.erase(who.customerId, erasedPerson(who.customerId), NOW))
      expect(erasure).toEqual({ userId: who.userId, erasedNow: true })

      const user = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", who.userId)
        .executeTakeFirstOrThrow()
      expect(user).toMatchObject({
        firstName: "Erased",
        lastName: "Customer",
        email: erasedPerson(who.customerId).email,
        emailVerified: false,
      })
      expect(user.passwordHash).not.toMatch(/^\$argon2/)
      const customer = await db
        .selectFrom("customers")
        .selectAll()
        .where("id", "=", who.customerId)
        .executeTakeFirstOrThrow()
      expect(customer).toMatchObject({
        telephoneNumber: "",
        billingLine1: null,
        billingPostCode: null,
        allowMarketingByEmail: false,
        allowMarketingByPost: false,
      })
      expect(customer.erasedAt).toEqual(NOW)

      const postal = await db
        .selectFrom("postalEntries")
        .selectAll()
        .where("id", "=", who.postalId)
        .executeTakeFirstOrThrow()
      expect(postal).toMatchObject({
        firstName: "Erased",
        lastName: "Customer",
        telephoneNumber: "",
        addressLine1: null,
        addressPostCode: null,
        ticketNumber: 5,
      })
      expect(postal.email).toBe(erasedPerson(who.customerId).email)

      const draw = await db
        .selectFrom("draws")
        .selectAll()
        .where("competitionId", "=", who.competitionId)
        .executeTakeFirstOrThrow()
      expect([draw.winnerFullName, draw.winningTicketNumber]).toEqual([ERASED_FULL_NAME, 5])
      const instant = await db
        .selectFrom("instantWinTickets")
        .selectAll()
        .where("id", "=", who.instantId)
        .executeTakeFirstOrThrow()
      expect(instant.winnerDisplayName).toBe(ERASED_FULL_NAME)
      expect(instant.wonAt).toEqual(NOW)

      const notes = await db
        .selectFrom("winnerNotes")
        .select("text")
        .where((eb) =>
          eb.or([
            eb("competitionId", "=", who.competitionId),
            eb("instantWinTicketId", "=", who.instantId),
          ]),
        )
        .execute()
      expect(notes.map((n) => n.text)).toEqual([ERASED_NOTE, ERASED_NOTE])
      const mail = await db
        .selectFrom("outbox")
        .select("id")
        .where(sql`lower(to_address)`, "=", who.email.toLowerCase())
        .execute()
      expect(mail).toEqual([])
      const links = await db
        .selectFrom("oneTimeTokens")
        .select("tokenHash")
        .where("userId", "=", who.userId)
        .execute()
      expect(links).toEqual([])
      // The tickets stay with what holds them.
      const held = await db
        .selectFrom("tickets")
        .select("ticketNumber")
        .where("competitionId", "=", who.competitionId)
        .where("orderId", "is not", null)
        .orderBy("ticketNumber")
        .execute()
      expect(held.map((t) => t.ticketNumber)).toEqual([3, 5, 7])
      expect(await run(repo.isErased(who.customerId))).toBe(true)
    })

    it("erases once: a second call changes nothing and says so", async () => {
      const who = await winner()
      await run(repo.erase(who.customerId, erasedPerson(who.customerId), NOW))
      const later = new Date(NOW.getTime() + 60_000)
      expect(await run(repo.erase(who.customerId, erasedPerson(who.customerId), later))).toEqual({
        userId: who.userId,
        erasedNow: false,
      })
      const customer = await db
        .selectFrom("customers")
        .select("erasedAt")
        .where("id", "=", who.customerId)
        .executeTakeFirstOrThrow()
      expect(customer.erasedAt).toEqual(NOW)
    })

    it("answers an unknown or malformed id with CustomerNotFound", async () => {
      for (const id of [randomUUID(), "not-a-uuid"]) {
        const result = await run(Effect.either(repo.erase(id, erasedPerson(id), NOW)))
        expect(Either.isLeft(result) && result.left._tag).toBe("CustomerNotFound")
      }
    })

    it("leaves everyone else's data alone", async () => {
      const erased = await winner()
      const other = await winner()
      await run(repo.erase(erased.customerId, erasedPerson(erased.customerId), NOW))
      expect((await emailOf(other.customerId)).email).toBe(other.email)
      const postal = await db
        .selectFrom("postalEntries")
        .select("firstName")
        .where("id", "=", other.postalId)
        .executeTakeFirstOrThrow()
      expect(postal.firstName).toBe("Test")
      const mail = await db
        .selectFrom("outbox")
        .select("id")
        .where("toAddress", "=", other.email)
        .execute()
      expect(mail).toHaveLength(1)
    })

    it("records adjustments either way as ledger entries with the reason", async () => {
      const customerId = await newCustomer(db)
      const ledger = makeSiteCreditLedger(db)
      await run(
        repo.recordSiteCreditAdjustment({
          customerId,
          amount: pence(700),
          reason: "Goodwill",
          at: NOW,
        }),
      )
      await run(
        repo.recordSiteCreditAdjustment({
          customerId,
          amount: pence(-200),
          reason: "Mistake",
          at: new Date(NOW.getTime() + 1),
        }),
      )
      expect(await run(ledger.balance(customerId))).toBe(500)
      const entries = await run(ledger.entries(customerId, { pageNumber: 1, pageSize: 10 }))
      expect(entries.items.map((e) => [e.description, e.amount, e.reason])).toEqual([
        ["Mistake", -200, "Adjustment"],
        ["Goodwill", 700, "Adjustment"],
      ])
    })

    it("refuses, in the schema, an adjustment of nothing or one tied to an order", async () => {
      const customerId = await newCustomer(db)
      const insert = (values: { amountPence: number; orderId?: string }) =>
        db
          .insertInto("siteCreditEntries")
          .values({
            customerId,
            reason: "Adjustment",
            description: "x",
            createdAt: NOW,
            orderId: null,
            ...values,
          })
          .execute()
      await expect(insert({ amountPence: 0 })).rejects.toThrow(/check constraint/)
      await expect(insert({ amountPence: 5, orderId: randomUUID() })).rejects.toThrow()
    })

    it("lists the vouchers a customer's orders used, newest first, and nobody else's", async () => {
      const customerId = await newCustomer(db)
      const someoneElse = await newCustomer(db)
      const orderOf = async (owner: string, minutes: number) =>
        await db
          .insertInto("orders")
          .values({
            basketId: await newBasket(db, owner),
            customerId: owner,
            createdAt: new Date(NOW.getTime() + minutes * 60_000),
            expiresAt: new Date(NOW.getTime() + (minutes + 15) * 60_000),
          })
          .returning(["id", "orderRef"])
          .executeTakeFirstOrThrow()
      const code = `SUITE${randomUUID().slice(0, 8).toUpperCase()}`
      const promotion = await db
        .insertInto("promotions")
        .values({
          code,
          description: "10% off",
          discountKind: "Percentage",
          percent: 10,
          amountPence: null,
          competitionId: null,
          validFrom: null,
          validTo: null,
          usageLimit: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      const first = await orderOf(customerId, 0)
      const second = await orderOf(customerId, 5)
      const theirs = await orderOf(someoneElse, 1)
      await db
        .insertInto("promotionUses")
        .values([
          { orderId: first.id, promotionId: promotion.id, customerId, createdAt: NOW },
          {
            orderId: second.id,
            promotionId: promotion.id,
            customerId,
            createdAt: new Date(NOW.getTime() + 300_000),
          },
          {
            orderId: theirs.id,
            promotionId: promotion.id,
            customerId: someoneElse,
            createdAt: NOW,
          },
        ])
        .execute()
      const used = await run(repo.vouchersUsed(customerId))
      expect(used.map((u) => [u.orderId, u.orderRef, u.code, u.description])).toEqual([
        [second.id, second.orderRef, code, "10% off"],
        [first.id, first.orderRef, code, "10% off"],
      ])
      expect(await run(repo.vouchersUsed("not-a-uuid"))).toEqual([])
    })
  })
