import { CreditCardSpend, type PaymentOutcome, PaymentRepo } from "@howzat/core/ports"
import {
  type CardFunding,
  type CreditCardPaymentFacts,
  creditCardMoneyKept,
  isInstantWinOrder,
  type Pence,
  pence,
  settleMoves,
  startOfLondonMonth,
} from "@howzat/core/rules"
import { arbitraryPence } from "@howzat/core/testing"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** Customers and their orders; payments are made through the PaymentRepo port itself. */
export interface CreditCardSpendSeed {
  readonly customer: () => Promise<string>
  /** An order of one line, of a competition with instant wins if asked; answers its id. */
  readonly order: (customerId: string, options: { readonly instantWin: boolean }) => Promise<string>
  /**
   * An order with a line of a new competition for each entry, which has that
   * many instant-win groups (none: an order of no lines); answers its id.
   */
  readonly orderOfLines: (
    customerId: string,
    instantWinGroups: readonly number[],
  ) => Promise<string>
}

const NOW = new Date("2026-06-15T12:00:00Z")
const MONTH = startOfLondonMonth(NOW)
let references = 0

/**
 * The credit-card sums of decision 0042: money a credit card paid and the
 * shop kept this month (a refund due or made gives it back), and whether an
 * order holds an instant-win competition, which no credit card may pay for.
 * Both are core's rules (`countsTowardsCreditCardCap` and `isInstantWinOrder`
 * in rules/credit-cards), which the adapter's SQL expresses: the last two
 * tests hold every store to them.
 */
export const creditCardSpendContract = (
  name: string,
  open: OpenHarness<CreditCardSpend | PaymentRepo, CreditCardSpendSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const spend = <A, E>(use: (s: CreditCardSpend["Type"]) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(CreditCardSpend, use))

    /** A payment of a new order of the customer's, settled as asked at `at`. */
    const payment = async (
      customerId: string,
      amount: Pence,
      outcome: { readonly funding: CardFunding | "Failed" | "Pending"; readonly at?: Date },
    ) => {
      const orderId = await seed().order(customerId, { instantWin: false })
      references += 1
      return run(
        Effect.gen(function* () {
          const payments = yield* PaymentRepo
          const made = yield* payments.record({
            orderId,
            amount,
            provider: "double",
            providerReference: `pi_contract_${references}_${Date.now()}`,
            clientToken: "ct",
            createdAt: NOW,
          })
          const at = outcome.at ?? NOW
          if (outcome.funding === "Pending") return made
          if (outcome.funding === "Failed")
            return (yield* payments.settle(
              made.id,
              { status: "Failed", failureDetail: "Declined" },
              at,
            )).payment
          return (yield* payments.settle(
            made.id,
            { status: "Succeeded", cardFunding: outcome.funding },
            at,
          )).payment
        }),
      )
    }
    const refundDue = (paid: {
      readonly id: string
      readonly orderId: string
      readonly amount: Pence
    }) =>
      run(
        Effect.flatMap(PaymentRepo, (payments) =>
          payments.refundDue({
            paymentId: paid.id,
            orderId: paid.orderId,
            amount: paid.amount,
            reason: "CreditCardRefused",
            at: NOW,
          }),
        ),
      )

    it("sums the customer's kept credit-card payments since the month began", async () => {
      const ann = await seed().customer()
      const bob = await seed().customer()
      const credit = await payment(ann, pence(1_000), { funding: "Credit" })
      await payment(ann, pence(2_000), { funding: "Debit" })
      await payment(ann, pence(3_000), { funding: "Failed" })
      await payment(ann, pence(3_500), { funding: "Pending" })
      await payment(ann, pence(4_500), { funding: "Credit", at: new Date(MONTH.getTime() - 1) })
      await refundDue(await payment(ann, pence(4_000), { funding: "Credit" }))
      await payment(bob, pence(8_000), { funding: "Credit", at: MONTH })

      expect(await spend((s) => s.spentSince(ann, MONTH))).toBe(1_000)
      expect(await spend((s) => s.spentSince(ann, MONTH, credit.id))).toBe(0)
      expect(await spend((s) => s.holdAndSpentSince(ann, MONTH, credit.id))).toBe(0)
      expect(await spend((s) => s.holdAndSpentSince(ann, MONTH, "no-such-payment"))).toBe(1_000)
      // Settled exactly as the month began counts.
      expect(await spend((s) => s.spentSince(bob, MONTH))).toBe(8_000)
      expect(await spend((s) => s.spentSince(ann, new Date("2026-07-01T00:00:00+01:00")))).toBe(0)
      expect(await spend((s) => s.spentSince("not-a-customer", MONTH))).toBe(0)
    })

    it("keeps a refunded credit-card payment out once the refund is made", async () => {
      const cat = await seed().customer()
      const paid = await payment(cat, pence(2_500), { funding: "Credit" })
      await refundDue(paid)
      await run(Effect.flatMap(PaymentRepo, (payments) => payments.refunded(paid.id, "re_1", NOW)))
      expect(await spend((s) => s.spentSince(cat, MONTH))).toBe(0)
    })

    it("knows an order with an instant-win competition in it", async () => {
      const dan = await seed().customer()
      const plain = await seed().order(dan, { instantWin: false })
      const instant = await seed().order(dan, { instantWin: true })
      expect(await spend((s) => s.orderHasInstantWin(plain))).toBe(false)
      expect(await spend((s) => s.orderHasInstantWin(instant))).toBe(true)
      expect(await spend((s) => s.orderHasInstantWin("not-an-order"))).toBe(false)
    })

    it("sums exactly what core's cap rule counts, whatever the words, times, cards and refunds", async () => {
      const DAY = 86_400_000
      const word: fc.Arbitrary<PaymentOutcome> = fc.oneof(
        fc
          .constantFrom<CardFunding | undefined>(
            "Credit",
            "Credit",
            "Debit",
            "Prepaid",
            "Unknown",
            undefined,
          )
          .map((cardFunding) => ({ status: "Succeeded" as const, cardFunding })),
        fc.constant({ status: "Failed" as const, failureDetail: "Declined" }),
      )
      const attempt = fc.record({
        amount: arbitraryPence({ min: 1, max: 30_000 }),
        // Each word at its own time, either side of the month's first instant (or on it).
        words: fc.array(
          fc.tuple(
            word,
            fc.constantFrom(-DAY, -1, 0, 1, DAY).map((ms) => new Date(MONTH.getTime() + ms)),
          ),
          { maxLength: 3 },
        ),
        refund: fc.constantFrom("None", "Due", "Made"),
      })
      await fc.assert(
        fc.asyncProperty(
          fc.array(attempt, { maxLength: 4 }),
          fc.nat({ max: 4 }),
          async (attempts, excluded) => {
            const customerId = await seed().customer()
            const facts: (CreditCardPaymentFacts & { id: string; amount: Pence })[] = []
            for (const a of attempts) {
              let made = await payment(customerId, a.amount, { funding: "Pending" })
              let succeededAt: Date | null = null
              for (const [outcome, at] of a.words) {
                const before = made.status
                const settled = await run(
                  Effect.flatMap(PaymentRepo, (payments) => payments.settle(made.id, outcome, at)),
                )
                // The time of the settle that made it a success is when it succeeded.
                if (settleMoves(before, outcome.status) && outcome.status === "Succeeded")
                  succeededAt = at
                made = settled.payment
              }
              if (a.refund !== "None") {
                await refundDue(made)
                if (a.refund === "Made")
                  await run(
                    Effect.flatMap(PaymentRepo, (payments) =>
                      payments.refunded(made.id, `re_${made.id}`, NOW),
                    ),
                  )
              }
              // The facts as the store now tells them, and when the payment succeeded.
              const [now] = await run(
                Effect.flatMap(PaymentRepo, (payments) => payments.forOrder(made.orderId)),
              )
              const refunds = await run(
                Effect.flatMap(PaymentRepo, (payments) => payments.refundsForOrder(made.orderId)),
              )
              facts.push({
                id: made.id,
                amount: a.amount,
                status: now?.status ?? made.status,
                cardFunding: now?.cardFunding,
                succeededAt,
                owedBack: refunds.length > 0,
              })
            }
            expect(await spend((s) => s.spentSince(customerId, MONTH))).toBe(
              creditCardMoneyKept(facts, MONTH),
            )
            const judged = facts[excluded]
            if (judged === undefined) return
            const others = facts.filter((f) => f !== judged)
            expect(await spend((s) => s.spentSince(customerId, MONTH, judged.id))).toBe(
              creditCardMoneyKept(others, MONTH),
            )
            expect(await spend((s) => s.holdAndSpentSince(customerId, MONTH, judged.id))).toBe(
              creditCardMoneyKept(others, MONTH),
            )
          },
        ),
        {
          numRuns: 15,
          // The edges, every run: a credit success on the month's first instant and just before
          // it, a failure then a credit success, and a kept one beside one owed back.
          examples: [
            [
              [
                {
                  amount: pence(1_000),
                  words: [[{ status: "Succeeded", cardFunding: "Credit" }, MONTH]],
                  refund: "None",
                },
                {
                  amount: pence(2_000),
                  words: [
                    [{ status: "Succeeded", cardFunding: "Credit" }, new Date(MONTH.getTime() - 1)],
                  ],
                  refund: "None",
                },
                {
                  amount: pence(4_000),
                  words: [
                    [
                      { status: "Failed", failureDetail: "Declined" },
                      new Date(MONTH.getTime() - 1),
                    ],
                    [{ status: "Succeeded", cardFunding: "Credit" }, MONTH],
                  ],
                  refund: "None",
                },
                {
                  amount: pence(8_000),
                  words: [[{ status: "Succeeded", cardFunding: "Credit" }, MONTH]],
                  refund: "Due",
                },
              ],
              0,
            ],
          ],
        },
      )
    })

    it("knows an instant-win order exactly as core's rule does, whatever its lines", async () => {
      const eve = await seed().customer()
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat({ max: 2 }), { maxLength: 3 }),
          async (instantWinGroups) => {
            const orderId = await seed().orderOfLines(eve, instantWinGroups)
            expect(await spend((s) => s.orderHasInstantWin(orderId))).toBe(
              isInstantWinOrder(instantWinGroups.map((groups) => ({ instantWinGroups: groups }))),
            )
          },
        ),
        { numRuns: 15 },
      )
    })

    it("counts exactly the kept credit money, whatever the mix of payments", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              amount: arbitraryPence({ min: 1, max: 30_000 }),
              funding: fc.constantFrom<CardFunding | "Failed">(
                "Credit",
                "Debit",
                "Unknown",
                "Failed",
              ),
              refunded: fc.boolean(),
            }),
            { maxLength: 5 },
          ),
          async (payments) => {
            const customerId = await seed().customer()
            let kept = 0
            for (const p of payments) {
              const made = await payment(customerId, p.amount, { funding: p.funding })
              if (p.refunded && made.status === "Succeeded") await refundDue(made)
              if (p.funding === "Credit" && !(p.refunded && made.status === "Succeeded"))
                kept += p.amount
            }
            expect(await spend((s) => s.spentSince(customerId, MONTH))).toBe(kept)
          },
        ),
        { numRuns: 10 },
      )
    })
  })
