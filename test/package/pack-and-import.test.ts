import { type ExecFileOptions, execFile } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const execFileAsync = promisify(execFile)
/** A failed command's own output in the failure: npm pack's is tsc's build errors. */
const run = (file: string, args: readonly string[], options: ExecFileOptions) =>
  execFileAsync(file, args, { ...options, encoding: "utf8" }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`${error.message}\n${error.stdout ?? ""}${error.stderr ?? ""}`)
    },
  )

/**
 * Decision 0052: another team's service, with no TypeScript loader, installs
 * @howzat/core and @howzat/contracts from the tarballs `npm pack` makes (each
 * package's prepack builds it with tsc -b) and imports them with plain Node.
 * The folder sits outside the repository, so nothing resolves from the
 * workspace: only what the tarballs and their declared dependencies hold.
 */
describe("the packed core, installed into an empty service", () => {
  let service: string
  // Plain Node: no tsx, no @howzat/source condition inherited from the runner.
  const plainEnv = { ...process.env, NODE_OPTIONS: "" }
  const node = (file: string) =>
    run(process.execPath, [file], { cwd: service, env: plainEnv }).then(({ stdout }) => stdout)

  beforeAll(async () => {
    service = mkdtempSync(join(tmpdir(), "howzat-consumer-"))
    await run("npm", ["pack", "--silent", "--pack-destination", service, "./core", "./contracts"], {
      cwd: root,
      env: plainEnv,
    })
    const tarballs = readdirSync(service).filter((name) => name.endsWith(".tgz"))
    writeFileSync(
      join(service, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module" }),
    )
    await run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        ...tarballs.map((t) => `./${t}`),
        // @howzat/core/testing's optional peer: the team that property-tests installs it.
        "fast-check@^4.3.0",
      ],
      { cwd: service, env: plainEnv },
    )
  }, 240_000)

  afterAll(() => {
    if (service) rmSync(service, { recursive: true, force: true })
  })

  it("imports the rules and the use cases with plain Node", async () => {
    writeFileSync(
      join(service, "rules.mjs"),
      `import { odds, roundUp, Checkout, competitionPhase } from "@howzat/core"
import { problemType } from "@howzat/contracts"
console.log(JSON.stringify({
  odds: odds(1000, 5),
  roundUp: roundUp(1234, 0),
  wholePound: roundUp(1200, 0),
  checkout: Checkout.key,
  phase: typeof competitionPhase,
  problem: typeof problemType,
}))
`,
    )
    expect(JSON.parse(await node("rules.mjs"))).toEqual({
      odds: 200,
      roundUp: 66,
      wholePound: 100,
      checkout: "@howzat/core/Checkout",
      phase: "function",
      problem: "function",
    })
  })

  it("property-tests against @howzat/core/testing: arbitraries and in-memory adapters", async () => {
    writeFileSync(
      join(service, "property.mjs"),
      `import { BasketRepo, basketTotals } from "@howzat/core"
import { arbitraryBasket, emptyOrderStore, orderDoublesOver } from "@howzat/core/testing"
import { Effect } from "effect"
import fc from "fast-check"
let runs = 0
fc.assert(fc.property(arbitraryBasket(), (basket) => {
  runs += 1
  const totals = basketTotals(basket)
  return totals.basketTotal >= 0 && totals.siteCreditDebit <= basket.siteCreditBalance
}))
const items = await Effect.runPromise(Effect.gen(function* () {
  const baskets = yield* BasketRepo
  const { id } = yield* baskets.create(null)
  yield* baskets.setItem({ basketId: id, owner: null }, "a", 3)
  yield* baskets.setItem({ basketId: id, owner: null }, "a", 5)
  return (yield* baskets.byId(id)).items.map((item) => [item.competitionId, item.quantity])
}).pipe(Effect.provide(orderDoublesOver(emptyOrderStore()))))
console.log(JSON.stringify({ runs, items }))
`,
    )
    expect(JSON.parse(await node("property.mjs"))).toEqual({ runs: 100, items: [["a", 5]] })
  })

  it("keeps test doubles, test files and single modules out of the public API", async () => {
    writeFileSync(
      join(service, "private.mjs"),
      `const codes = []
for (const path of ["@howzat/core/orders/test-doubles", "@howzat/core/orders/checkout-doubles", "@howzat/core/rules/money.test", "@howzat/core/testing/index", "@howzat/core/rules/money", "@howzat/core/orders/checkout", "@howzat/core/src/index.ts"]) {
  try { await import(path); codes.push("importable") } catch (error) { codes.push(error.code) }
}
console.log(JSON.stringify(codes))
`,
    )
    expect(JSON.parse(await node("private.mjs"))).toEqual(
      Array(7).fill("ERR_PACKAGE_PATH_NOT_EXPORTED"),
    )
  })

  it("ships type declarations a TypeScript service compiles against", async () => {
    writeFileSync(
      join(service, "service.ts"),
      `import { odds, roundUp, type Pence } from "@howzat/core"
import { pence } from "@howzat/core/rules"
const total: Pence = pence(1234)
export const chance: number = odds(1000, 5)
export const donation: Pence = roundUp(total, pence(0))
// @ts-expect-error: a rule's arguments are checked against the declarations
roundUp("12.34", 0)
`,
    )
    const tsc = join(root, "node_modules/typescript/bin/tsc")
    const { stdout } = await run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "nodenext",
        "--target",
        "es2022",
        "service.ts",
      ],
      { cwd: service, env: plainEnv },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    expect(stdout).toBe("")
  })
})
