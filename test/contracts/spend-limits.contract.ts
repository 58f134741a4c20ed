import { SpendLimitStore } from "@howzat/core/ports"
import {
  changeSpendLimit,
  type OrderStatus,
  pence,
  type SpendLimit,
  type SpendLimitSetting,
  UNANSWERED,
} from "@howzat/core/rules"
import { arbitrarySpendLimit } from "@howzat/core/testing"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** What the spend-limit suite needs written before it asks: customers and their orders. */
export interface SpendLimitSeed {
  readonly customer: () => Promise<string>
  readonly order: (
    customerId: string,
    order: {
      readonly createdAt: Date
      readonly status: OrderStatus
      readonly orderTotal: number
      readonly siteCreditDebit: number
      readonly creditBought?: number
    },
  ) => Promise<string>
}

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 5, day, hour))

/**
 * The SpendLimitStore's promises (decision 0041): a setting reads back as the
 * rule decided it (never answered until saved), and the month's orders come
 * back with the credit bought on them, the order being priced left out.
 */
export const spendLimitStoreContract = (
  name: string,
  open: OpenHarness<SpendLimitStore, SpendLimitSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const store = <A, E>(use: (s: SpendLimitStore["Type"]) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(SpendLimitStore, use))
    /** The customer asks for `to`: the rule decides, the store keeps its answer. */
    const save = (customerId: string, from: SpendLimitSetting, to: SpendLimit, now: Date) => {
      const { setting, change } = changeSpendLimit(from, to, now)
      return store((s) => s.save(customerId, setting, { ...change, changedBy: "Customer" })).then(
        () => setting,
      )
    }

    it("answers unanswered until saved, then reads the setting back as saved", async () => {
      const ann = await seed().customer()
      expect(await store((s) => s.setting(ann))).toEqual(UNANSWERED)
      expect(await store((s) => s.setting("not-a-customer"))).toEqual(UNANSWERED)

      const first = await save(ann, UNANSWERED, { kind: "Amount", amount: pence(0) }, at(1))
      const raised = await save(ann, first, { kind: "NoLimit" }, at(2))
      expect(raised.pending?.appliesAt).toEqual(at(3))
      expect(await store((s) => s.setting(ann))).toEqual(raised)
      expect(await store((s) => s.settingForUpdate(ann))).toEqual(raised)
    })

    it("keeps whatever setting the rule decides, change after change", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(arbitrarySpendLimit(), fc.nat(2 * 86_400_000)), {
            minLength: 1,
            maxLength: 5,
          }),
          async (changes) => {
            const customerId = await seed().customer()
            let setting = UNANSWERED
            let now = at(1).getTime()
            for (const [to, after] of changes) {
              now += after
              setting = await save(customerId, setting, to, new Date(now))
            }
            expect(await store((s) => s.setting(customerId))).toEqual(setting)
          },
        ),
        { numRuns: 15 },
      )
    })

    it("reads the month's orders with credit bought, leaving out the one being priced", async () => {
      const cat = await seed().customer()
      const dan = await seed().customer()
      const order = seed().order
      // Exactly at the start of the month counts: the month is from `since`, inclusive.
      await order(cat, {
        createdAt: at(1, 0),
        status: "Completed",
        orderTotal: 1500,
        siteCreditDebit: 300,
        creditBought: 1000,
      })
      await order(cat, {
        createdAt: at(2),
        status: "Cancelled",
        orderTotal: 700,
        siteCreditDebit: 0,
      })
      await order(cat, {
        createdAt: at(2),
        status: "Refunded",
        orderTotal: 400,
        siteCreditDebit: 0,
      })
      const pricing = await order(cat, {
        createdAt: at(3),
        status: "AwaitingPayment",
        orderTotal: 0,
        siteCreditDebit: 0,
      })
      const lastMonth = new Date(Date.UTC(2026, 4, 31))
      await order(cat, {
        createdAt: lastMonth,
        status: "Completed",
        orderTotal: 999,
        siteCreditDebit: 0,
      })
      await order(dan, {
        createdAt: at(2),
        status: "Completed",
        orderTotal: 5000,
        siteCreditDebit: 0,
      })

      const month = await store((s) => s.ordersSince(cat, at(1, 0), pricing))
      expect(month).toEqual(
        expect.arrayContaining([
          { status: "Completed", orderTotal: 1500, siteCreditDebit: 300, creditBought: 1000 },
          { status: "Cancelled", orderTotal: 700, siteCreditDebit: 0, creditBought: 0 },
          { status: "Refunded", orderTotal: 400, siteCreditDebit: 0, creditBought: 0 },
        ]),
      )
      expect(month).toHaveLength(3)
      expect(await store((s) => s.ordersSince(cat, at(1, 0)))).toHaveLength(4)
      // Completed and Refunded orders were both completed once: a refund is no first-time buyer.
      expect(await store((s) => s.completedOrders(cat))).toBe(3)
      expect(await store((s) => s.completedOrders("not-a-customer"))).toBe(0)
      expect(await store((s) => s.ordersSince("not-a-customer", at(1, 0)))).toEqual([])
    })

    it("gives checkout in one read what the separate reads give", async () => {
      const eve = await seed().customer()
      await save(eve, UNANSWERED, { kind: "Amount", amount: pence(5000) }, at(1))
      await seed().order(eve, {
        createdAt: at(2),
        status: "Completed",
        orderTotal: 1200,
        siteCreditDebit: 0,
      })
      const pricing = await seed().order(eve, {
        createdAt: at(3),
        status: "AwaitingPayment",
        orderTotal: 800,
        siteCreditDebit: 0,
      })
      const position = await store((s) => s.positionForCheckout(eve, at(1, 0), pricing))
      expect(position).toEqual({
        siteCreditBalance: 0,
        setting: await store((s) => s.setting(eve)),
        completedOrders: await store((s) => s.completedOrders(eve)),
        ordersSince: await store((s) => s.ordersSince(eve, at(1, 0), pricing)),
      })
      expect(position.ordersSince).toHaveLength(1)
    })
  })
