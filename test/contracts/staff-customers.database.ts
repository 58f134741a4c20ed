import {
  CustomerRepoLive,
  SiteCreditLedgerLive,
  StaffCustomerRepoLive,
  UserRepoLive,
} from "@howzat/postgres"
import { newBasket } from "@howzat/postgres/testing"
import { Layer } from "effect"
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
