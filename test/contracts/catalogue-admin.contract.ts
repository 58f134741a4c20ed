import { CatalogueAdminStore, CompetitionRepo, Transactions } from "@howzat/core/ports"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { uniqueWord } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

export interface CatalogueAdminSeed {
  /** A hidden competition, with attribute values by their type's description. */
  readonly competition: (attributes?: Readonly<Record<string, string>>) => Promise<string>
}

type Ports = CatalogueAdminStore | CompetitionRepo | Transactions

const store = <A, E>(use: (s: (typeof CatalogueAdminStore)["Service"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(CatalogueAdminStore, use)

/**
 * Where staff's categories and attribute types are written
 * (CatalogueAdminStore): what is written reads back, links show on the
 * competitions the storefront reads, the database's refusals are
 * RepositoryErrors, a type in use is never removed, and a write inside a
 * failed transaction is undone.
 */
export const catalogueAdminContract = (
  name: string,
  open: OpenHarness<Ports, CatalogueAdminSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const either = <A, E>(effect: Effect.Effect<A, E, Ports>) => run(Effect.either(effect))
    const categoriesOf = (competitionId: string) =>
      run(
        Effect.flatMap(CompetitionRepo, (r) =>
          r.byId(competitionId, { visibleOnly: false }).pipe(Effect.map((c) => c.categoryIds)),
        ),
      )
    const newCategory = (name = `Bats ${uniqueWord()}`) =>
      run(
        store((s) =>
          s.insertCategory({ name, description: "Willow", visibilityStatus: "Visible" }),
        ),
      )

    describe("categories", () => {
      it("reads back what is inserted and updated; an unknown id is CategoryNotFound", async () => {
        const created = await newCategory("Bats")
        expect(created).toMatchObject({
          name: "Bats",
          description: "Willow",
          visibilityStatus: "Visible",
        })
        expect(await run(store((s) => s.category(created.id)))).toEqual(created)
        const draft = { name: "Balls", description: "Leather", visibilityStatus: "Hidden" } as const
        expect(await run(store((s) => s.updateCategory(created.id, draft)))).toEqual({
          id: created.id,
          ...draft,
        })
        expect(await run(store((s) => s.category(created.id)))).toEqual({
          id: created.id,
          ...draft,
        })
        for (const id of [crypto.randomUUID(), "x"]) {
          const missing = await either(store((s) => s.category(id)))
          expect(Either.isLeft(missing) && missing.left._tag).toBe("CategoryNotFound")
        }
        const updatedNothing = await either(
          store((s) => s.updateCategory(crypto.randomUUID(), draft)),
        )
        expect(Either.isLeft(updatedNothing) && updatedNothing.left._tag).toBe("RepositoryError")
      })

      it("refuses a second category that reads alike, and lists the others' names", async () => {
        const word = uniqueWord()
        const golf = await newCategory(`Golf ${word}`)
        const cash = await newCategory(`Cash ${word}`)
        const twin = {
          name: ` golf ${word.toUpperCase()} `,
          description: "",
          visibilityStatus: "Visible",
        } as const
        const inserted = await either(store((s) => s.insertCategory(twin)))
        expect(Either.isLeft(inserted) && inserted.left._tag).toBe("CategoryNameTaken")
        const renamed = await either(store((s) => s.updateCategory(cash.id, twin)))
        expect(Either.isLeft(renamed) && renamed.left._tag).toBe("CategoryNameTaken")
        // A category keeps its own name under a new case.
        expect(
          (await run(store((s) => s.updateCategory(golf.id, { ...twin, name: `GOLF ${word}` }))))
            .name,
        ).toBe(`GOLF ${word}`)
        const others = await run(store((s) => s.otherCategoryNames(golf.id)))
        expect(others).toContain(`Cash ${word}`)
        expect(others).not.toContain(`GOLF ${word}`)
        expect(await run(store((s) => s.otherCategoryNames(null)))).toEqual(
          expect.arrayContaining([`Cash ${word}`, `GOLF ${word}`]),
        )
      })

      it("links a competition once and unlinks it, as the storefront sees", async () => {
        const category = await newCategory()
        const competitionId = await seed().competition()
        const link = () => run(store((s) => s.link(category.id, competitionId)))
        const unlink = () => run(store((s) => s.unlink(category.id, competitionId)))
        expect(await link()).toBe(true)
        expect(await link()).toBe(false)
        expect(await categoriesOf(competitionId)).toEqual([category.id])
        expect(await unlink()).toBe(true)
        expect(await unlink()).toBe(false)
        expect(await categoriesOf(competitionId)).toEqual([])
        expect(await run(store((s) => s.unlink(category.id, "x")))).toBe(false)
        const toNothing = await either(store((s) => s.link(crypto.randomUUID(), competitionId)))
        expect(Either.isLeft(toNothing) && toNothing.left._tag).toBe("RepositoryError")
      })

      it("removes a category and its links, never the competitions it held", async () => {
        const category = await newCategory()
        const competitionId = await seed().competition()
        await run(store((s) => s.link(category.id, competitionId)))
        await run(store((s) => s.removeCategory(category.id)))
        const gone = await either(store((s) => s.category(category.id)))
        expect(Either.isLeft(gone) && gone.left._tag).toBe("CategoryNotFound")
        expect(await run(store((s) => s.competitionExists(competitionId)))).toBe(true)
        expect(await categoriesOf(competitionId)).toEqual([])
      })

      it("knows which competitions exist, hidden ones included", async () => {
        const competitionId = await seed().competition()
        const exists = (id: string) => run(store((s) => s.competitionExists(id)))
        expect(await exists(competitionId)).toBe(true)
        expect(await exists(crypto.randomUUID())).toBe(false)
        expect(await exists("x")).toBe(false)
      })

      it("undoes a write when the transaction it was in fails", async () => {
        const name = `Rolled back ${uniqueWord()}`
        let createdId = ""
        const failed = await either(
          Effect.flatMap(Transactions, (t) =>
            t.within(
              Effect.flatMap(
                store((s) =>
                  s.insertCategory({ name, description: "", visibilityStatus: "Visible" }),
                ),
                (created) => {
                  createdId = created.id
                  return Effect.fail("then something else failed" as const)
                },
              ),
            ),
          ),
        )
        expect(failed).toEqual(Either.left("then something else failed"))
        const after = await either(store((s) => s.category(createdId)))
        expect(Either.isLeft(after) && after.left._tag).toBe("CategoryNotFound")
      })
    })

    describe("attribute types", () => {
      it("reads back what is inserted and updated, and refuses a description twice", async () => {
        const word = uniqueWord()
        const signed = await run(store((s) => s.insertAttributeType(`Signed by ${word}`)))
        expect(await run(store((s) => s.attributeType(signed.id)))).toEqual(signed)
        expect(await run(store((s) => s.attributeType(crypto.randomUUID())))).toBeNull()
        expect(await run(store((s) => s.attributeType("x")))).toBeNull()
        const twice = await either(store((s) => s.insertAttributeType(`Signed by ${word}`)))
        expect(Either.isLeft(twice) && twice.left._tag).toBe("RepositoryError")
        const colour = await run(store((s) => s.insertAttributeType(`Colour ${word}`)))
        const renamed = await run(
          store((s) => s.updateAttributeType(signed.id, `Autograph ${word}`)),
        )
        expect(renamed).toEqual({ id: signed.id, description: `Autograph ${word}` })
        const clash = await either(
          store((s) => s.updateAttributeType(colour.id, `Autograph ${word}`)),
        )
        expect(Either.isLeft(clash) && clash.left._tag).toBe("RepositoryError")
        const others = await run(store((s) => s.otherAttributeDescriptions(colour.id)))
        expect(others).toContain(`Autograph ${word}`)
        expect(others).not.toContain(`Colour ${word}`)
        expect(await run(store((s) => s.otherAttributeDescriptions(null)))).toContain(
          `Colour ${word}`,
        )
      })

      it("lists by description, filtered literally, each once across pages (property)", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 6 }),
            fc.integer({ min: 1, max: 4 }),
            async (names, pageSize) => {
              const word = uniqueWord()
              for (const n of names) await run(store((s) => s.insertAttributeType(`${word} ${n}`)))
              const seen: string[] = []
              for (let pageNumber = 1; pageNumber <= 7; pageNumber++) {
                const page = await run(
                  store((s) =>
                    s.attributeTypes({
                      description: word.toUpperCase(),
                      page: { pageNumber, pageSize },
                    }),
                  ),
                )
                expect(page.totalCount).toBe(names.length)
                seen.push(...page.items.map((t) => t.description))
              }
              expect(seen).toEqual(names.map((n) => `${word} ${n}`).sort())
            },
          ),
          { numRuns: 10 },
        )
      })

      it("counts the competitions using a type, and never removes one in use", async () => {
        const description = `Signed by ${uniqueWord()}`
        await seed().competition({ [description]: "Root" })
        await seed().competition({ [description]: "Cook" })
        const used = (
          await run(
            store((s) => s.attributeTypes({ description, page: { pageNumber: 1, pageSize: 5 } })),
          )
        ).items[0]
        if (used === undefined) throw new Error("the seeded type is listed")
        expect(await run(store((s) => s.attributeTypeUses(used.id)))).toBe(2)
        await run(store((s) => s.removeAttributeType(used.id)))
        expect(await run(store((s) => s.attributeType(used.id)))).toEqual(used)
        const unused = await run(store((s) => s.insertAttributeType(`Unused ${uniqueWord()}`)))
        expect(await run(store((s) => s.attributeTypeUses(unused.id)))).toBe(0)
        await run(store((s) => s.removeAttributeType(unused.id)))
        expect(await run(store((s) => s.attributeType(unused.id)))).toBeNull()
      })
    })
  })
