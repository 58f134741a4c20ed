import type { Promotion } from "@howzat/core/orders"
import { PromotionUses, type PromotionUsesShape } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { samplePromotion } from "@howzat/core/testing"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** Customers, their orders, clubs and vouchers; uses are counted through the port itself. */
export interface PromotionUsesSeed {
  readonly customer: () => Promise<string>
  /** An order of the customer's; answers its id. */
  readonly order: (customerId: string) => Promise<string>
  readonly club: () => Promise<string>
  /** A voucher as staff saved it (unused); answers it as the shop reads it back. */
  readonly promotion: (voucher: Promotion) => Promise<Promotion>
}

const NOW = new Date("2026-06-15T12:00:00Z")
let codes = 0
/** A code no other test, run or backend has used. */
const newCode = () => {
  codes += 1
  return `PU${codes}X${Date.now().toString(36).toUpperCase()}`
}

/** A 10% voucher with a code no other test of the shared database uses. */
export const voucher = (overrides: Partial<Promotion> = {}): Promotion =>
  samplePromotion({ code: newCode(), ...overrides })

/**
 * The PromotionUses port's contract (decisions 0033, 0036): a voucher's uses
 * counted per order and per customer, never past the voucher's limit, once
 * per order, given back once; the clubs whose codes an order used, and a
 * club's credit once per order. Racing checkouts and the row lock are the
 * database's (orders.database.ts and checkout's concurrency suites).
 */
export const promotionUsesContract = (
  name: string,
  open: OpenHarness<PromotionUses, PromotionUsesSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const uses = <A, E>(use: (p: PromotionUsesShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(PromotionUses, use))
    const countOf = async (code: string) =>
      (await uses((p) => p.holdForCheckout(code, "nobody")))?.promotion.usageCount

    it("holds a voucher with the customer's uses of it, and nothing for an unknown code", async () => {
      const ann = await seed().customer()
      const bob = await seed().customer()
      const saved = await seed().promotion(
        voucher({
          discount: { kind: "Fixed", amount: pence(250) },
          validFrom: NOW,
          validTo: new Date(NOW.getTime() + 86_400_000),
          usageLimit: 5,
          perCustomerLimit: 2,
          minimumSpend: pence(1_000),
          freeEntry: true,
        }),
      )
      expect(await uses((p) => p.holdForCheckout(saved.code, ann))).toEqual({
        promotion: saved,
        customerUses: 0,
      })
      const order = await seed().order(ann)
      expect(await uses((p) => p.claim(order, [saved.code]))).toEqual([saved.code])
      expect(await uses((p) => p.holdForCheckout(saved.code, ann))).toEqual({
        promotion: { ...saved, usageCount: 1 },
        customerUses: 1,
      })
      expect(await uses((p) => p.customerUses(saved.code, ann))).toBe(1)
      expect(await uses((p) => p.customerUses(saved.code, bob))).toBe(0)
      expect(await uses((p) => p.holdForCheckout(saved.code, bob))).toMatchObject({
        customerUses: 0,
      })
      expect(await uses((p) => p.holdForCheckout("NOSUCHCODE", ann))).toBeNull()
      expect(await uses((p) => p.customerUses("NOSUCHCODE", ann))).toBe(0)
    })

    it("counts a use of each code once per order, skipping codes it does not know", async () => {
      const customer = await seed().customer()
      const first = await seed().promotion(voucher())
      const second = await seed().promotion(voucher())
      const order = await seed().order(customer)
      const claimed = await uses((p) => p.claim(order, [first.code, "NOSUCHCODE", second.code]))
      expect(claimed).toEqual([first.code, second.code])
      // Claimed again (a retried checkout): what the order holds, and nothing counted twice.
      const again = await uses((p) => p.claim(order, [first.code]))
      expect([...again].sort()).toEqual([first.code, second.code].sort())
      expect(await countOf(first.code)).toBe(1)
      expect(await countOf(second.code)).toBe(1)
      expect(await uses((p) => p.customerUses(first.code, customer))).toBe(1)
    })

    it("never counts past the voucher's limit", async () => {
      const limited = await seed().promotion(voucher({ usageLimit: 2 }))
      const answers = []
      for (let i = 0; i < 3; i++) {
        const order = await seed().order(await seed().customer())
        answers.push(await uses((p) => p.claim(order, [limited.code])))
      }
      expect(answers).toEqual([[limited.code], [limited.code], []])
      expect(await countOf(limited.code)).toBe(2)
    })

    it("refuses to claim for an order it does not have, or a code named twice", async () => {
      const saved = await seed().promotion(voucher())
      for (const orderId of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
        const claimed = await uses((p) => Effect.either(p.claim(orderId, [saved.code])))
        expect(Either.isLeft(claimed) && claimed.left._tag).toBe("RepositoryError")
      }
      const order = await seed().order(await seed().customer())
      const twice = await uses((p) => Effect.either(p.claim(order, [saved.code, saved.code])))
      expect(Either.isLeft(twice) && twice.left._tag).toBe("RepositoryError")
      expect(await countOf(saved.code)).toBe(0)
      // Nothing was held, so the order may still claim the code once.
      expect(await uses((p) => p.claim(order, [saved.code]))).toEqual([saved.code])
    })

    it("gives an order's uses back once", async () => {
      const customer = await seed().customer()
      const first = await seed().promotion(voucher())
      const second = await seed().promotion(voucher({ usageLimit: 1 }))
      const order = await seed().order(customer)
      await uses((p) => p.claim(order, [first.code, second.code]))
      expect(await uses((p) => p.release(order))).toBe(2)
      expect(await uses((p) => p.release(order))).toBe(0)
      expect(await countOf(first.code)).toBe(0)
      expect(await countOf(second.code)).toBe(0)
      expect(await uses((p) => p.customerUses(first.code, customer))).toBe(0)
      // The use given back is there for another order to take.
      const next = await seed().order(customer)
      expect(await uses((p) => p.claim(next, [second.code]))).toEqual([second.code])
      expect(await uses((p) => p.release("not-an-id"))).toBe(0)
    })

    it("gives back only the released order's use: another customer's stays counted", async () => {
      const ann = await seed().customer()
      const bob = await seed().customer()
      const shared = await seed().promotion(voucher({ perCustomerLimit: 2 }))
      const annsOrder = await seed().order(ann)
      await uses((p) => p.claim(annsOrder, [shared.code]))
      const bobsOrder = await seed().order(bob)
      await uses((p) => p.claim(bobsOrder, [shared.code]))
      expect(await uses((p) => p.release(annsOrder))).toBe(1)
      expect(await uses((p) => p.customerUses(shared.code, ann))).toBe(0)
      expect(await uses((p) => p.customerUses(shared.code, bob))).toBe(1)
      expect(await countOf(shared.code)).toBe(1)
    })

    it("names the clubs whose codes an order used, and credits a club once per order", async () => {
      const customer = await seed().customer()
      const club = await seed().club()
      const clubs = await seed().promotion(voucher({ clubId: club }))
      const plain = await seed().promotion(voucher())
      const order = await seed().order(customer)
      const unclubbed = await seed().order(customer)
      await uses((p) => p.claim(order, [clubs.code, plain.code]))
      await uses((p) => p.claim(unclubbed, [plain.code]))
      expect(await uses((p) => p.clubsOf(order))).toEqual([club])
      expect(await uses((p) => p.clubsOf(unclubbed))).toEqual([])
      expect(await uses((p) => p.clubsOf("not-an-id"))).toEqual([])
      expect(await uses((p) => p.creditClub(club, order, pence(90), NOW))).toBe(true)
      expect(await uses((p) => p.creditClub(club, order, pence(90), NOW))).toBe(false)
      expect(await uses((p) => p.creditClub(club, unclubbed, pence(10), NOW))).toBe(true)
    })

    it("keeps a voucher's count the uses orders hold, never past its limit", async () => {
      type Step =
        | { readonly kind: "claim"; readonly order: number; readonly codes: readonly number[] }
        | { readonly kind: "release"; readonly order: number }
      const step: fc.Arbitrary<Step> = fc.oneof(
        fc.record({
          kind: fc.constant("claim" as const),
          order: fc.nat({ max: 4 }),
          codes: fc.uniqueArray(fc.nat({ max: 1 }), { maxLength: 2 }),
        }),
        fc.record({ kind: fc.constant("release" as const), order: fc.nat({ max: 4 }) }),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { maxLength: 10 }),
          fc.tuple(fc.integer({ min: 1, max: 3 }), fc.option(fc.integer({ min: 1, max: 3 }))),
          async (steps, [limit, otherLimit]) => {
            const customer = await seed().customer()
            const vouchers = [
              await seed().promotion(voucher({ usageLimit: limit })),
              await seed().promotion(voucher({ usageLimit: otherLimit })),
            ]
            const orders = new Map<number, string>()
            const orderFor = async (n: number) => {
              const known = orders.get(n) ?? (await seed().order(customer))
              orders.set(n, known)
              return known
            }
            // The model: the codes each order holds.
            const held = new Map<number, Set<number>>()
            const count = (v: number) => [...held.values()].filter((h) => h.has(v)).length
            for (const s of steps) {
              const orderId = await orderFor(s.order)
              if (s.kind === "release") {
                const given = await uses((p) => p.release(orderId))
                expect(given).toBe(held.get(s.order)?.size ?? 0)
                held.delete(s.order)
                continue
              }
              const asked = s.codes.map((v) => vouchers[v]?.code ?? "")
              const claimed = await uses((p) => p.claim(orderId, asked))
              const holding = held.get(s.order)
              if (holding !== undefined && holding.size > 0) {
                expect(new Set(claimed)).toEqual(
                  new Set([...holding].map((v) => vouchers[v]?.code)),
                )
                continue
              }
              const taken = s.codes.filter((v) => {
                const max = vouchers[v]?.usageLimit ?? null
                return max === null || count(v) < max
              })
              expect(claimed).toEqual(taken.map((v) => vouchers[v]?.code))
              held.set(s.order, new Set(taken))
            }
            for (const [v, saved] of vouchers.entries()) {
              const counted = await countOf(saved.code)
              expect(counted).toBe(count(v))
              if (saved.usageLimit !== null) expect(counted).toBeLessThanOrEqual(saved.usageLimit)
              expect(await uses((p) => p.customerUses(saved.code, customer))).toBe(count(v))
            }
          },
        ),
        { numRuns: 15 },
      )
    })
  })
