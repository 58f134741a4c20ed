import { randomUUID } from "node:crypto"
import { ClubDirectory, ClubStore } from "@howzat/core/ports/club-store"
import { pence } from "@howzat/core/rules/money"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeClubDirectory,
  makeClubStore,
  makeOrderRefundRepo,
  makeOrderRepo,
  makePromotionUses,
  migrateToLatest,
  NOW,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import type { ClubsWorld } from "./clubs.contract"

/**
 * The clubs contract's world on a real database (PGlite or PostgreSQL): a
 * voucher of no club as a promotions row, a use on its counter, credit and
 * its reversal as checkout and refunds record them, and staff as the id a
 * payout records (the column keeps who, not a user row).
 */
export const clubsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ClubsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(ClubStore, makeClubStore(db)),
        Layer.succeed(ClubDirectory, makeClubDirectory(db)),
      ),
      voucher: async (code, validFrom) =>
        (
          await db
            .insertInto("promotions")
            .values({
              code,
              description: "10% off",
              discountKind: "Percentage",
              percent: 10,
              amountPence: null,
              competitionId: null,
              validFrom: validFrom ?? null,
              validTo: null,
              usageLimit: null,
              clubId: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      use: async (promotionId) => {
        await db
          .updateTable("promotions")
          .set({ usageCount: sql`usage_count + 1` })
          .where("id", "=", promotionId)
          .execute()
      },
      staff: async () => randomUUID(),
      credit: async (clubId, amount, at) => {
        const customerId = await newCustomer(db)
        const { order } = await Effect.runPromise(
          makeOrderRepo(db).createForBasket({
            basketId: await newBasket(db, customerId),
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + 3_600_000),
          }),
        )
        await Effect.runPromise(
          makePromotionUses(db).creditClub(clubId, order.id, pence(amount), at),
        )
        return order.id
      },
      reverse: async (orderId, at) => {
        await Effect.runPromise(makeOrderRefundRepo(db).reverseClubCredit(orderId, at))
      },
      relink: async (promotionId, clubId) => {
        await db.updateTable("promotions").set({ clubId }).where("id", "=", promotionId).execute()
      },
      close,
    }
  }
