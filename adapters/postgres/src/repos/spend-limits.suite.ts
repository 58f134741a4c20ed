import { pence } from "@howzat/core/rules/money"
import { changeSpendLimit, UNANSWERED } from "@howzat/core/rules/spend-limits"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { newCustomer } from "./orders-fixtures"
import { makeSpendLimitStore } from "./spend-limits"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 5, day, hour))

/**
 * Spend limits on a real database, what only the tables show: every change
 * lands in the history and the table refuses a negative limit. What the port
 * promises (settings read back, the month's orders) is the contract suite's,
 * run on every backend: test/contracts/spend-limits.contract.ts.
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
