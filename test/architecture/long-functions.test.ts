import { describe, expect, it } from "vitest"
import { LINE_LIMIT, longFunctions, longFunctionsIn } from "./long-functions"

/**
 * Decision 0102: a function should read in one sitting. The production
 * code's functions over LINE_LIMIT lines are counted, and the count may
 * only go down. Split one, and lower RECORDED to the new count in the same
 * commit; a new long function fails here with its file:line.
 */
const RECORDED = 113

describe("long functions", () => {
  it(`stay at the ${RECORDED} recorded production functions over ${LINE_LIMIT} lines`, () => {
    const found = longFunctions()
    const list = found.map((f) => `  ${f.at} ${f.name} (${f.lines} lines)`).join("\n")
    if (found.length > RECORDED)
      expect.fail(
        `${found.length} functions run over ${LINE_LIMIT} lines, ${found.length - RECORDED} more than the ${RECORDED} recorded (docs/decisions/0102-functions-that-read-in-one-sitting.md). Split the new one; the long functions, longest first:\n${list}`,
      )
    // Fewer than recorded: lower RECORDED to the new count, so it cannot grow back.
    expect(
      found.length,
      `Only ${found.length} long functions now: lower RECORDED in long-functions.test.ts to ${found.length}.\n${list}`,
    ).toBe(RECORDED)
  })

  it("counts a long function once, where it starts, and nested long ones on their own", () => {
    const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const a${i} = ${i}`)
    const text = [
      "export const short = () => 1",
      "export function outer() {",
      ...body(60),
      "  const inner = () => {",
      ...body(LINE_LIMIT),
      "  }",
      ...body(60),
      "}",
      "export const make = () =>",
      "  wrap(function* () {",
      ...body(LINE_LIMIT),
      "  })",
    ].join("\n")
    const found = longFunctionsIn("example.ts", text)
    expect(found.map((f) => [f.at, f.name])).toEqual([
      ["example.ts:2", "outer"],
      ["example.ts:63", "inner"],
      // The generator is all but the whole of make: one shape, counted once.
      ["example.ts:226", "make"],
    ])
  })
})
