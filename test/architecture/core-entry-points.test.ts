import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { lint, REPO_ROOT } from "./lint-probe"

/**
 * Decision 0103: `@howzat/core` has a deliberate public surface, one entry
 * per business area plus the rules, the ports and the testing entry, with
 * no wildcard. Nothing in the repository reaches past an entry into a
 * module's file, so moving a file inside core never breaks a caller, and
 * what another service may rely on is what core/package.json lists.
 */

interface Target {
  readonly "@howzat/source": string
  readonly types: string
  readonly default: string
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "core/package.json"), "utf8")) as {
  exports: Record<string, Target | string>
}
/** The entry points as an importer writes them: `@howzat/core`, `@howzat/core/orders`, … */
const ENTRIES = new Set(Object.keys(manifest.exports).map((key) => `@howzat/core${key.slice(1)}`))

/** Area folders with no entry of their own, and why. */
const WITHOUT_AN_ENTRY: Readonly<Record<string, string>> = {
  metrics: "a use case's span, core's own plumbing; the ShopMetrics port is in ./ports",
  "site-content": "in-memory doubles only (the use case is in staff); they are in ./testing",
}

/** Modules of an area that are core's own plumbing, not part of its entry. */
const INTERNAL_MODULES = new Set(["metrics/use-case-span.ts"])

const isPublicModule = (file: string) =>
  file.endsWith(".ts") &&
  file !== "index.ts" &&
  !/\.test\.tsx?$/.test(file) &&
  !/doubles\.ts$/.test(file) &&
  !/-fixtures\.ts$/.test(file)

const CORE_SRC = join(REPO_ROOT, "core/src")
const areas = readdirSync(CORE_SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "testing")
  .map((entry) => entry.name)

/** `@howzat/core…` specifiers a source file imports, re-exports or mocks. */
export const coreImports = (source: string): string[] =>
  [
    ...source.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|vi\.mock\(\s*)["'](@howzat\/core(?:\/[^"']*)?)["']/g,
    ),
  ].map((match) => match[1] ?? "")

const SKIPPED = new Set(["node_modules", "dist", ".data", "test-results", "playwright-report"])

/** Every source file of the repository's packages, written or generated. */
const sourceFiles = (folder: string): string[] =>
  readdirSync(join(REPO_ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`
    // A lint probe's throwaway folder (lint-probe.ts) holds deliberate deep imports.
    if (entry.isDirectory())
      return SKIPPED.has(entry.name) || entry.name.startsWith("lint-probe-")
        ? []
        : sourceFiles(path)
    return /\.(m|c)?[jt]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : []
  })

describe("core's exports map", () => {
  it("has no wildcard, and each entry's source, types and build mirror one index", () => {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      expect(subpath, "a wildcard makes every file public API").not.toContain("*")
      if (subpath === "./package.json") continue
      expect(typeof target, subpath).toBe("object")
      const { "@howzat/source": source, types, default: built } = target as Target
      const folder = subpath === "." ? "" : `${subpath.slice(2)}/`
      // The source condition first: the repository runs core from its .ts sources.
      expect(Object.keys(target as Target)[0], subpath).toBe("@howzat/source")
      expect([source, types, built], subpath).toEqual([
        `./src/${folder}index.ts`,
        `./dist/${folder}index.d.ts`,
        `./dist/${folder}index.js`,
      ])
      expect(existsSync(join(REPO_ROOT, "core", source)), source).toBe(true)
    }
  })

  it("has one entry per business area, besides the rules, the ports and the testing entry", () => {
    const withEntry = areas.filter((area) => !(area in WITHOUT_AN_ENTRY))
    expect([...ENTRIES].sort()).toEqual(
      [
        "@howzat/core",
        "@howzat/core/package.json",
        "@howzat/core/testing",
        ...withEntry.map((area) => `@howzat/core/${area}`),
      ].sort(),
    )
  })

  it("exports every module of an area from its index, so nothing public is out of reach", () => {
    const missing = areas
      .filter((area) => !(area in WITHOUT_AN_ENTRY))
      .flatMap((area) => {
        const index = readFileSync(join(CORE_SRC, area, "index.ts"), "utf8")
        return readdirSync(join(CORE_SRC, area))
          .filter(isPublicModule)
          .filter((file) => !INTERNAL_MODULES.has(`${area}/${file}`))
          .filter((file) => !index.includes(`"./${file.replace(/\.ts$/, ".js")}"`))
          .map((file) => `core/src/${area}/${file} is not exported from core/src/${area}/index.ts`)
      })
    expect(missing).toEqual([])
  })

  it("gives each area's entry every port its use cases import", () => {
    // A use case's entry is enough to compose it: the tags it asks for are there too.
    const lacking: string[] = []
    // The rules are plain functions with no use case to compose (a type from a port at most).
    for (const area of areas.filter(
      (a) => !(a in WITHOUT_AN_ENTRY) && !["ports", "rules"].includes(a),
    )) {
      const index = readFileSync(join(CORE_SRC, area, "index.ts"), "utf8")
      const used = new Set<string>()
      for (const file of readdirSync(join(CORE_SRC, area)).filter(isPublicModule))
        for (const match of readFileSync(join(CORE_SRC, area, file), "utf8").matchAll(
          /from "\.\.\/ports\/([a-z-]+)\.js"/g,
        ))
          used.add(match[1] ?? "")
      for (const port of used)
        if (!index.includes(`"../ports/${port}.js"`))
          lacking.push(`core/src/${area}/index.ts lacks ../ports/${port}.js`)
    }
    expect(lacking).toEqual([])
  })
})

describe("imports of core", () => {
  it("name an entry point, never a module's file", () => {
    // This file's own examples of deep imports are strings, not imports.
    const deep = ["core", "contracts", "adapters", "apps", "test", "tools"]
      .flatMap(sourceFiles)
      .filter((file) => file !== "test/architecture/core-entry-points.test.ts")
      .flatMap((file) =>
        coreImports(readFileSync(join(REPO_ROOT, file), "utf8"))
          .filter((specifier) => !ENTRIES.has(specifier))
          .map((specifier) => `${file}: ${specifier}`),
      )
    expect(deep).toEqual([])
  })

  it("are recognised however they are written", () => {
    expect(
      coreImports(
        [
          'import { pence } from "@howzat/core/rules/money"',
          'import type { Principal } from "@howzat/core/accounts"',
          'export * from "@howzat/core/orders/checkout"',
          'import "@howzat/core/rules/side-effect"',
          'const m = await import("@howzat/core/ports/clock")',
          'vi.mock("@howzat/core/draws/draws")',
          'import { Effect } from "effect"',
        ].join("\n"),
      ),
    ).toEqual([
      "@howzat/core/rules/money",
      "@howzat/core/accounts",
      "@howzat/core/orders/checkout",
      "@howzat/core/rules/side-effect",
      "@howzat/core/ports/clock",
      "@howzat/core/draws/draws",
    ])
  })

  it("fail the lint when they reach past an entry, with a message saying what to do", () => {
    for (const [folder, specifier] of [
      ["apps/server/src", "@howzat/core/rules/money"],
      ["apps/web/src", "@howzat/core/orders/checkout"],
      ["adapters/postgres/src", "@howzat/core/ports/orders"],
      ["contracts/src", "@howzat/core/accounts/model"],
      ["test/contracts", "@howzat/core/testing/arbitraries"],
      ["tools/verify-draw", "@howzat/core/draws/procedure"],
    ] as const) {
      const result = lint(
        folder,
        "example.ts",
        `import * as m from "${specifier}"\nexport const all = m\n`,
      )
      expect(result.failed, `${specifier} from ${folder}`).toBe(true)
      expect(result.output).toContain("decision 0103")
    }
  })

  it("pass the lint through every entry point", () => {
    const specifiers = [...ENTRIES].filter((entry) => !entry.endsWith("package.json"))
    const source = `${specifiers.map((s, i) => `import * as m${i} from "${s}"`).join("\n")}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(", ")}]\n`
    const result = lint("apps/server/src", "example.ts", source)
    expect(result.failed, result.output).toBe(false)
  })

  it("agree with the lint rule: it lets through exactly the entry points", () => {
    const biome = JSON.parse(readFileSync(join(REPO_ROOT, "biome.json"), "utf8"))
    const override = biome.overrides.find((o: { includes: string[] }) =>
      o.includes.includes("apps/**"),
    )
    const patterns: { group: string[] }[] =
      override.linter.rules.style.noRestrictedImports.options.patterns
    const group = patterns.find((p) => p.group.includes("@howzat/core/**"))?.group ?? []
    expect(
      new Set(group.filter((entry) => entry.startsWith("!")).map((entry) => entry.slice(1))),
    ).toEqual(
      new Set(
        [...ENTRIES].filter((entry) => entry !== "@howzat/core" && !entry.endsWith("package.json")),
      ),
    )
    expect(override.includes).toEqual(expect.arrayContaining(["contracts/**"]))
  })
})
