import type { VisibilityStatus } from "@howzat/core/competitions"
import { type CategoryQuery, CategoryRepo } from "@howzat/core/ports"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { uniqueWord } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

export interface CategoriesSeed {
  readonly category: (category: {
    readonly name: string
    readonly description: string
    readonly visibilityStatus: VisibilityStatus
  }) => Promise<string>
}

/**
 * The storefront's categories (CategoryRepo): listed by name with text
 * filters and paging, visible only unless staff ask; one by id, hidden ones
 * only to staff. Each test's categories carry a word of their own in their
 * description, so it lists only those.
 */
export const categoriesContract = (name: string, open: OpenHarness<CategoryRepo, CategoriesSeed>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const word = uniqueWord()
    const list = (q: Partial<CategoryQuery> = {}) =>
      run(
        Effect.flatMap(CategoryRepo, (r) =>
          r.list({
            description: word,
            visibleOnly: true,
            page: { pageNumber: 1, pageSize: 10 },
            ...q,
          }),
        ),
      )
    const byId = (id: string, visibleOnly: boolean) =>
      run(Effect.either(Effect.flatMap(CategoryRepo, (r) => r.byId(id, { visibleOnly }))))

    let secret: string
    beforeAll(async () => {
      for (const n of ["Tech", "Cash", "Cricket Kit", "Cars"])
        await seed().category({
          name: n,
          description: `All about ${n} ${word}`,
          visibilityStatus: "Visible",
        })
      secret = await seed().category({
        name: "Secret",
        description: `Staff only ${word}`,
        visibilityStatus: "Hidden",
      })
    })

    it("lists by name, with filters and paging", async () => {
      expect((await list()).items.map((c) => c.name)).toEqual([
        "Cars",
        "Cash",
        "Cricket Kit",
        "Tech",
      ])
      expect((await list({ visibleOnly: false })).totalCount).toBe(5)
      expect(
        (await list({ visibleOnly: false, hiddenOnly: true })).items.map((c) => c.name),
      ).toEqual(["Secret"])
      expect((await list({ name: "CA" })).items.map((c) => c.name)).toEqual(["Cars", "Cash"])
      expect((await list({ name: "%" })).totalCount).toBe(0)
      const second = await list({ page: { pageNumber: 2, pageSize: 3 } })
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 3, totalCount: 4 })
      expect(second.items.map((c) => c.name)).toEqual(["Tech"])
    })

    it("pages through every category exactly once (property)", async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (pageSize) => {
          const seen: string[] = []
          for (let pageNumber = 1; pageNumber <= 6; pageNumber++)
            seen.push(
              ...(await list({ visibleOnly: false, page: { pageNumber, pageSize } })).items.map(
                (c) => c.name,
              ),
            )
          expect(seen).toEqual(["Cars", "Cash", "Cricket Kit", "Secret", "Tech"])
        }),
        { numRuns: 6 },
      )
    })

    it("finds one by id, and says CategoryNotFound for hidden, unknown or malformed ids", async () => {
      const found = await byId(secret, false)
      expect(found).toEqual(
        Either.right({
          id: secret,
          name: "Secret",
          description: `Staff only ${word}`,
          visibilityStatus: "Hidden",
        }),
      )
      for (const [id, visibleOnly] of [
        [secret, true],
        [crypto.randomUUID(), false],
        ["x", false],
      ] as const) {
        const result = await byId(id, visibleOnly)
        expect(Either.isLeft(result) && result.left._tag).toBe("CategoryNotFound")
      }
    })
  })
