import { CustomerNotFound } from "@howzat/core/accounts"
import { StaffCustomerRepo, type StaffCustomerRepoShape, type VoucherUse } from "@howzat/core/ports"
import { ERASED_NOTE } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

/** Not an argon2 hash: no password ever verifies against it (the hasher answers false). */
const NO_PASSWORD = "!erased"

type EraseResult =
  | { readonly kind: "missing" }
  | { readonly kind: "erased"; readonly userId: string; readonly erasedNow: boolean }

export const makeStaffCustomerRepo = (db: Kysely<Database>): StaffCustomerRepoShape => ({
  recordSiteCreditAdjustment: (adjustment) =>
    runQuery(db, "staffCustomers.recordSiteCreditAdjustment", async (q) => {
      await q
        .insertInto("siteCreditEntries")
        .values({
          customerId: adjustment.customerId,
          amountPence: adjustment.amount,
          reason: "Adjustment",
          description: adjustment.reason,
          createdAt: adjustment.at,
        })
        .execute()
    }),

  erase: (customerId, person, at) =>
    runQuery(db, "staffCustomers.erase", (executor) =>
      atomically(executor, async (q): Promise<EraseResult> => {
        if (!isUuid(customerId)) return { kind: "missing" }
        // Held, so an erasure racing a checkout or another erasure takes turns.
        const customer = await q
          .selectFrom("customers")
          .innerJoin("users", "users.id", "customers.userId")
          .select(["customers.userId", "customers.erasedAt", "users.email"])
          .where("customers.id", "=", customerId)
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (customer === undefined) return { kind: "missing" }
        if (customer.erasedAt !== null)
          return { kind: "erased", userId: customer.userId, erasedNow: false }
        const oldEmail = customer.email.toLowerCase()
        const fullName = `${person.firstName} ${person.lastName}`

        await q
          .updateTable("users")
          .set({
            email: person.email,
            emailVerified: false,
            passwordHash: NO_PASSWORD,
            firstName: person.firstName,
            lastName: person.lastName,
          })
          .where("id", "=", customer.userId)
          .execute()
        await q
          .updateTable("customers")
          .set({
            dateOfBirth: person.dateOfBirth,
            telephoneNumber: person.telephoneNumber,
            billingLine1: null,
            billingLine2: null,
            billingCity: null,
            billingCounty: null,
            billingPostCode: null,
            shippingLine1: null,
            shippingLine2: null,
            shippingCity: null,
            shippingCounty: null,
            shippingPostCode: null,
            allowMarketingByEmail: person.allowMarketingByEmail,
            allowMarketingByPhone: person.allowMarketingByPhone,
            allowMarketingByText: person.allowMarketingByText,
            allowMarketingByPost: person.allowMarketingByPost,
            erasedAt: at,
          })
          .where("id", "=", customerId)
          .execute()

        // Their free postal entries stay in the draws; the postcard's details go.
        const postal = await q
          .updateTable("postalEntries")
          .set({
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            dateOfBirth: person.dateOfBirth,
            telephoneNumber: person.telephoneNumber,
            addressLine1: null,
            addressLine2: null,
            addressCity: null,
            addressCounty: null,
            addressPostCode: null,
          })
          .where((eb) =>
            eb.or([eb("customerId", "=", customerId), eb(sql`lower(email)`, "=", oldEmail)]),
          )
          .returning(["competitionId", "ticketNumber"])
          .execute()

        // The winners lists keep the win and show the placeholder.
        const drawsWon = await q
          .updateTable("draws")
          .set({ winnerFullName: fullName })
          .where((eb) =>
            eb.or([
              eb("winnerCustomerId", "=", customerId),
              ...postal.map((entry) =>
                eb.and([
                  eb("competitionId", "=", entry.competitionId),
                  eb("winningTicketNumber", "=", entry.ticketNumber),
                ]),
              ),
            ]),
          )
          .returning(["competitionId", "winningTicketNumber"])
          .execute()
        const instantWins = await q
          .updateTable("instantWinTickets")
          .set({ winnerDisplayName: fullName })
          .where((eb) =>
            eb.or([
              eb("winnerCustomerId", "=", customerId),
              ...postal.map((entry) =>
                eb.and([
                  eb("competitionId", "=", entry.competitionId),
                  eb("ticketNumber", "=", entry.ticketNumber),
                ]),
              ),
            ]),
          )
          .where("wonAt", "is not", null)
          .returning("id")
          .execute()

        // Staff's notes on their wins may name, address or describe them.
        const noteKeys = [
          ...drawsWon.flatMap((draw) =>
            draw.winningTicketNumber === null
              ? []
              : [{ competitionId: draw.competitionId, ticketNumber: draw.winningTicketNumber }],
          ),
        ]
        if (noteKeys.length > 0 || instantWins.length > 0)
          await q
            .updateTable("winnerNotes")
            .set({ text: ERASED_NOTE, updatedAt: at })
            .where((eb) =>
              eb.or([
                ...noteKeys.map((key) =>
                  eb.and([
                    eb("competitionId", "=", key.competitionId),
                    eb("ticketNumber", "=", key.ticketNumber),
                  ]),
                ),
                ...(instantWins.length > 0
                  ? [
                      eb(
                        "instantWinTicketId",
                        "in",
                        instantWins.map((w) => w.id),
                      ),
                    ]
                  : []),
              ]),
            )
            .execute()

        // Mail to them, sent or not: bodies hold their name and links. Unsent mail is never sent.
        await q.deleteFrom("outbox").where(sql`lower(to_address)`, "=", oldEmail).execute()
        await q.deleteFrom("oneTimeTokens").where("userId", "=", customer.userId).execute()
        return { kind: "erased", userId: customer.userId, erasedNow: true }
      }),
    ).pipe(
      Effect.flatMap((result) =>
        result.kind === "missing"
          ? Effect.fail(new CustomerNotFound({ customerId }))
          : Effect.succeed({ userId: result.userId, erasedNow: result.erasedNow }),
      ),
    ),

  isErased: (customerId) =>
    runQuery(db, "staffCustomers.isErased", async (q) => {
      if (!isUuid(customerId)) return false
      const row = await q
        .selectFrom("customers")
        .select("erasedAt")
        .where("id", "=", customerId)
        .executeTakeFirst()
      return row?.erasedAt != null
    }),

  vouchersUsed: (customerId) =>
    runQuery(db, "staffCustomers.vouchersUsed", async (q) => {
      if (!isUuid(customerId)) return []
      const rows = await q
        .selectFrom("promotionUses")
        .innerJoin("promotions", "promotions.id", "promotionUses.promotionId")
        .innerJoin("orders", "orders.id", "promotionUses.orderId")
        .select([
          "promotionUses.orderId",
          "orders.orderRef",
          "promotions.code",
          "promotions.description",
          "promotionUses.createdAt",
        ])
        .where("promotionUses.customerId", "=", customerId)
        .orderBy("promotionUses.createdAt", "desc")
        .orderBy("orders.orderRef", "desc")
        .execute()
      return rows.map(
        (row): VoucherUse => ({
          orderId: row.orderId,
          orderRef: row.orderRef,
          code: row.code,
          description: row.description,
          at: row.createdAt,
        }),
      )
    }),
})

export const StaffCustomerRepoLive: Layer.Layer<StaffCustomerRepo, never, Db> = Layer.effect(
  StaffCustomerRepo,
  Effect.map(Db, makeStaffCustomerRepo),
)
