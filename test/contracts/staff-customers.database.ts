import { randomUUID } from "node:crypto"
import { ERASED_FULL_NAME, ERASED_NOTE, erasedPerson } from "@howzat/core/rules"
import {
  CustomerRepoLive,
  makeStaffCustomerRepo,
  SiteCreditLedgerLive,
  StaffCustomerRepoLive,
  UserRepoLive,
} from "@howzat/postgres"
import { competitionOnSale, newBasket, newCustomer, recordDraw } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ContractDatabase } from "./harness"
import type { StaffCustomersSeed } from "./staff-customers.contract"

const NOW = new Date("2026-06-15T12:00:00Z")
let codes = 0

/** The staff-customers harness on a real database: an order's voucher use as rows. */
export const staffCustomersOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: StaffCustomersSeed = {
    voucherUse: async (customerId, minutes) => {
      const at = new Date(NOW.getTime() + minutes * 60_000)
      const order = await db
        .insertInto("orders")
        .values({
          basketId: await newBasket(db, customerId),
          customerId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + 15 * 60_000),
        })
        .returning(["id", "orderRef"])
        .executeTakeFirstOrThrow()
      codes += 1
      const code = `SC${codes}X${Date.now().toString(36).toUpperCase()}`
      const description = `Voucher ${codes}`
      const promotion = await db
        .insertInto("promotions")
        .values({
          code,
          description,
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
      await db
        .insertInto("promotionUses")
        .values({ orderId: order.id, promotionId: promotion.id, customerId, createdAt: at })
        .execute()
      return { orderId: order.id, orderRef: order.orderRef, code, description, at }
    },
  }
  return {
    layer: Layer.mergeAll(
      StaffCustomerRepoLive,
      SiteCreditLedgerLive,
      CustomerRepoLive,
      UserRepoLive,
    ).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}

/**
 * What an erasure does below the StaffCustomerRepo port (PGlite and
 * PostgreSQL): it reaches every copy of the person the shop made (postal
 * entries, draws, instant wins, notes, mail, sign-in links) and keeps what
 * the accounts and the draws need; the first erasure's time stays; and the
 * schema refuses an adjustment of nothing or one tied to an order.
 */
export const staffCustomersInTheDatabase = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: ContractDatabase
    const db = () => database.db
    const repo = () => makeStaffCustomerRepo(database.db)
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    const emailOf = async (customerId: string) =>
      await db()
        .selectFrom("customers")
        .innerJoin("users", "users.id", "customers.userId")
        .select(["users.email", "users.id"])
        .where("customers.id", "=", customerId)
        .executeTakeFirstOrThrow()

    /** A customer who won a main draw and an instant win, entered by post too, and was mailed. */
    const winner = async () => {
      const customerId = await newCustomer(db())
      const { email, id: userId } = await emailOf(customerId)
      await db()
        .updateTable("customers")
        .set({ billingLine1: "1 Pavilion End", billingPostCode: "LS6 3BR" })
        .where("id", "=", customerId)
        .execute()
      const competitionId = await competitionOnSale(db(), {
        instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [3] }],
      })
      // Ticket 5 is a free postal entry under another capitalisation of the address, no account named.
      await db()
        .updateTable("tickets")
        .set({ orderId: randomUUID(), allocatedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "in", [3, 5, 7])
        .execute()
      const postalId = randomUUID()
      await db()
        .updateTable("tickets")
        .set({ orderId: postalId })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", 5)
        .execute()
      await db()
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
        db(),
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
      const instant = await db()
        .updateTable("instantWinTickets")
        .set({ wonAt: NOW, winnerCustomerId: customerId, winnerDisplayName: "Test Buyer" })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", 3)
        .returning("id")
        .executeTakeFirstOrThrow()
      await db()
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
      await db()
        .insertInto("outbox")
        .values({
          kind: "DrawWinner",
          toAddress: email,
          subject: "You won",
          textBody: "Dear Test",
          htmlBody: "<p>Dear Test</p>",
        })
        .execute()
      await db()
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
      await run(repo().erase(who.customerId, erasedPerson(who.customerId), NOW))

      // The names, address and marketing choices on the account are the contract's to check.
      const user = await db()
        .selectFrom("users")
        .select("passwordHash")
        .where("id", "=", who.userId)
        .executeTakeFirstOrThrow()
      expect(user.passwordHash).not.toMatch(/^\$argon2/)
      const customer = await db()
        .selectFrom("customers")
        .select("erasedAt")
        .where("id", "=", who.customerId)
        .executeTakeFirstOrThrow()
      expect(customer.erasedAt).toEqual(NOW)

      const postal = await db()
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

      const draw = await db()
        .selectFrom("draws")
        .selectAll()
        .where("competitionId", "=", who.competitionId)
        .executeTakeFirstOrThrow()
      expect([draw.winnerFullName, draw.winningTicketNumber]).toEqual([ERASED_FULL_NAME, 5])
      const instant = await db()
        .selectFrom("instantWinTickets")
        .selectAll()
        .where("id", "=", who.instantId)
        .executeTakeFirstOrThrow()
      expect(instant.winnerDisplayName).toBe(ERASED_FULL_NAME)
      expect(instant.wonAt).toEqual(NOW)

      const notes = await db()
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
      const mail = await db()
        .selectFrom("outbox")
        .select("id")
        .where(sql`lower(to_address)`, "=", who.email.toLowerCase())
        .execute()
      expect(mail).toEqual([])
      const links = await db()
        .selectFrom("oneTimeTokens")
        .select("tokenHash")
        .where("userId", "=", who.userId)
        .execute()
      expect(links).toEqual([])
      // The tickets stay with what holds them.
      const held = await db()
        .selectFrom("tickets")
        .select("ticketNumber")
        .where("competitionId", "=", who.competitionId)
        .where("orderId", "is not", null)
        .orderBy("ticketNumber")
        .execute()
      expect(held.map((t) => t.ticketNumber)).toEqual([3, 5, 7])
    })

    it("keeps the first erasure's time when erased again", async () => {
      const who = await winner()
      await run(repo().erase(who.customerId, erasedPerson(who.customerId), NOW))
      const later = new Date(NOW.getTime() + 60_000)
      await run(repo().erase(who.customerId, erasedPerson(who.customerId), later))
      const customer = await db()
        .selectFrom("customers")
        .select("erasedAt")
        .where("id", "=", who.customerId)
        .executeTakeFirstOrThrow()
      expect(customer.erasedAt).toEqual(NOW)
    })

    it("leaves everyone else's postal entries and mail alone", async () => {
      const erased = await winner()
      const other = await winner()
      await run(repo().erase(erased.customerId, erasedPerson(erased.customerId), NOW))
      expect((await emailOf(other.customerId)).email).toBe(other.email)
      const postal = await db()
        .selectFrom("postalEntries")
        .select("firstName")
        .where("id", "=", other.postalId)
        .executeTakeFirstOrThrow()
      expect(postal.firstName).toBe("Test")
      const mail = await db()
        .selectFrom("outbox")
        .select("id")
        .where("toAddress", "=", other.email)
        .execute()
      expect(mail).toHaveLength(1)
    })

    it("refuses, in the schema, an adjustment of nothing or one tied to an order", async () => {
      const customerId = await newCustomer(db())
      const insert = (values: { amountPence: number; orderId?: string }) =>
        db()
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
  })
