import { changeSpendLimit, pence, UNANSWERED } from "@howzat/core/rules"
import { makeSpendLimitStore, SpendLimitStoreLive } from "@howzat/postgres"
import { newCustomer, newOrder } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ContractDatabase } from "./harness"
import type { SpendLimitSeed } from "./spend-limits.contract"

/** The spend-limit harness on a real database (PGlite or PostgreSQL): rows written straight to the tables. */
export const spendLimitsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: SpendLimitSeed = {
    customer: () => newCustomer(db),
    order: async (customerId, order) => {
      const id = await newOrder(db, customerId, {
        status: order.status,
        orderTotalPence: order.orderTotal,
        siteCreditDebitPence: order.siteCreditDebit,
        createdAt: order.createdAt,
      })
      if (order.creditBought)
        await db
          .insertInto("orderCreditItems")
          .values({
            orderId: id,
            position: 0,
            description: "Site credit",
            lineTotalPence: order.creditBought,
          })
          .execute()
      return id
    },
  }
  return { layer: SpendLimitStoreLive.pipe(Layer.provide(dbLayer)), seed, close }
}

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 5, day, hour))

/**
 * What only the tables show of spend limits (PGlite and PostgreSQL): every
 * change lands in the history, and the table itself refuses a negative limit.
 */
export const spendLimitsInTheDatabase = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: ContractDatabase
    const store = () => makeSpendLimitStore(database.db)
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    it("writes every change to the history, as asked and when it applies", async () => {
      const ann = await newCustomer(database.db)

      const first = changeSpendLimit(UNANSWERED, { kind: "Amount", amount: pence(0) }, at(1))
      await run(store().save(ann, first.setting, { ...first.change, changedBy: "Customer" }))
      const raise = changeSpendLimit(first.setting, { kind: "NoLimit" }, at(2))
      await run(store().save(ann, raise.setting, { ...raise.change, changedBy: "Customer" }))

      const history = await database.db
        .selectFrom("spendLimitChanges")
        .select(["fromKind", "fromPence", "toKind", "toPence", "requestedAt", "appliesAt"])
        .where("customerId", "=", ann)
        .orderBy("requestedAt")
        .execute()
      expect(history).toEqual([
        {
          fromKind: null,
          fromPence: null,
          toKind: "Amount",
          toPence: 0,
          requestedAt: at(1),
          appliesAt: at(1),
        },
        {
          fromKind: "Amount",
          fromPence: 0,
          toKind: "NoLimit",
          toPence: null,
          requestedAt: at(2),
          appliesAt: at(3),
        },
      ])
    })

    it("refuses a negative limit in the table itself", async () => {
      const bob = await newCustomer(database.db)
      await expect(
        sql`insert into spend_limits (customer_id, limit_kind, limit_pence, updated_at) values (${bob}, 'Amount', -1, now())`.execute(
          database.db,
        ),
      ).rejects.toThrow()
    })
  })
