import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { auditListParams, auditSearch, fieldChanges } from "./audit-log"

describe("the audit log's filters", () => {
  it("keeps what it understands from the URL", () => {
    expect(
      auditSearch({
        page: "3",
        actor: "0b7f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
        action: " Promotion.Update ",
        from: "2026-07-01",
        to: "2026-02-31",
        subjectId: "",
      }),
    ).toEqual({
      page: 3,
      actor: "0b7f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      action: "Promotion.Update",
      subjectType: undefined,
      subjectId: undefined,
      from: "2026-07-01",
      to: undefined,
    })
    expect(auditSearch({ actor: "not-a-user" }).actor).toBeUndefined()
  })

  it("asks for whole UK days", () => {
    expect(auditListParams({ from: "2026-07-01", to: "2026-07-01" })).toMatchObject({
      From: "2026-06-30T23:00:00.000Z",
      To: "2026-07-01T22:59:59.999Z",
    })
  })
})

describe("an entry's before and after", () => {
  it("marks only the fields that changed", () => {
    expect(
      fieldChanges({ code: "A", percent: 10, dates: [1] }, { code: "A", percent: 15, dates: [1] }),
    ).toEqual([
      { field: "code", before: '"A"', after: '"A"', changed: false },
      { field: "percent", before: "10", after: "15", changed: true },
      { field: "dates", before: "[\n  1\n]", after: "[\n  1\n]", changed: false },
    ])
  })

  it("shows a creation and a deletion whole", () => {
    expect(fieldChanges(null, { name: "Prizes" })).toEqual([
      { field: "name", before: undefined, after: '"Prizes"', changed: true },
    ])
    expect(fieldChanges({ name: "Prizes" }, null)).toEqual([
      { field: "name", before: '"Prizes"', after: undefined, changed: true },
    ])
    expect(fieldChanges("old", "new")).toEqual([
      { field: "value", before: '"old"', after: '"new"', changed: true },
    ])
  })

  it("lists each field once and flags it exactly when its values differ", () => {
    const values = fc.dictionary(
      fc.constantFrom("a", "b", "c", "d"),
      fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
    )
    fc.assert(
      fc.property(values, values, (before, after) => {
        const changes = fieldChanges(before, after)
        const fields = changes.map((c) => c.field)
        expect(new Set(fields).size).toBe(fields.length)
        expect(new Set(fields)).toEqual(new Set([...Object.keys(before), ...Object.keys(after)]))
        for (const c of changes) {
          const differs =
            !(c.field in before) ||
            !(c.field in after) ||
            JSON.stringify(before[c.field]) !== JSON.stringify(after[c.field])
          expect(c.changed).toBe(differs)
        }
      }),
    )
  })
})
