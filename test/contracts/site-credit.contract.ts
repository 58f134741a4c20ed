import { SiteCreditLedger, type SiteCreditLedgerShape } from "@howzat/core/ports"
import { type Pence, pence } from "@howzat/core/rules"
import { Cause, Effect, Either, Exit } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** Customers, their orders and instant-win tickets; every line of credit is written through the port. */
export interface SiteCreditSeed {
  readonly customer: () => Promise<string>
  /** An order of the customer's: its id and the reference its statement lines name. */
  readonly order: (
    customerId: string,
  ) => Promise<{ readonly id: string; readonly orderRef: string }>
  /** An instant-win ticket of a new competition; answers its id. */
  readonly instantWinTicket: () => Promise<string>
}

const NOW = new Date("2026-06-15T12:00:00Z")
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const ALL = { pageNumber: 1, pageSize: 1_000 }

/**
 * The SiteCreditLedger port's contract (decisions 0029, 0038): an
 * append-only ledger whose balance is the sum of its lines and never goes
 * below zero through the port; debits, refunds, purchases and their
 * reversal once per order; an instant-win prize once per ticket; no line for
 * nothing; the statement newest first. Holds under racing checkouts and
 * rollbacks are the database's own tests (payments.database.ts).
 */
export const siteCreditContract = (
  name: string,
  open: OpenHarness<SiteCreditLedger, SiteCreditSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const ledger = <A, E>(use: (l: SiteCreditLedgerShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(SiteCreditLedger, use))
    const attempt = <A, E>(use: (l: SiteCreditLedgerShape) => Effect.Effect<A, E>) =>
      ledger((l) => Effect.either(use(l)))
    const statement = async (customerId: string) =>
      (await ledger((l) => l.entries(customerId, ALL))).items.map((e) => [
        e.reason,
        e.amount,
        e.description,
        e.at.toISOString(),
      ])

    it("grants, debits once per order, refuses what it cannot cover and refunds once", async () => {
      const customerId = await seed().customer()
      const first = await seed().order(customerId)
      const second = await seed().order(customerId)
      const untouched = await seed().order(customerId)
      expect(await ledger((l) => l.balance(customerId))).toBe(0)
      await ledger((l) => l.grant(customerId, pence(500), "Goodwill", NOW))
      await ledger((l) => l.debitForOrder(customerId, first.id, pence(200), later(1)))
      expect(await ledger((l) => l.balance(customerId))).toBe(300)
      // A retried checkout: the order was debited already, so nothing changes.
      await ledger((l) => l.debitForOrder(customerId, first.id, pence(200), later(2)))
      await ledger((l) => l.debitForOrder(customerId, first.id, pence(999), later(2)))
      expect(await ledger((l) => l.balance(customerId))).toBe(300)

      const short = await attempt((l) => l.debitForOrder(customerId, second.id, pence(301), NOW))
      expect(Either.isLeft(short) && short.left).toMatchObject({
        _tag: "InsufficientSiteCredit",
        customerId,
        balance: 300,
        requested: 301,
      })
      expect(await ledger((l) => l.balanceForUpdate(customerId))).toBe(300)
      await ledger((l) => l.debitForOrder(customerId, second.id, pence(300), later(3)))
      expect(await ledger((l) => l.balance(customerId))).toBe(0)

      expect(await ledger((l) => l.refundedFor(first.id))).toBe(0)
      expect(await ledger((l) => l.refundOrder(first.id, later(4)))).toBe(200)
      expect(await ledger((l) => l.refundOrder(first.id, later(5)))).toBe(0)
      // What the order page says came back: the refund, once, and nothing for others.
      expect(await ledger((l) => l.refundedFor(first.id))).toBe(200)
      expect(await ledger((l) => l.refundedFor(second.id))).toBe(0)
      expect(await ledger((l) => l.refundOrder(untouched.id, NOW))).toBe(0)
      expect(await ledger((l) => l.balance(customerId))).toBe(200)
      // A refunded order is not debited again by a late retry of its checkout.
      await ledger((l) => l.debitForOrder(customerId, first.id, pence(200), later(6)))
      expect(await ledger((l) => l.balance(customerId))).toBe(200)

      expect(await statement(customerId)).toEqual([
        ["OrderRefund", 200, `Given back from order ${first.orderRef}`, later(4).toISOString()],
        ["OrderDebit", -300, `Spent on order ${second.orderRef}`, later(3).toISOString()],
        ["OrderDebit", -200, `Spent on order ${first.orderRef}`, later(1).toISOString()],
        ["Grant", 500, "Goodwill", NOW.toISOString()],
      ])
    })

    it("answers nothing for a customer or order it has never seen", async () => {
      for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
        expect(await ledger((l) => l.balance(id))).toBe(0)
        expect(await ledger((l) => l.balanceForUpdate(id))).toBe(0)
        expect(await ledger((l) => l.refundOrder(id, NOW))).toBe(0)
        expect(await ledger((l) => l.refundedFor(id))).toBe(0)
        expect(await ledger((l) => l.reversePurchase(id, NOW))).toBe(0)
        expect(await ledger((l) => l.entries(id, { pageNumber: 1, pageSize: 10 }))).toEqual({
          items: [],
          pageNumber: 1,
          pageSize: 10,
          totalCount: 0,
        })
      }
    })

    it("writes no line for nothing, and takes a negative amount for a bug", async () => {
      const customerId = await seed().customer()
      const order = await seed().order(customerId)
      await ledger((l) => l.grant(customerId, pence(0), "Nothing", NOW))
      await ledger((l) => l.debitForOrder(customerId, order.id, pence(0), NOW))
      expect(await statement(customerId)).toEqual([])
      // Debiting nothing did not use up the order's one debit.
      await ledger((l) => l.grant(customerId, pence(100), "Goodwill", NOW))
      await ledger((l) => l.debitForOrder(customerId, order.id, pence(40), NOW))
      expect(await ledger((l) => l.balance(customerId))).toBe(60)
      const ticket = await seed().instantWinTicket()
      const bugs: ((l: SiteCreditLedgerShape) => Effect.Effect<unknown, unknown>)[] = [
        (l) => l.grant(customerId, pence(-1), "Taken", NOW),
        (l) => l.debitForOrder(customerId, order.id, pence(-1), NOW),
        (l) => l.creditForPurchase(customerId, order.id, pence(0), "Bought nothing", NOW),
        (l) =>
          l.creditInstantWin(
            customerId,
            { instantWinTicketId: ticket, amount: pence(0), description: "Nothing" },
            NOW,
          ),
      ]
      for (const bug of bugs) {
        const exit = await ledger((l) => Effect.exit(bug(l)))
        expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
      }
      expect(await ledger((l) => l.balance(customerId))).toBe(60)
    })

    it("credits an instant-win prize once per ticket, whoever asks again", async () => {
      const customerId = await seed().customer()
      const other = await seed().customer()
      const ticket = await seed().instantWinTicket()
      const prize = {
        instantWinTicketId: ticket,
        amount: pence(500),
        description: "£5 Site Credit",
      }
      expect(await ledger((l) => l.creditInstantWin(customerId, prize, NOW))).toBe(true)
      expect(await ledger((l) => l.creditInstantWin(customerId, prize, later(1)))).toBe(false)
      expect(await ledger((l) => l.creditInstantWin(other, prize, later(1)))).toBe(false)
      expect(await statement(customerId)).toEqual([
        ["InstantWin", 500, "£5 Site Credit", NOW.toISOString()],
      ])
      expect(await ledger((l) => l.balance(other))).toBe(0)
    })

    it("credits a purchase once and takes it back once, unless it has been spent", async () => {
      const customerId = await seed().customer()
      const bought = await seed().order(customerId)
      const credit = () =>
        ledger((l) => l.creditForPurchase(customerId, bought.id, pence(700), "Bought", NOW))
      expect(await credit()).toBe(true)
      expect(await credit()).toBe(false)
      expect(await ledger((l) => l.balance(customerId))).toBe(700)

      const spentOn = await seed().order(customerId)
      await ledger((l) => l.debitForOrder(customerId, spentOn.id, pence(200), later(1)))
      const refused = await attempt((l) => l.reversePurchase(bought.id, later(2)))
      expect(Either.isLeft(refused) && refused.left).toMatchObject({
        _tag: "InsufficientSiteCredit",
        customerId,
        balance: 500,
        requested: 700,
      })
      expect(await ledger((l) => l.balance(customerId))).toBe(500)

      expect(await ledger((l) => l.refundOrder(spentOn.id, later(3)))).toBe(200)
      expect(await ledger((l) => l.reversePurchase(bought.id, later(4)))).toBe(700)
      expect(await ledger((l) => l.reversePurchase(bought.id, later(5)))).toBe(0)
      expect(await ledger((l) => l.balance(customerId))).toBe(0)
      // An order that bought nothing has nothing to take back.
      expect(await ledger((l) => l.reversePurchase(spentOn.id, later(5)))).toBe(0)
      expect(await statement(customerId)).toEqual([
        [
          "PurchaseReversal",
          -700,
          `Taken back: order ${bought.orderRef} refunded`,
          later(4).toISOString(),
        ],
        ["OrderRefund", 200, `Given back from order ${spentOn.orderRef}`, later(3).toISOString()],
        ["OrderDebit", -200, `Spent on order ${spentOn.orderRef}`, later(1).toISOString()],
        ["Purchase", 700, "Bought", NOW.toISOString()],
      ])
    })

    it("pages the statement newest first, counting every line", async () => {
      const customerId = await seed().customer()
      for (const minute of [3, 1, 4, 2]) {
        await ledger((l) => l.grant(customerId, pence(minute), `Grant ${minute}`, later(minute)))
      }
      const page = (pageNumber: number, pageSize: number) =>
        ledger((l) => l.entries(customerId, { pageNumber, pageSize }))
      const second = await page(2, 3)
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 3, totalCount: 4 })
      expect(second.items.map((e) => e.description)).toEqual(["Grant 1"])
      expect((await page(1, 3)).items.map((e) => e.description)).toEqual([
        "Grant 4",
        "Grant 3",
        "Grant 2",
      ])
      // A page below the first is the first; a page of nothing is a page of one.
      const odd = await page(0, 0)
      expect(odd).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 4 })
      expect(odd.items.map((e) => e.description)).toEqual(["Grant 4"])
      expect((await page(3, 3)).items).toEqual([])
    })

    it("keeps the balance the sum of its lines and never below zero, whatever happens", async () => {
      type Step =
        | { readonly kind: "grant"; readonly amount: number }
        | { readonly kind: "debit"; readonly order: number; readonly amount: number }
        | { readonly kind: "refund"; readonly order: number }
        | { readonly kind: "buy"; readonly order: number; readonly amount: number }
        | { readonly kind: "reverse"; readonly order: number }
      const order = fc.integer({ min: 0, max: 3 })
      const amount = fc.integer({ min: 1, max: 500 })
      const step: fc.Arbitrary<Step> = fc.oneof(
        fc.record({ kind: fc.constant("grant" as const), amount }),
        fc.record({ kind: fc.constant("debit" as const), order, amount }),
        fc.record({ kind: fc.constant("refund" as const), order }),
        fc.record({ kind: fc.constant("buy" as const), order, amount }),
        fc.record({ kind: fc.constant("reverse" as const), order }),
      )
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
          const customerId = await seed().customer()
          const orders = new Map<number, string>()
          const orderFor = async (n: number) => {
            const known = orders.get(n)
            if (known !== undefined) return known
            const { id } = await seed().order(customerId)
            orders.set(n, id)
            return id
          }
          // The model: what the ledger must hold after each step.
          let balance = 0
          const debited = new Map<number, number>()
          const refunded = new Set<number>()
          const boughtFor = new Map<number, number>()
          const reversed = new Set<number>()
          for (const s of steps) {
            const orderId = s.kind === "grant" ? "" : await orderFor(s.order)
            if (s.kind === "grant") {
              await ledger((l) => l.grant(customerId, pence(s.amount), "Property", NOW))
              balance += s.amount
            } else if (s.kind === "debit") {
              const result = await attempt((l) =>
                l.debitForOrder(customerId, orderId, pence(s.amount), NOW),
              )
              if (debited.has(s.order)) expect(Either.isRight(result)).toBe(true)
              else if (s.amount > balance) {
                expect(Either.isLeft(result) && result.left._tag).toBe("InsufficientSiteCredit")
              } else {
                expect(Either.isRight(result)).toBe(true)
                debited.set(s.order, s.amount)
                balance -= s.amount
              }
            } else if (s.kind === "refund") {
              const given = await ledger((l) => l.refundOrder(orderId, NOW))
              const owed = refunded.has(s.order) ? 0 : (debited.get(s.order) ?? 0)
              if (owed > 0) refunded.add(s.order)
              expect(given).toBe(owed)
              balance += owed
            } else if (s.kind === "buy") {
              const credited = await ledger((l) =>
                l.creditForPurchase(customerId, orderId, pence(s.amount), "Bought", NOW),
              )
              expect(credited).toBe(!boughtFor.has(s.order))
              if (!boughtFor.has(s.order)) {
                boughtFor.set(s.order, s.amount)
                balance += s.amount
              }
            } else {
              const result = await attempt((l) => l.reversePurchase(orderId, NOW))
              const bought = reversed.has(s.order) ? 0 : (boughtFor.get(s.order) ?? 0)
              if (bought > balance) {
                expect(Either.isLeft(result) && result.left._tag).toBe("InsufficientSiteCredit")
              } else {
                expect(result).toEqual(Either.right(bought))
                if (bought > 0) reversed.add(s.order)
                balance -= bought
              }
            }
            const actual = await ledger((l) => l.balance(customerId))
            expect(actual).toBe(balance)
            expect(actual).toBeGreaterThanOrEqual(0)
          }
          const lines = (await ledger((l) => l.entries(customerId, ALL))).items
          expect(lines.reduce((sum: Pence, line) => pence(sum + line.amount), pence(0))).toBe(
            balance,
          )
        }),
        { numRuns: 15 },
      )
    })

    it("reads a page of orders' refunded credit as refundedFor reads each, in one call", async () => {
      // An order's other lines (its debit, credit it bought) must not count as given back.
      const orderLines = fc.record({
        debit: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        refund: fc.boolean(),
        bought: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
      })
      await fc.assert(
        fc.asyncProperty(
          fc.array(orderLines, { maxLength: 4 }),
          fc.boolean(),
          fc.boolean(),
          async (orders, unknown, repeated) => {
            const customerId = await seed().customer()
            await ledger((l) => l.grant(customerId, pence(1_200), "Property", NOW))
            const ids: string[] = []
            for (const { debit, refund, bought } of orders) {
              const { id } = await seed().order(customerId)
              ids.push(id)
              if (debit !== undefined) {
                await ledger((l) => l.debitForOrder(customerId, id, pence(debit), NOW))
              }
              if (refund) await ledger((l) => l.refundOrder(id, later(1)))
              if (bought !== undefined) {
                await ledger((l) =>
                  l.creditForPurchase(customerId, id, pence(bought), "Bought", NOW),
                )
              }
            }
            const asked = [
              ...ids.toReversed(),
              ...(unknown ? ["00000000-0000-4000-8000-000000000000", "not-an-id"] : []),
              ...(repeated && ids[0] !== undefined ? [ids[0]] : []),
            ]
            const batch = await ledger((l) => l.refundedForOrders(asked))
            const single = await Promise.all(
              asked.map(async (id) => [id, await ledger((l) => l.refundedFor(id))] as const),
            )
            expect([...batch.keys()].toSorted()).toEqual([...new Set(asked)].toSorted())
            for (const [id, expected] of single) expect(batch.get(id)).toBe(expected)
          },
        ),
        { numRuns: 10 },
      )
      expect((await ledger((l) => l.refundedForOrders([]))).size).toBe(0)
    })
  })
