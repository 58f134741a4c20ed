import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { REPO_ROOT } from "./lint-probe"

/**
 * The testing entries (`@howzat/core/testing`, `@howzat/postgres/testing`,
 * `@howzat/pdf/testing`) hold doubles and fixtures: an in-memory store, a
 * fixed clock, an argon2 hash that is not checked. Shipped code that
 * imported one would run a shop on a double, so nothing outside the tests
 * may (decision 0057).
 */

/** Files that exist for tests only, and may use the testing entries. */
const TEST_ONLY = [
  /\.test\.tsx?$/,
  /\.suite\.ts$/,
  /\.child\.ts$/,
  /(^|\/)test-support\//,
  /(^|\/)testing(\/|\.ts$)/,
  /(^|-|\/)(test-)?doubles\.ts$/,
  /-fixtures\.ts$/,
  /(^|\/)suite-database\.ts$/,
]

/** The import specifiers that reach a testing entry or a doubles module. */
export const testingImports = (source: string): string[] =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)]
    .map((match) => match[1] ?? "")
    .filter(
      (specifier) =>
        /^@howzat\/[^/]+\/testing(\/|$)/.test(specifier) ||
        (specifier.startsWith(".") && /(\/testing(\/|\.js$|$)|doubles(\.js)?$)/.test(specifier)),
    )

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory())
      return ["node_modules", "dist"].includes(entry.name) ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : []
  })

const SHIPPED = [
  "core/src",
  "contracts/src",
  ...readdirSync(join(REPO_ROOT, "adapters")).map((a) => `adapters/${a}/src`),
  ...readdirSync(join(REPO_ROOT, "apps")).map((a) => `apps/${a}/src`),
]

describe("the testing entries", () => {
  it("are imported by tests only, never by shipped code", () => {
    const offenders = SHIPPED.flatMap((folder) => sourceFiles(join(REPO_ROOT, folder)))
      .map((file) => relative(REPO_ROOT, file))
      .filter((file) => !TEST_ONLY.some((pattern) => pattern.test(file)))
      .flatMap((file) =>
        testingImports(readFileSync(join(REPO_ROOT, file), "utf8")).map((s) => `${file}: ${s}`),
      )
    expect(offenders).toEqual([])
  })

  it("are recognised however they are written", () => {
    expect(
      testingImports(
        [
          'import { emptyAccountStore } from "@howzat/core/testing"',
          'import { makeOrderRepo } from "@howzat/postgres/testing"',
          'const m = await import("../orders/test-doubles.js")',
          'export * from "../testing/index.js"',
          'import { Effect } from "effect"',
          'import { pence } from "../rules/money.js"',
          'import { PostgresLayer } from "@howzat/postgres"',
        ].join("\n"),
      ),
    ).toEqual([
      "@howzat/core/testing",
      "@howzat/postgres/testing",
      "../orders/test-doubles.js",
      "../testing/index.js",
    ])
  })
})
