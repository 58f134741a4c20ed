import { OrderStatus, pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeOrderRepo } from "./orders"
import { NOW, newBasket, newCustomer } from "./orders-fixtures"
import { makeSiteCreditLedger } from "./site-credit"

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * Buying site credit on a real database (PGlite and PostgreSQL,
 * docs/decisions/0038): an order's credit items, and the ledger's Purchase
 * entry at most once per order, whoever races to write it, down to the
 * unique index itself. Crediting and taking back through the port, once
 * each, is test/contracts/site-credit.contract.ts.
 */
export const siteCreditPurchasesSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const orders = () => makeOrderRepo(db())
    const ledger = () => makeSiteCreditLedger(db())

    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    /** A paid order that bought `amount` of credit and no tickets. */
    const creditOrder = async (amount: number) => {
      const customerId = await newCustomer(db())
      const basketId = await newBasket(db(), customerId)
      const { order } = await run(
        orders().createForBasket({
          basketId,
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }),
      )
      await run(
        orders().recordAllocation(order.id, {
          lines: [],
          itemTotal: pence(0),
          discountTotal: pence(0),
          donation: pence(0),
          siteCreditDebit: pence(0),
          orderTotal: pence(amount),
          exceptions: [],
          creditItems: [{ description: "Howzat Credit", lineTotal: pence(amount) }],
        }),
      )
      await run(orders().transition(order.id, OrderStatus.AwaitingPayment))
      return run(orders().transition(order.id, OrderStatus.Completed))
    }

    const purchaseEntries = (orderId: string) =>
      db()
        .selectFrom("siteCreditEntries")
        .select(["amountPence", "reason", "description"])
        .where("orderId", "=", orderId)
        .orderBy("createdAt")
        .execute()

    it("keeps an order's credit items, read back with the order and in the list", async () => {
      const order = await creditOrder(500)
      expect(order).toMatchObject({
        lines: [],
        creditItems: [{ description: "Howzat Credit", lineTotal: 500 }],
        orderTotal: 500,
      })
      const listed = await run(
        orders().list({ customerId: order.customerId, page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(listed.items[0]?.creditItems).toEqual([
        { description: "Howzat Credit", lineTotal: 500 },
      ])
    })

    it("credits a purchase once, however many racers", async () => {
      const order = await creditOrder(500)
      const credit = () =>
        run(ledger().creditForPurchase(order.customerId, order.id, pence(500), "Bought", NOW))
      const answers = await Promise.all([credit(), credit(), credit(), credit()])
      expect(answers.filter(Boolean)).toHaveLength(1)
      expect(await credit()).toBe(false)
      expect(await purchaseEntries(order.id)).toEqual([
        { amountPence: 500, reason: "Purchase", description: "Bought" },
      ])
      expect(await run(ledger().balance(order.customerId))).toBe(500)
      const statement = await run(
        ledger().entries(order.customerId, { pageNumber: 1, pageSize: 10 }),
      )
      expect(statement.items).toMatchObject([{ amount: 500, reason: "Purchase" }])
    })

    it("refuses a second Purchase entry for an order at the database itself", async () => {
      const order = await creditOrder(500)
      const insert = () =>
        sql`insert into site_credit_entries (customer_id, amount_pence, reason, order_id, created_at)
            values (${order.customerId}, 500, 'Purchase', ${order.id}, now())`.execute(db())
      await insert()
      await expect(insert()).rejects.toThrow()
      // A purchase always names its order and is worth something.
      await expect(
        sql`insert into site_credit_entries (customer_id, amount_pence, reason, created_at)
            values (${order.customerId}, 500, 'Purchase', now())`.execute(db()),
      ).rejects.toThrow()
    })
  })
