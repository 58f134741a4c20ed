import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { lint, REPO_ROOT } from "./lint-probe"

const imports = (...specifiers: string[]) =>
  `${specifiers.map((s, i) => `import * as m${i} from "${s}"`).join("\n")}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(", ")}]\n`

/**
 * Decision 0056, second half: an app (or a bench, a tool, another adapter)
 * reaches an adapter only through the entry points its package.json exports
 * (decision 0056), and a deep import fails `npm run lint`, not just the
 * resolver, so the message says what to do instead.
 */
describe("imports of an adapter from outside it", () => {
  it("refuses a deep import from an app, a bench or another adapter", () => {
    for (const [folder, specifier] of [
      ["apps/server/src", "@howzat/postgres/repos/images"],
      ["apps/server/src", "@howzat/pdf/pdf-text"],
      ["apps/server/src", "@howzat/postgres/testing/extra"],
      ["apps/web/src", "@howzat/api-client/token"],
      ["apps/admin/src", "@howzat/http/files-route"],
      ["test/bench", "@howzat/postgres/database"],
      ["tools/verify-draw", "@howzat/beacon/rounds"],
      ["adapters/payments/src", "@howzat/postgres/repos/sandbox-intents"],
    ] as const) {
      const result = lint(folder, "example.ts", imports(specifier))
      expect(result.failed, `${specifier} from ${folder}`).toBe(true)
      expect(result.output).toContain("noRestrictedImports")
    }
  })

  it("lets an app use every public entry point, and an adapter its own modules", () => {
    const server = lint(
      "apps/server/src",
      "example.ts",
      imports(
        "@howzat/postgres",
        "@howzat/postgres/testing",
        "@howzat/pdf/testing",
        "@howzat/http",
      ),
    )
    expect(server.failed, server.output).toBe(false)
    const web = lint("apps/web/src", "example.ts", imports("@howzat/api-client"))
    expect(web.failed, web.output).toBe(false)
    const own = lint("adapters/postgres/src", "example.ts", imports("../database"))
    expect(own.failed, own.output).toBe(false)
  })
})

interface Pattern {
  readonly group: readonly string[]
}

/** The restricted-import patterns of biome.json's override for apps. */
const appPatterns = (): readonly Pattern[] => {
  const biome = JSON.parse(readFileSync(join(REPO_ROOT, "biome.json"), "utf8"))
  const override = biome.overrides.find((o: { includes: string[] }) =>
    o.includes.includes("apps/**"),
  )
  // Core's entry points have a pattern of their own (core-entry-points.test.ts).
  return override.linter.rules.style.noRestrictedImports.options.patterns.filter(
    (pattern: Pattern) => !pattern.group.includes("@howzat/core/**"),
  )
}

const adapters = readdirSync(join(REPO_ROOT, "adapters")).map((folder) => {
  const manifest = JSON.parse(
    readFileSync(join(REPO_ROOT, "adapters", folder, "package.json"), "utf8"),
  ) as { name: string; exports: Record<string, string> }
  return { folder, name: manifest.name, exports: manifest.exports }
})

/** The lint rule and the resolver must agree, or one lets through what the other refuses. */
describe("adapters' exports maps", () => {
  it("name files that exist, with no wildcard", () => {
    expect(adapters.length).toBeGreaterThan(0)
    for (const { folder, name, exports } of adapters) {
      expect(Object.keys(exports), name).toContain(".")
      for (const [subpath, target] of Object.entries(exports)) {
        expect(subpath, name).not.toContain("*")
        expect(existsSync(join(REPO_ROOT, "adapters", folder, target)), `${name} ${subpath}`).toBe(
          true,
        )
      }
    }
  })

  it("are exactly what the lint rule lets an app import", () => {
    const group = appPatterns().flatMap((pattern) => pattern.group)
    const refused = group.filter((entry) => !entry.startsWith("!"))
    const allowed = group.filter((entry) => entry.startsWith("!")).map((entry) => entry.slice(1))
    expect(new Set(refused)).toEqual(new Set(adapters.map(({ name }) => `${name}/**`)))
    expect(new Set(allowed)).toEqual(
      new Set(
        adapters.flatMap(({ name, exports }) =>
          Object.keys(exports)
            .filter((subpath) => subpath !== ".")
            .map((subpath) => `${name}${subpath.slice(1)}`),
        ),
      ),
    )
  })
})
