import { describe, expect, it } from "vitest"
import { lint } from "./lint-probe"

/**
 * Decision 0056: the architecture is a lint rule (biome.json's override for
 * core), so a core module that reaches for an adapter or the platform
 * fails `npm run lint` before anyone reviews it.
 */
describe("core's imports", () => {
  it("refuses an adapter, an app or a platform module in core", () => {
    for (const source of [
      'import { PostgresLayer } from "@howzat/postgres"\nexport const x = PostgresLayer\n',
      'import { x } from "../../../adapters/http/src/app"\nexport const y = x\n',
      'import { Hono } from "hono"\nexport const x = Hono\n',
      'import { createHash } from "node:crypto"\nexport const x = createHash\n',
      'import { Kysely } from "kysely"\nexport const x = Kysely\n',
    ]) {
      const result = lint("core/src/rules", "example.ts", source)
      expect(result.failed, source).toBe(true)
      expect(result.output).toContain("noRestrictedImports")
    }
  })

  it("lets core use Effect, its own modules and the contracts, and lets tests cross-check on Node", () => {
    expect(
      lint(
        "core/src/rules",
        "example.ts",
        'import { Effect } from "effect"\nimport { pence } from "../money"\nexport const x = [Effect, pence]\n',
      ).failed,
    ).toBe(false)
    expect(
      lint(
        "core/src/rules",
        "example.test.ts",
        'import { createHash } from "node:crypto"\nexport const x = createHash\n',
      ).failed,
    ).toBe(false)
  })

  it("leaves adapters free to use the platform", () => {
    expect(
      lint(
        "adapters/http/src",
        "example.ts",
        'import { Hono } from "hono"\nexport const x = Hono\n',
      ).failed,
    ).toBe(false)
  })
})
