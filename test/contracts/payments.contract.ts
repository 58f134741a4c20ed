import {
  type NewPayment,
  type Payment,
  type PaymentOutcome,
  PaymentRepo,
  type PaymentRepoShape,
} from "@howzat/core/ports"
import type { OrderStatus } from "@howzat/core/rules"
import {
  type PaymentStatus,
  pence,
  refundMoves,
  settleMoves,
  statusAfterSettle,
  statusAfterSettles,
} from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** Orders of new customers to pay for; payments are made through the port itself. */
export interface PaymentsSeed {
  /** A new customer's order, in `status`; answers its id. */
  readonly order: (status: OrderStatus) => Promise<string>
}

const NOW = new Date("2026-06-15T12:00:00Z")
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
let references = 0
/** A provider reference (or event id, or provider) no other test, run or backend has used. */
const unique = (prefix: string) => {
  references += 1
  return `${prefix}_${references}_${Date.now()}`
}

/**
 * The PaymentRepo port's contract (decisions 0011, 0029, 0042): one payment
 * per provider intent, settled once (a success beats a failure, Refunded is
 * final: core's status machine, rules/payment-status, which the adapter's
 * SQL takes its status lists from), one refund per payment made once, the
 * retry and void passes' lists, and notifications remembered once. Rollbacks and racing processes are the
 * database's own tests (payments.database.ts).
 */
export const paymentsContract = (name: string, open: OpenHarness<PaymentRepo, PaymentsSeed>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const payments = <A, E>(use: (repo: PaymentRepoShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(PaymentRepo, use))
    const failureOf = async <A, E>(use: (repo: PaymentRepoShape) => Effect.Effect<A, E>) => {
      const result = await payments((repo) => Effect.either(use(repo)))
      return Either.isLeft(result) ? result.left : undefined
    }

    const newPayment = (orderId: string, overrides: Partial<NewPayment> = {}): NewPayment => ({
      orderId,
      amount: pence(1_250),
      provider: "sandbox",
      providerReference: unique("pi"),
      clientToken: unique("secret"),
      createdAt: NOW,
      ...overrides,
    })
    const record = async (
      status: OrderStatus = "AwaitingPayment",
      overrides: Partial<NewPayment> = {},
    ) => {
      const orderId = await seed().order(status)
      return payments((repo) => repo.record(newPayment(orderId, overrides)))
    }
    const paid = async (status: OrderStatus = "Cancelled") => {
      const made = await record(status)
      return payments((repo) =>
        Effect.map(repo.settle(made.id, { status: "Succeeded" }, NOW), (s) => s.payment),
      )
    }
    const due = (payment: Payment, at = NOW) => ({
      paymentId: payment.id,
      orderId: payment.orderId,
      amount: payment.amount,
      reason: "OrderCancelled" as const,
      at,
    })

    it("records one payment per provider and reference, however often it is recorded", async () => {
      const orderId = await seed().order("AwaitingPayment")
      const intent = newPayment(orderId, { creditCardNotice: "Credit cards cannot pay for this." })
      const first = await payments((repo) => repo.record(intent))
      expect(first).toEqual({
        id: expect.any(String),
        orderId,
        amount: 1_250,
        status: "Pending",
        provider: "sandbox",
        providerReference: intent.providerReference,
        clientToken: intent.clientToken,
        failureDetail: null,
        createdAt: NOW,
        cardFunding: null,
        creditCardNotice: "Credit cards cannot pay for this.",
      })
      // A second tab holding the same intent is answered with the first record.
      expect(await payments((repo) => repo.record({ ...intent, clientToken: "another" }))).toEqual(
        first,
      )
      // Another provider's reference is another payment, even if the text matches.
      const other = await payments((repo) =>
        repo.record({ ...intent, provider: "stripe", createdAt: new Date(NOW.getTime() + MINUTE) }),
      )
      expect(other.id).not.toBe(first.id)
      expect(other.creditCardNotice).toBe("Credit cards cannot pay for this.")
      expect((await payments((repo) => repo.forOrder(orderId))).map((p) => p.id)).toEqual([
        first.id,
        other.id,
      ])
      const plain = await record()
      expect(plain.creditCardNotice).toBeNull()
    })

    it("lists an order's attempts oldest first and finds one by provider reference", async () => {
      const orderId = await seed().order("AwaitingPayment")
      const later = await payments((repo) =>
        repo.record(newPayment(orderId, { createdAt: new Date(NOW.getTime() + MINUTE) })),
      )
      const earlier = await payments((repo) => repo.record(newPayment(orderId)))
      expect((await payments((repo) => repo.forOrder(orderId))).map((p) => p.id)).toEqual([
        earlier.id,
        later.id,
      ])
      expect(
        await payments((repo) => repo.byProviderReference("sandbox", later.providerReference)),
      ).toEqual(later)
      expect(
        await payments((repo) => repo.byProviderReference("stripe", later.providerReference)),
      ).toBeNull()
      expect(await payments((repo) => repo.byProviderReference("sandbox", "pi_never"))).toBeNull()
      const unpaid = await seed().order("Pending")
      expect(await payments((repo) => repo.forOrder(unpaid))).toEqual([])
      expect(await payments((repo) => repo.forOrder("not-an-id"))).toEqual([])
    })

    it("settles once: the first outcome wins, a success beats a failure, the token goes", async () => {
      const settle = (id: string, outcome: PaymentOutcome) =>
        payments((repo) => repo.settle(id, outcome, NOW))
      const made = await record()
      const succeeded = await settle(made.id, { status: "Succeeded", cardFunding: "Debit" })
      expect(succeeded).toEqual({
        payment: {
          ...made,
          status: "Succeeded",
          clientToken: null,
          failureDetail: null,
          cardFunding: "Debit",
        },
        changed: true,
      })
      // A later word changes nothing, and says so: only the call that moved it counts it.
      const late = await settle(made.id, { status: "Failed", failureDetail: "card declined" })
      expect(late).toEqual({ payment: succeeded.payment, changed: false })
      expect(await settle(made.id, { status: "Succeeded" })).toEqual(late)
      expect(await payments((repo) => repo.forOrder(made.orderId))).toEqual([succeeded.payment])

      const declined = await record()
      const failed = await settle(declined.id, { status: "Failed", failureDetail: "card declined" })
      expect(failed).toEqual({
        payment: {
          ...declined,
          status: "Failed",
          failureDetail: "card declined",
          clientToken: null,
          cardFunding: null,
        },
        changed: true,
      })
      expect(await settle(declined.id, { status: "Failed", failureDetail: "other words" })).toEqual(
        { payment: failed.payment, changed: false },
      )
      // The provider kept the declined intent open and a card paid it after all: money moved.
      const paidLate = await settle(declined.id, { status: "Succeeded" })
      expect(paidLate).toMatchObject({
        payment: { status: "Succeeded", failureDetail: null, cardFunding: "Unknown" },
        changed: true,
      })
    })

    it("fails, as a RepositoryError, on a payment or refund it does not have", async () => {
      for (const id of ["no-such-payment", "00000000-0000-4000-8000-000000000000"]) {
        const settled = await failureOf((repo) => repo.settle(id, { status: "Succeeded" }, NOW))
        expect(settled).toMatchObject({ _tag: "RepositoryError" })
        const refused = await failureOf((repo) => repo.refuseCard(id, "Not a credit card", NOW))
        expect(refused).toMatchObject({ _tag: "RepositoryError" })
        const refund = await failureOf((repo) =>
          repo.refundDue({
            paymentId: id,
            orderId: id,
            amount: pence(1),
            reason: "StaffRefund",
            at: NOW,
          }),
        )
        expect(refund).toMatchObject({ _tag: "RepositoryError" })
      }
      // A payment with no refund due cannot have been refunded.
      const unrefunded = await paid()
      expect(await failureOf((repo) => repo.refunded(unrefunded.id, "re_x", NOW))).toMatchObject({
        _tag: "RepositoryError",
      })
      expect((await payments((repo) => repo.forOrder(unrefunded.orderId)))[0]?.status).toBe(
        "Succeeded",
      )
    })

    it("refuses a card with the customer's words and leaves the payment's status", async () => {
      const payment = await paid("AwaitingPayment")
      const refused = await payments((repo) =>
        repo.refuseCard(payment.id, "Credit cards cannot pay for instant wins.", NOW),
      )
      expect(refused).toEqual({
        ...payment,
        failureDetail: "Credit cards cannot pay for instant wins.",
      })
      expect(await payments((repo) => repo.forOrder(payment.orderId))).toEqual([refused])
    })

    it("remembers a notification once per provider: a replay answers false", async () => {
      const eventId = unique("evt")
      expect(await payments((repo) => repo.rememberNotification("sandbox", eventId, NOW))).toBe(
        true,
      )
      expect(await payments((repo) => repo.rememberNotification("sandbox", eventId, NOW))).toBe(
        false,
      )
      expect(await payments((repo) => repo.rememberNotification("stripe", eventId, NOW))).toBe(true)
    })

    it("records a refund due once per payment, with its intent, and lists it on the order", async () => {
      const payment = await paid()
      const first = await payments((repo) => repo.refundDue(due(payment)))
      expect(first).toEqual({
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: 1_250,
        reason: "OrderCancelled",
        status: "Due",
        provider: "sandbox",
        providerReference: payment.providerReference,
        providerRefundReference: null,
        attempts: 0,
        lastError: null,
        dueAt: NOW,
        retryAt: NOW,
        refundedAt: null,
      })
      const again = await payments((repo) =>
        repo.refundDue({
          ...due(payment, new Date(NOW.getTime() + MINUTE)),
          reason: "OrderExpired",
        }),
      )
      expect(again).toEqual(first)
      expect(await payments((repo) => repo.refundsForOrder(payment.orderId))).toEqual([first])
      expect(await payments((repo) => repo.refundsForOrder("not-an-id"))).toEqual([])
    })

    it("lists an order's refunds oldest first", async () => {
      const orderId = await seed().order("Cancelled")
      const settled = async (createdAt: Date) => {
        const made = await payments((repo) => repo.record(newPayment(orderId, { createdAt })))
        return payments((repo) =>
          Effect.map(repo.settle(made.id, { status: "Succeeded" }, createdAt), (s) => s.payment),
        )
      }
      const first = await settled(NOW)
      const second = await settled(new Date(NOW.getTime() + MINUTE))
      // Recorded latest-due first, so the answer's order is the due times', not the calls'.
      await payments((repo) => repo.refundDue(due(first, new Date(NOW.getTime() + 2 * HOUR))))
      await payments((repo) => repo.refundDue(due(second, new Date(NOW.getTime() + HOUR))))
      await payments((repo) => repo.refundDue(due(first, NOW)))
      expect(
        (await payments((repo) => repo.refundsForOrder(orderId))).map((r) => r.paymentId),
      ).toEqual([second.id, first.id])
    })

    it("counts failed attempts with when and why, and stays due, not before its retry time", async () => {
      const payment = await paid()
      await payments((repo) => repo.refundDue(due(payment)))
      const retryAt = new Date(NOW.getTime() + HOUR)
      const failedAt = new Date(NOW.getTime() + 1)
      await payments((repo) =>
        repo.refundAttemptFailed(payment.id, {
          error: "The provider answered 502.",
          at: NOW,
          retryAt: new Date(NOW.getTime() + MINUTE),
        }),
      )
      const [once] = await payments((repo) => repo.refundsForOrder(payment.orderId))
      expect(once?.lastError).toBe(`${NOW.toISOString()} The provider answered 502.`)
      await payments((repo) =>
        repo.refundAttemptFailed(payment.id, { error: "x".repeat(5_000), at: failedAt, retryAt }),
      )
      const [refund] = await payments((repo) => repo.refundsForOrder(payment.orderId))
      expect(refund).toMatchObject({ status: "Due", attempts: 2, retryAt, dueAt: NOW })
      // Enough for staff, never a provider's page of HTML.
      expect(refund?.lastError).toBe(`${failedAt.toISOString()} ${"x".repeat(475)}`)
      const dueBy = async (at: Date) =>
        (await payments((repo) => repo.refundsDue(at, 10_000))).map((r) => r.paymentId)
      expect(await dueBy(new Date(retryAt.getTime() - 1))).not.toContain(payment.id)
      expect(await dueBy(retryAt)).toContain(payment.id)
      // A payment with no refund due: nothing to count.
      const other = await paid()
      await payments((repo) =>
        repo.refundAttemptFailed(other.id, { error: "late", at: NOW, retryAt: NOW }),
      )
      expect(await payments((repo) => repo.refundsForOrder(other.orderId))).toEqual([])
    })

    it("marks the refund and its payment Refunded together, once, and for good", async () => {
      const payment = await paid()
      await payments((repo) => repo.refundDue(due(payment)))
      const later = new Date(NOW.getTime() + MINUTE)
      const done = await payments((repo) => repo.refunded(payment.id, "re_1", later))
      expect(done).toMatchObject({
        status: "Refunded",
        providerRefundReference: "re_1",
        refundedAt: later,
        attempts: 0,
      })
      expect(await payments((repo) => repo.forOrder(payment.orderId))).toEqual([
        { ...payment, status: "Refunded" },
      ])
      // A racing process's late answer changes nothing.
      expect(await payments((repo) => repo.refunded(payment.id, "re_2", NOW))).toEqual(done)
      await payments((repo) =>
        repo.refundAttemptFailed(payment.id, { error: "late", at: NOW, retryAt: NOW }),
      )
      expect(await payments((repo) => repo.refundsForOrder(payment.orderId))).toEqual([done])
      expect(await payments((repo) => repo.refundDue(due(payment)))).toEqual(done)
      // Refunded is final: no provider's word brings the payment back.
      for (const outcome of [
        { status: "Succeeded" },
        { status: "Failed", failureDetail: "declined" },
      ] as const) {
        expect(
          (await payments((repo) => repo.settle(payment.id, outcome, NOW))).payment.status,
        ).toBe("Refunded")
      }
    })

    it("lists due refunds earliest first, as many as asked, without the ones made", async () => {
      const refunds = []
      for (let i = 0; i < 3; i++) {
        const payment = await paid()
        refunds.push(
          await payments((repo) =>
            repo.refundDue(due(payment, new Date(NOW.getTime() - (i + 1) * DAY))),
          ),
        )
      }
      const [newest, middle, oldest] = refunds
      if (newest === undefined || middle === undefined || oldest === undefined) throw new Error()
      await payments((repo) => repo.refunded(middle.paymentId, "re_done", NOW))
      const listed = (await payments((repo) => repo.refundsDue(NOW, 10_000))).map(
        (r) => r.paymentId,
      )
      expect(listed).toContain(newest.paymentId)
      expect(listed).not.toContain(middle.paymentId)
      expect(listed.indexOf(oldest.paymentId)).toBeLessThan(listed.indexOf(newest.paymentId))
      const retryTimes = (await payments((repo) => repo.refundsDue(NOW, 10_000))).map((r) =>
        r.retryAt.getTime(),
      )
      expect(retryTimes).toEqual([...retryTimes].sort((a, b) => a - b))
      expect(await payments((repo) => repo.refundsDue(NOW, 1))).toHaveLength(1)
      expect(await payments((repo) => repo.refundsDue(NOW, 0))).toEqual([])
      expect(await payments((repo) => repo.refundsDue(NOW, -1))).toEqual([])
    })

    it("finds one provider's pending payments on cancelled or expired orders, and no others", async () => {
      // Its own provider names, so only this test's payments are listed.
      const sandbox = unique("sandbox")
      const stripe = unique("stripe")
      const pendingOn = async (status: OrderStatus, provider = sandbox) =>
        record(status, { provider, amount: pence(500) })
      const cancelled = await pendingOn("Cancelled")
      const expired = await pendingOn("SystemCancelled")
      await pendingOn("AwaitingPayment")
      await pendingOn("Completed")
      const settled = await pendingOn("Cancelled")
      const elsewhere = await pendingOn("Cancelled", stripe)
      await payments((repo) =>
        repo.settle(settled.id, { status: "Failed", failureDetail: "voided" }, NOW),
      )
      const listed = async (provider: string, at = NOW, limit = 10) =>
        (await payments((repo) => repo.pendingOnClosedOrders(provider, at, limit))).map(
          (open) => [open.payment.id, open.voidAttempts] as const,
        )
      expect(new Set(await listed(sandbox))).toEqual(
        new Set([
          [cancelled.id, 0],
          [expired.id, 0],
        ]),
      )
      expect(await listed(stripe)).toEqual([[elsewhere.id, 0]])
      expect(await listed(sandbox, new Date(NOW.getTime() - MINUTE))).toEqual([])
      expect(await listed(sandbox, NOW, 1)).toHaveLength(1)
      expect(await listed(sandbox, NOW, 0)).toEqual([])
      const [open] = await payments((repo) => repo.pendingOnClosedOrders(stripe, NOW, 10))
      expect(open?.payment).toEqual(elsewhere)
    })

    it("leaves a put-off void until its retry time, then lists it behind those waiting longer", async () => {
      const provider = unique("provider")
      const pendingOn = (createdAt: Date) => record("Cancelled", { provider, createdAt })
      const stuck = await pendingOn(new Date(NOW.getTime() - HOUR))
      const waiting = await pendingOn(new Date(NOW.getTime() - MINUTE))
      const listed = async (at: Date) =>
        (await payments((repo) => repo.pendingOnClosedOrders(provider, at, 10))).map((open) => [
          open.payment.id,
          open.voidAttempts,
        ])
      expect(await listed(NOW)).toEqual([
        [stuck.id, 0],
        [waiting.id, 0],
      ])
      await payments((repo) => repo.voidPutOff(stuck.id, new Date(NOW.getTime() + 2 * MINUTE)))
      expect(await listed(NOW)).toEqual([[waiting.id, 0]])
      expect(await listed(new Date(NOW.getTime() + 2 * MINUTE))).toEqual([
        [waiting.id, 0],
        [stuck.id, 1],
      ])
      await payments((repo) => repo.voidPutOff(stuck.id, new Date(NOW.getTime() + 5 * MINUTE)))
      expect(await listed(new Date(NOW.getTime() + 5 * MINUTE))).toEqual([
        [waiting.id, 0],
        [stuck.id, 2],
      ])
    })

    it("settles and refunds once, whatever the provider says and however often", async () => {
      const word: fc.Arbitrary<PaymentOutcome> = fc.oneof(
        fc.constant({ status: "Succeeded" } as const),
        fc.constantFrom("declined", "expired card").map((failureDetail) => ({
          status: "Failed" as const,
          failureDetail,
        })),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.array(word, { maxLength: 5 }),
          fc.nat({ max: 3 }),
          async (words, refunds) => {
            const made = await record("Cancelled")
            const changed: boolean[] = []
            for (const outcome of words) {
              changed.push((await payments((repo) => repo.settle(made.id, outcome, NOW))).changed)
            }
            // Each call says whether it moved the payment: out of Pending, or a failure to a success.
            let status: string = "Pending"
            const moved = words.map((w) => {
              const moves =
                status === "Pending" || (status === "Failed" && w.status === "Succeeded")
              if (moves) status = w.status
              return moves
            })
            expect(changed).toEqual(moved)
            // The model: the first failure stands until any success, which stands for good.
            const firstFailure = words.find((w) => w.status === "Failed")
            const succeeded = words.some((w) => w.status === "Succeeded")
            const expected = succeeded
              ? { status: "Succeeded", failureDetail: null }
              : firstFailure === undefined
                ? { status: "Pending", failureDetail: null }
                : { status: "Failed", failureDetail: firstFailure.failureDetail }
            const [settled] = await payments((repo) => repo.forOrder(made.orderId))
            expect(settled).toMatchObject(expected)
            if (!succeeded || settled === undefined) return
            for (let i = 0; i < refunds; i++) {
              await payments((repo) => repo.refundDue(due(settled)))
              await payments((repo) => repo.refunded(settled.id, `re_${i}`, NOW))
            }
            const refundsMade = await payments((repo) => repo.refundsForOrder(made.orderId))
            expect(refundsMade).toHaveLength(refunds > 0 ? 1 : 0)
            if (refunds > 0) expect(refundsMade[0]?.providerRefundReference).toBe("re_0")
            const [after] = await payments((repo) => repo.forOrder(made.orderId))
            expect(after?.status).toBe(refunds > 0 ? "Refunded" : "Succeeded")
          },
        ),
        { numRuns: 12 },
      )
    })

    it("settles by core's status machine whatever order the words arrive in, a refund among them", async () => {
      // The webhook, the browser's return and the status sweep can each bring any of these.
      type Step = "Refund" | PaymentOutcome
      const succeeded = { status: "Succeeded", cardFunding: "Credit" } as const
      const declined = { status: "Failed", failureDetail: "declined" } as const
      /** Every order of every choice of `left`. */
      const arrivals = (left: readonly Step[]): Step[][] => [
        [],
        ...left.flatMap((word, i) =>
          arrivals([...left.slice(0, i), ...left.slice(i + 1)]).map((rest) => [word, ...rest]),
        ),
      ]
      const runs = [
        // Two words of each kind (65 runs): the first failure's words and the first card stand.
        ...arrivals([
          succeeded,
          declined,
          { status: "Succeeded", cardFunding: "Debit" },
          { status: "Failed", failureDetail: "expired card" },
        ]),
        // A refund the provider made, before, between and after the words (the 11 runs with one).
        // The refund due is recorded, then made; it moves only what core's refundMoves allows.
        ...arrivals([succeeded, declined, "Refund"]).filter((run) => run.includes("Refund")),
      ]
      const endings = new Map<string, PaymentStatus>()
      for (const arrived of runs) {
        const made = await record()
        let before: Payment = made
        for (const word of arrived) {
          if (word === "Refund") {
            await payments((repo) => repo.refundDue(due(before)))
            await payments((repo) => repo.refunded(made.id, unique("re"), NOW))
            before = { ...before, status: refundMoves(before.status) ? "Refunded" : before.status }
            continue
          }
          const settled = await payments((repo) => repo.settle(made.id, word, NOW))
          const moves = settleMoves(before.status, word.status)
          const context = `${before.status} then ${JSON.stringify(word)} in ${JSON.stringify(arrived)}`
          expect(settled.changed, context).toBe(moves)
          expect(settled.payment.status, context).toBe(
            statusAfterSettle(before.status, word.status),
          )
          // A word the machine does not take changes nothing at all; one it takes brings its details.
          expect(settled.payment, context).toEqual(
            moves
              ? {
                  ...before,
                  status: word.status,
                  clientToken: null,
                  failureDetail: word.status === "Failed" ? word.failureDetail : null,
                  cardFunding: word.status === "Succeeded" ? (word.cardFunding ?? "Unknown") : null,
                }
              : before,
          )
          before = settled.payment
        }
        // What the store keeps is what its last answer said.
        expect(await payments((repo) => repo.forOrder(made.orderId))).toEqual([before])
        if (arrived.includes("Refund")) continue
        const settleWords = arrived.flatMap((w) => (w === "Refund" ? [] : [w.status]))
        expect(before.status).toBe(statusAfterSettles(settleWords))
        // The same words in another order end in the same status.
        const key = JSON.stringify(arrived.map((w) => JSON.stringify(w)).sort())
        const ending = endings.get(key)
        if (ending === undefined) endings.set(key, before.status)
        else expect(before.status, key).toBe(ending)
      }
    })

    it("reads a page of orders' payments as forOrder reads each, in one call", async () => {
      // Some attempts share an instant: the tie must break as forOrder breaks it.
      const attempt = fc.record({
        minutes: fc.integer({ min: 0, max: 2 }),
        outcome: fc.constantFrom("Pending", "Succeeded", "Failed"),
      })
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(attempt, { maxLength: 3 }), { maxLength: 4 }),
          fc.boolean(),
          fc.boolean(),
          async (orders, unknown, repeated) => {
            const ids: string[] = []
            for (const attempts of orders) {
              const orderId = await seed().order("AwaitingPayment")
              ids.push(orderId)
              for (const { minutes, outcome } of attempts) {
                const at = new Date(NOW.getTime() + minutes * MINUTE)
                const made = await payments((repo) =>
                  repo.record(newPayment(orderId, { createdAt: at })),
                )
                if (outcome === "Succeeded") {
                  await payments((repo) => repo.settle(made.id, { status: "Succeeded" }, at))
                } else if (outcome === "Failed") {
                  await payments((repo) =>
                    repo.settle(made.id, { status: "Failed", failureDetail: "declined" }, at),
                  )
                }
              }
            }
            // Ids never seen, and an id asked twice, are answered as forOrder answers them.
            const asked = [
              ...ids.toReversed(),
              ...(unknown ? ["00000000-0000-4000-8000-000000000000", "not-an-id"] : []),
              ...(repeated && ids[0] !== undefined ? [ids[0]] : []),
            ]
            const batch = await payments((repo) => repo.forOrders(asked))
            const single = await Promise.all(
              asked.map(async (id) => [id, await payments((repo) => repo.forOrder(id))] as const),
            )
            expect([...batch.keys()].toSorted()).toEqual([...new Set(asked)].toSorted())
            for (const [id, expected] of single) expect(batch.get(id)).toEqual(expected)
          },
        ),
        { numRuns: 10 },
      )
      expect((await payments((repo) => repo.forOrders([]))).size).toBe(0)
    })
  })
