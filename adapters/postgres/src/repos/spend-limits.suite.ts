import { pence } from "@howzat/core/rules/money"
import { changeSpendLimit, UNANSWERED } from "@howzat/core/rules/spend-limits"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { newBasket, newCustomer } from "./orders-fixtures"
import { makeSpendLimitStore } from "./spend-limits"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 5, day, hour))

/**
 * Spend limits on a real database: a setting (amount, no limit, a pending
 * raise) reads back as saved, every change lands in the history, and the
 * month's orders come back with the credit bought on them.
 */
export const spendLimitsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const store = () => makeSpendLimitStore(database.db)

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    const order = async (
      customerId: string,
      createdAt: Date,
      status: "AwaitingPayment" | "Completed" | "Cancelled",
      totals: { orderTotal: number; siteCreditDebit: number; creditBought?: number },
    ) => {
      const basketId = await newBasket(database.db, customerId)
      const { id } = await database.db
        .insertInto("orders")
        .values({
          basketId,
          customerId,
          status,
          orderTotalPence: totals.orderTotal,
          siteCreditDebitPence: totals.siteCreditDebit,
          allocationExceptions: "[]",
          createdAt,
          expiresAt: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      if (totals.creditBought)
        await database.db
          .insertInto("orderCreditItems")
          .values({
            orderId: id,
            position: 0,
            description: "Site credit",
            lineTotalPence: totals.creditBought,
          })
          .execute()
      return id
    }

    it("answers unanswered until saved, then reads the setting and history back", async () => {
      const ann = await newCustomer(database.db)
      expect(await run(store().setting(ann))).toEqual(UNANSWERED)
      expect(await run(store().setting("not-a-uuid"))).toEqual(UNANSWERED)

      const first = changeSpendLimit(UNANSWERED, { kind: "Amount", amount: pence(0) }, at(1))
      await run(store().save(ann, first.setting, { ...first.change, changedBy: "Customer" }))
      const raise = changeSpendLimit(first.setting, { kind: "NoLimit" }, at(2))
      await run(store().save(ann, raise.setting, { ...raise.change, changedBy: "Customer" }))

      expect(await run(store().settingForUpdate(ann))).toEqual(raise.setting)
      expect(raise.setting.pending?.appliesAt).toEqual(at(3))
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

    it("reads the month's orders with credit bought, leaving out the one being priced", async () => {
      const cat = await newCustomer(database.db)
      await order(cat, at(1), "Completed", {
        orderTotal: 1500,
        siteCreditDebit: 300,
        creditBought: 1000,
      })
      await order(cat, at(2), "Cancelled", { orderTotal: 700, siteCreditDebit: 0 })
      const pricing = await order(cat, at(3), "AwaitingPayment", {
        orderTotal: 0,
        siteCreditDebit: 0,
      })
      await order(cat, new Date(Date.UTC(2026, 4, 31)), "Completed", {
        orderTotal: 999,
        siteCreditDebit: 0,
      })

      const month = await run(store().ordersSince(cat, at(1, 0), pricing))
      expect(month).toEqual(
        expect.arrayContaining([
          { status: "Completed", orderTotal: 1500, siteCreditDebit: 300, creditBought: 1000 },
          { status: "Cancelled", orderTotal: 700, siteCreditDebit: 0, creditBought: 0 },
        ]),
      )
      expect(month).toHaveLength(2)
      expect(await run(store().completedOrders(cat))).toBe(2)
      expect(await run(store().completedOrders("not-a-uuid"))).toBe(0)
    })
  })
