import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database } from "../schema"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeHarmSignalFacts } from "./harm-signal-facts"
import { competitionOnSale, newBasket, newCustomer } from "./orders-fixtures"
import { makeResponsiblePlayEvents } from "./responsible-play-events"

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const NOW = new Date("2026-11-24T20:00:00Z")
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(NOW.getTime() - ms)

const order = async (
  db: Kysely<Database>,
  customerId: string,
  competitionId: string,
  o: {
    status: "Completed" | "Cancelled" | "AwaitingPayment"
    at: Date
    lines: number[]
    payment?: "Failed" | "Succeeded"
  },
) => {
  const { id } = await db
    .insertInto("orders")
    .values({
      basketId: await newBasket(db, customerId),
      customerId,
      status: o.status,
      createdAt: o.at,
      expiresAt: new Date(o.at.getTime() + DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  // One line per competition: each amount gets its own competition.
  for (const [i, pence] of o.lines.entries())
    await db
      .insertInto("orderLines")
      .values({
        orderId: id,
        competitionId: i === 0 ? competitionId : await competitionOnSale(db),
        quantityRequested: 1,
        quantity: 1,
        unitPricePence: pence,
        preDiscountTotalPence: pence,
        lineTotalPence: pence,
      })
      .execute()
  if (o.payment)
    await db
      .insertInto("payments")
      .values({
        orderId: id,
        amountPence: 100,
        status: o.payment,
        provider: "sandbox",
        providerReference: `ref-${randomUUID()}`,
        clientToken: null,
        failureDetail: o.payment === "Failed" ? "Declined" : null,
        updatedAt: o.at,
      })
      .execute()
  return id
}

/**
 * What harm signals are read from, on a real database: the log's evidence
 * and reviews, completed orders' ticket spend (not cancelled ones), and
 * failed card payments, each within the window asked for.
 */
export const harmSignalFactsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const facts = () => makeHarmSignalFacts(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("gathers a customer's evidence, spend, failed payments and reviews since the window's start", async () => {
      const customer = await newCustomer(db())
      const competition = await competitionOnSale(db())
      const log = makeResponsiblePlayEvents(db())
      await run(
        log.record({ customerId: customer, kind: "SpendLimitReached", at: ago(DAY), detail: {} }),
      )
      await run(
        log.record({
          customerId: customer,
          kind: "SpendLimitReached",
          at: ago(200 * DAY),
          detail: {},
        }),
      )
      await run(
        log.record({
          customerId: customer,
          kind: "SpendLimitChanged",
          at: ago(2 * DAY),
          detail: { from: 100, to: null },
        }),
      )
      await run(
        log.record({
          customerId: customer,
          kind: "HarmSignalReviewed",
          at: ago(DAY / 2),
          detail: { signals: ["SpendVelocity"], note: "Checked", reviewedBy: "u-1" },
        }),
      )
      await order(db(), customer, competition, {
        status: "Completed",
        at: ago(3 * DAY),
        lines: [500, 250],
      })
      await order(db(), customer, competition, {
        status: "Cancelled",
        at: ago(3 * DAY),
        lines: [9999],
      })
      await order(db(), customer, competition, {
        status: "AwaitingPayment",
        at: ago(DAY),
        lines: [100],
        payment: "Failed",
      })

      const since = ago(100 * DAY)
      expect(await run(facts().candidates(since))).toContain(customer)
      const gathered = (
        await run(facts().factsOf([customer, "not-a-uuid", randomUUID()], since))
      ).get(customer)
      expect(gathered?.customer).toMatchObject({
        customerId: customer,
        name: expect.stringContaining("Test"),
      })
      expect(gathered?.facts.limitReached).toEqual([ago(DAY)])
      expect(gathered?.facts.limitChanges).toEqual([
        { at: ago(2 * DAY), detail: { from: 100, to: null } },
      ])
      expect(gathered?.facts.spends).toEqual([{ at: ago(3 * DAY), pence: 750 }])
      expect(gathered?.facts.failedPayments).toEqual([ago(DAY)])
      expect(gathered?.facts.reviews).toEqual([{ at: ago(DAY / 2), signals: ["SpendVelocity"] }])
      expect(gathered?.reviews).toEqual([
        { at: ago(DAY / 2), signals: ["SpendVelocity"], note: "Checked", by: "u-1" },
      ])
    })

    it("leaves out customers with nothing in the window", async () => {
      const quiet = await newCustomer(db())
      const log = makeResponsiblePlayEvents(db())
      await run(
        log.record({
          customerId: quiet,
          kind: "SpendLimitReached",
          at: ago(400 * DAY),
          detail: {},
        }),
      )
      expect(await run(facts().candidates(ago(100 * DAY)))).not.toContain(quiet)
      expect((await run(facts().factsOf([], ago(DAY)))).size).toBe(0)
    })
  })
