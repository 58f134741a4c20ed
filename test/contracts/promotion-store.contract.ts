import { PromotionStore, type PromotionStoreShape } from "@howzat/core/ports"
import { type PromotionDraft, pence } from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** What a voucher may point at, and an order's use of one. */
export interface PromotionStoreSeed {
  readonly competition: () => Promise<string>
  readonly club: () => Promise<string>
  /** One order of a new customer uses the voucher, as checkout would have counted it. */
  readonly useOnce: (promotionId: string) => Promise<void>
}

let codes = 0
/** Codes no other test, run or backend has used; the test's own prefix to search by. */
const newPrefix = () => {
  codes += 1
  return `PS${codes}X${Date.now().toString(36).toUpperCase()}`
}

/**
 * Until the wall clock reads later than `instant`: at most a millisecond.
 * The store stamps a voucher's createdAt itself (the table's default, or
 * the in-memory store's clock), so the test can only wait for it to move.
 */
const clockPast = async (instant: Date) => {
  while (Date.now() <= instant.getTime()) await new Promise((resolve) => setImmediate(resolve))
}

const draft = (overrides: Partial<PromotionDraft> = {}): PromotionDraft => ({
  code: newPrefix(),
  description: "10% off",
  discount: { kind: "Percentage", percent: 10 },
  competitionId: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  perCustomerLimit: null,
  minimumSpend: null,
  freeEntry: false,
  clubId: null,
  ...overrides,
})

/**
 * The PromotionStore port's contract (decision 0031): staff's vouchers saved
 * and read back whole, one voucher per code, listed newest first by part of
 * the code, a used voucher never removed, and what a voucher may point at.
 * The row lock of `held` is the database's.
 */
export const promotionStoreContract = (
  name: string,
  open: OpenHarness<PromotionStore, PromotionStoreSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const store = <A, E>(use: (s: PromotionStoreShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(PromotionStore, use))
    const inserted = async (d: PromotionDraft) => {
      const made = await store((s) => s.insert(d))
      if (made === "CodeTaken") throw new Error(`${d.code} was taken`)
      return made
    }

    it("saves a voucher and reads it back whole, unused, by its id", async () => {
      const competitionId = await seed().competition()
      const clubId = await seed().club()
      const saved = draft({
        description: "£2.50 off the car",
        discount: { kind: "Fixed", amount: pence(250) },
        competitionId,
        validFrom: new Date("2026-06-01T00:00:00Z"),
        validTo: new Date("2026-07-01T00:00:00Z"),
        usageLimit: 100,
        perCustomerLimit: 2,
        minimumSpend: pence(500),
        freeEntry: true,
        clubId,
      })
      const made = await inserted(saved)
      expect(made).toEqual({
        ...saved,
        id: expect.any(String),
        createdAt: expect.any(Date),
        usageCount: 0,
      })
      expect(await store((s) => s.held(made.id))).toEqual(made)
      for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
        expect(await store((s) => s.held(id))).toBeNull()
      }
    })

    it("keeps one voucher per code, on insert and on update", async () => {
      const first = await inserted(draft())
      const second = await inserted(draft())
      expect(await store((s) => s.insert(draft({ code: first.code })))).toBe("CodeTaken")
      expect(await store((s) => s.update(second.id, draft({ code: first.code })))).toBe("CodeTaken")
      expect(await store((s) => s.held(second.id))).toEqual(second)
    })

    it("updates a voucher's terms, keeping its id, age and uses", async () => {
      const made = await inserted(draft())
      await seed().useOnce(made.id)
      const terms = draft({
        code: made.code,
        description: "20% off",
        discount: { kind: "Percentage", percent: 20 },
        usageLimit: 10,
      })
      const after = await store((s) => s.update(made.id, terms))
      expect(after).toEqual({ ...terms, id: made.id, createdAt: made.createdAt, usageCount: 1 })
      expect(await store((s) => s.held(made.id))).toEqual(after)
      for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
        const missing = await store((s) => Effect.either(s.update(id, draft())))
        expect(Either.isLeft(missing) && missing.left._tag).toBe("RepositoryError")
      }
    })

    it("lists vouchers newest first by part of the code, in any case, a page at a time", async () => {
      const prefix = newPrefix()
      const made = []
      for (const suffix of ["A", "B", "C"]) {
        const voucher = await inserted(draft({ code: `${prefix}${suffix}` }))
        made.push(voucher)
        // Apart in time, so newest first is a fact, not a tie: the next is made
        // once the clock that stamps them has moved past this one's millisecond.
        await clockPast(voucher.createdAt)
      }
      const [a, b, c] = made
      const page = (code: string | undefined, pageNumber: number, pageSize: number) =>
        store((s) => s.list({ code, page: { pageNumber, pageSize } }))
      const first = await page(prefix.toLowerCase(), 1, 2)
      expect(first).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 3 })
      expect(first.items).toEqual([c, b])
      expect((await page(prefix, 2, 2)).items).toEqual([a])
      expect((await page(`${prefix}b`, 1, 10)).items).toEqual([b])
      // The search box's text is taken literally: no wildcards.
      expect((await page(`${prefix.slice(0, -1)}_`, 1, 10)).totalCount).toBe(0)
      expect((await page("%", 1, 10)).totalCount).toBe(0)
      const everything = await page(undefined, 0, 0)
      expect(everything).toMatchObject({ pageNumber: 1, pageSize: 1 })
      expect(everything.totalCount).toBeGreaterThanOrEqual(3)
    })

    it("removes only a voucher nobody has used", async () => {
      const unused = await inserted(draft())
      const used = await inserted(draft())
      await seed().useOnce(used.id)
      expect(await store((s) => s.removeUnused(used.id))).toBe(false)
      expect(await store((s) => s.held(used.id))).toMatchObject({ usageCount: 1 })
      expect(await store((s) => s.removeUnused(unused.id))).toBe(true)
      expect(await store((s) => s.held(unused.id))).toBeNull()
      expect(await store((s) => s.removeUnused(unused.id))).toBe(false)
      expect(await store((s) => s.removeUnused("not-an-id"))).toBe(false)
      // Its code is free again.
      expect(await store((s) => s.insert(draft({ code: unused.code })))).not.toBe("CodeTaken")
    })

    it("knows the competitions and clubs a voucher may name", async () => {
      const competitionId = await seed().competition()
      const clubId = await seed().club()
      expect(await store((s) => s.competitionExists(competitionId))).toBe(true)
      expect(await store((s) => s.clubExists(clubId))).toBe(true)
      expect(await store((s) => s.competitionExists(clubId))).toBe(false)
      expect(await store((s) => s.clubExists(competitionId))).toBe(false)
      for (const id of ["not-an-id", "00000000-0000-4000-8000-000000000000"]) {
        expect(await store((s) => s.competitionExists(id))).toBe(false)
        expect(await store((s) => s.clubExists(id))).toBe(false)
      }
    })

    it("reads back any voucher the form allows as it was saved", async () => {
      const day = 86_400_000
      const terms = fc.record({
        description: fc.stringMatching(/^[A-Za-z0-9 £%]{1,40}$/),
        discount: fc.oneof(
          fc.integer({ min: 1, max: 100 }).map((percent) => ({
            kind: "Percentage" as const,
            percent,
          })),
          fc.integer({ min: 1, max: 100_000 }).map((amount) => ({
            kind: "Fixed" as const,
            amount: pence(amount),
          })),
        ),
        window: fc.option(
          fc.tuple(
            fc.date({
              min: new Date("2026-01-01"),
              max: new Date("2027-01-01"),
              noInvalidDate: true,
            }),
            fc.integer({ min: 1, max: 60 }),
          ),
        ),
        usageLimit: fc.option(fc.integer({ min: 1, max: 1_000 })),
        perCustomerLimit: fc.option(fc.integer({ min: 1, max: 10 })),
        minimumSpend: fc.option(fc.integer({ min: 0, max: 10_000 }).map(pence)),
        freeEntry: fc.boolean(),
      })
      await fc.assert(
        fc.asyncProperty(terms, async ({ window, ...rest }) => {
          const saved = draft({
            ...rest,
            validFrom: window === null ? null : window[0],
            validTo: window === null ? null : new Date(window[0].getTime() + window[1] * day),
          })
          const made = await inserted(saved)
          expect(await store((s) => s.held(made.id))).toEqual({
            ...saved,
            id: made.id,
            createdAt: made.createdAt,
            usageCount: 0,
          })
        }),
        { numRuns: 20 },
      )
    })
  })
