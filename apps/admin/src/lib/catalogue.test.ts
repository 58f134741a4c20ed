import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type CategoryValues,
  categoryPayload,
  categoryValues,
  formatBytes,
  moveItem,
  requiredText,
  uploadForm,
} from "./catalogue"

const trimmed = fc.string({ maxLength: 40 }).map((s) => s.trim())

describe("category form", () => {
  it("a saved category's values survive payload → values", () => {
    fc.assert(
      fc.property(
        trimmed,
        trimmed,
        fc.constantFrom("Visible" as const, "Hidden" as const),
        (name, description, visibilityStatus) => {
          const values: CategoryValues = { name, description, visibilityStatus }
          expect(categoryValues(categoryPayload(values) as CategoryValues)).toEqual(values)
        },
      ),
    )
  })

  it("sends names without surrounding spaces", () => {
    expect(
      categoryPayload({ name: "  Cars ", description: " fast ", visibilityStatus: "Hidden" }),
    ).toEqual({ name: "Cars", description: "fast", visibilityStatus: "Hidden" })
  })

  it("asks for a name", () => {
    expect(requiredText("A name is required")("   ")).toBe("A name is required")
    expect(requiredText("A name is required")("Cars")).toBeUndefined()
  })
})

describe("upload form", () => {
  it("names every file as a `files` part, and the description once", () => {
    const a = new File([new Uint8Array([1])], "a.png")
    const b = new File([new Uint8Array([2])], "b.jpg")
    const form = uploadForm([a, b], "  Prize photos ")
    expect(form.getAll("files").map((f) => (f as File).name)).toEqual(["a.png", "b.jpg"])
    expect(form.get("description")).toBe("Prize photos")
    expect(uploadForm([a], "  ").has("description")).toBe(false)
  })
})

describe("ordering a group's images", () => {
  it("moving keeps every image exactly once", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { maxLength: 20 }),
        fc.integer({ min: -3, max: 25 }),
        fc.integer({ min: -30, max: 30 }),
        (ids, index, delta) => {
          const moved = moveItem(ids, index, delta)
          expect([...moved].sort()).toEqual([...ids].sort())
        },
      ),
    )
  })

  it("moves one place up or down, and stops at the ends", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"])
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"])
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"])
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"])
  })

  it("moving up then down is where it started", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { minLength: 2, maxLength: 20 }),
        fc.nat(),
        (ids, i) => {
          const index = 1 + (i % (ids.length - 1))
          expect(moveItem(moveItem(ids, index, -1), index - 1, 1)).toEqual(ids)
        },
      ),
    )
  })
})

it("sizes in words", () => {
  expect(formatBytes(null)).toBe("—")
  expect(formatBytes(500)).toBe("500 bytes")
  expect(formatBytes(2048)).toBe("2 KB")
  expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB")
})
