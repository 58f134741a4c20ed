import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const biome = join(root, "node_modules/.bin/biome")

/**
 * What `npm run lint` says of `source` as a file under `folder`. Biome's
 * overrides go by path, and its stdin mode reports no diagnostics, so the
 * probe is a real file in a throwaway folder there, removed afterwards.
 */
const lint = (folder: string, fileName: string, source: string) => {
  const probe = join(root, folder, `lint-probe-${process.pid}`)
  const file = join(probe, fileName)
  mkdirSync(dirname(file), { recursive: true })
  try {
    writeFileSync(file, source)
    const run = spawnSync(biome, ["lint", file], { cwd: root, encoding: "utf8" })
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

/**
 * Issue 14 §4: the architecture is a lint rule (biome.json's override for
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
