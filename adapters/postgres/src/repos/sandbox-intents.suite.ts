import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../schema"
import { makeSandboxIntentStore } from "./sandbox-intents"

export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

const newIntent = () => {
  const id = randomUUID()
  return {
    idempotencyKey: `key-${id}`,
    providerReference: `sbx_pi_${id}`,
    clientToken: `sbx_ct_${id}`,
    orderId: randomUUID(),
    amountPence: 1250,
    creditCardsAllowed: false,
    creditCardNotice: "Credit cards can't be used for instant win competitions.",
  }
}

const settlement = (status: "Succeeded" | "Failed") => ({
  status,
  failureDetail: status === "Failed" ? "Your card was declined." : null,
  eventId: `sbx_evt_${randomUUID()}`,
  settledAt: new Date("2026-11-23T09:30:00Z"),
})

export const sandboxIntentsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const store = () => makeSandboxIntentStore(database.db)
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    beforeAll(async () => {
      database = await open()
    })
    afterAll(() => database?.close())

    it("creates a pending intent and finds it by reference and by client token", async () => {
      const intent = newIntent()
      const created = await run(store().create(intent))
      expect(created).toEqual({
        providerReference: intent.providerReference,
        clientToken: intent.clientToken,
        orderId: intent.orderId,
        amountPence: 1250,
        status: "Pending",
        failureDetail: null,
        eventId: null,
        cardFingerprint: null,
        cardFunding: null,
        creditCardsAllowed: false,
        creditCardNotice: intent.creditCardNotice,
        refund: null,
      })
      expect(await run(store().byReference(intent.providerReference))).toEqual(created)
      expect(await run(store().byClientToken(intent.clientToken))).toEqual(created)
      expect(await run(store().byReference("sbx_pi_unknown"))).toBeUndefined()
      expect(await run(store().byClientToken("sbx_ct_unknown"))).toBeUndefined()
    })

    it("the same idempotency key answers the first intent, even when created at once", async () => {
      const first = newIntent()
      const racers = Array.from({ length: 8 }, () => ({
        ...newIntent(),
        idempotencyKey: first.idempotencyKey,
      }))
      const answers = await Promise.all([first, ...racers].map((i) => run(store().create(i))))
      expect(new Set(answers.map((a) => a.providerReference)).size).toBe(1)
      const count = await database.db
        .selectFrom("sandboxPaymentIntents")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("idempotencyKey", "=", first.idempotencyKey)
        .executeTakeFirstOrThrow()
      expect(Number(count.n)).toBe(1)
    })

    it("keeps the kind of card that paid (decision 0042)", async () => {
      const intent = newIntent()
      await run(store().create(intent))
      const paid = await run(
        store().settle(intent.providerReference, {
          ...settlement("Succeeded"),
          cardFunding: "Debit",
        }),
      )
      expect(paid.cardFunding).toBe("Debit")
      expect((await run(store().byClientToken(intent.clientToken)))?.cardFunding).toBe("Debit")
    })

    it("settles once: a later or racing settlement answers the first outcome", async () => {
      const intent = newIntent()
      await run(store().create(intent))
      const outcomes = await Promise.all(
        (["Succeeded", "Failed", "Succeeded", "Failed"] as const).map((status) =>
          run(store().settle(intent.providerReference, settlement(status))),
        ),
      )
      const [winner] = outcomes
      expect(winner?.status).not.toBe("Pending")
      for (const outcome of outcomes) expect(outcome).toEqual(winner)
      const late = await run(store().settle(intent.providerReference, settlement("Failed")))
      expect(late).toEqual(winner)
      expect(await run(store().byReference(intent.providerReference))).toEqual(winner)
    })

    const refundOf = (idempotencyKey: string, amountPence = 1250) => ({
      refundReference: `sbx_re_${randomUUID()}`,
      idempotencyKey,
      amountPence,
      refundedAt: new Date("2026-11-23T09:45:00Z"),
    })

    it("refunds a succeeded intent once: racing refunds all answer the winner's", async () => {
      const intent = newIntent()
      await run(store().create(intent))
      const racers = ["key-a", "key-b", "key-a", "key-c"].map((key) => refundOf(key))
      const answers = await Promise.all(
        racers.map((r) => run(store().refund(intent.providerReference, r))),
      )
      // Not succeeded yet: nothing to give back, whoever asks.
      for (const answer of answers) expect(answer.refund).toBeNull()

      await run(store().settle(intent.providerReference, settlement("Succeeded")))
      const refunded = await Promise.all(
        racers.map((r) => run(store().refund(intent.providerReference, r))),
      )
      const [winner] = refunded
      expect(winner?.refund).not.toBeNull()
      for (const answer of refunded) expect(answer).toEqual(winner)
      expect(racers.map((r) => r.refundReference)).toContain(winner?.refund?.refundReference)
      expect(await run(store().byReference(intent.providerReference))).toEqual(winner)
      expect(winner?.status).toBe("Succeeded")
    })

    it("never refunds a failed intent, nor more than was paid", async () => {
      const failed = newIntent()
      await run(store().create(failed))
      await run(store().settle(failed.providerReference, settlement("Failed")))
      expect((await run(store().refund(failed.providerReference, refundOf("k")))).refund).toBeNull()

      const paid = newIntent()
      await run(store().create(paid))
      await run(store().settle(paid.providerReference, settlement("Succeeded")))
      await expect(
        run(store().refund(paid.providerReference, refundOf("k", 1251))),
      ).rejects.toThrow()
      expect((await run(store().byReference(paid.providerReference)))?.refund).toBeNull()
    })

    it("the table refuses a settled intent without its event id or a failure without a reason", async () => {
      const intent = newIntent()
      await run(store().create(intent))
      const attempt = (set: Record<string, unknown>) =>
        database.db
          .updateTable("sandboxPaymentIntents")
          .set(set)
          .where("providerReference", "=", intent.providerReference)
          .execute()
      await expect(attempt({ status: "Succeeded", settledAt: new Date() })).rejects.toThrow()
      await expect(
        attempt({ status: "Failed", settledAt: new Date(), eventId: "e1" }),
      ).rejects.toThrow()
    })
  })
