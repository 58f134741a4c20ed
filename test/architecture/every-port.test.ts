import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import * as ports from "@howzat/core/ports"
import * as testing from "@howzat/core/testing"
import { Context } from "effect"
import { describe, expect, it } from "vitest"
import { REPO_ROOT } from "./lint-probe"

/**
 * Decision 0057: `@howzat/core/testing` holds an in-memory adapter of every
 * port, and those pass the same suites as the production adapters, so they
 * cannot drift (decisions 0054 and 0057). A port added to core without
 * either fails here, not in another team's property test.
 */

const CONTRACTS = join(REPO_ROOT, "test/contracts")

/** Every Context.Tag `@howzat/core/ports` exports, by class name (core/src/ports/index.ts). */
const portTags = async (): Promise<string[]> => {
  const names: string[] = []
  for (const [name, value] of Object.entries(ports)) {
    // A Context.Reference is a setting with a default (ShopLinks' origin), not a port.
    if (Context.isTag(value) && !("defaultValue" in value)) names.push(name)
  }
  return names.sort()
}

/**
 * Ports whose production adapter is not a table of ours, so there is no
 * database to hold the double to: the in-memory adapter each test uses,
 * exported from `@howzat/core/testing`. A contract would be welcome for each;
 * their tests live beside the adapters (sandbox gateway, drand, S3, sharp).
 */
const WITHOUT_A_CONTRACT: Readonly<Record<string, string>> = {
  AccessTokens: "accountServicesOver",
  PasswordHasher: "accountServicesOver",
  PaymentGateway: "paymentDoublesOver",
  PaymentGateways: "paymentDoublesOver",
  RandomnessBeacon: "drawDoublesOver",
  FileStore: "memoryImages",
  ImageVariants: "memoryImages",
  SecureRandom: "drawDoublesOver",
  ShopLinks: "postalDoublesOver",
  // Counters in memory (adapters/http/src/shop-counters.ts), no table: a recording double.
  ShopMetrics: "recordingShopMetrics",
}

const contractTexts = readdirSync(CONTRACTS)
  .filter((file) => file.endsWith(".contract.ts"))
  .map((file) => ({ file, text: readFileSync(join(CONTRACTS, file), "utf8") }))

describe("every port of core", () => {
  it("is held to a contract on memory and the database, or has a named double", async () => {
    const tags = await portTags()
    expect(tags.length).toBeGreaterThan(40)
    const uncovered = tags.filter((tag) => {
      const inAContract = contractTexts.some(({ text }) => new RegExp(`\\b${tag}\\b`).test(text))
      const double = WITHOUT_A_CONTRACT[tag]
      return (
        !inAContract &&
        (double === undefined || typeof (testing as Record<string, unknown>)[double] !== "function")
      )
    })
    expect(uncovered).toEqual([])
  })

  it("runs each contract on the in-memory adapter and on the production adapter", () => {
    const files = readdirSync(CONTRACTS)
    // A database port runs on PGlite and PostgreSQL; a port outside the database
    // (the PDF maker, the declared age check) on its production adapter.
    const missing = contractTexts.flatMap(({ file }) => {
      const port = file.replace(/\.contract\.ts$/, "")
      const twins = files.filter((f) => f.startsWith(`${port}.`) && f.endsWith(".test.ts"))
      const backends = twins.map((f) => f.slice(port.length + 1, -".test.ts".length))
      const real = backends.filter((b) => b !== "memory")
      const database = real.some((b) => b === "pglite" || b === "postgres")
      const bothDatabases = real.includes("pglite") && real.includes("postgres")
      return backends.includes("memory") && real.length > 0 && (!database || bothDatabases)
        ? []
        : [`${port}: ${backends.join(", ") || "no twins"}`]
    })
    expect(missing).toEqual([])
  })

  it("has no in-memory adapter that dies on a method the tests did not need", () => {
    const doubles = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const path = join(folder, entry.name)
        if (entry.isDirectory()) return doubles(path)
        return /doubles\.ts$/.test(entry.name) ? [path] : []
      })
    const partial = doubles(join(REPO_ROOT, "core/src")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${file.slice(REPO_ROOT.length)}:${i + 1}` }))
        .filter(({ line }) => /not used by|unused\(/.test(line) && !/const unused/.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    )
    expect(partial).toEqual([])
  })

  it("is listed in docs/core.md with doubles that exist", async () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/core.md"), "utf8")
    const rows = doc.split("\n").filter((line) => /^\| `[a-z-]+`: /.test(line))
    const listedPorts = new Set(
      rows.flatMap((row) => (row.split("|")[1] ?? "").match(/\b[A-Z][A-Za-z]+\b/g) ?? []),
    )
    expect((await portTags()).filter((tag) => !listedPorts.has(tag))).toEqual([])
    const named = rows.flatMap((row) =>
      [...(row.split("|")[3] ?? "").matchAll(/`([A-Za-z]+)[(`]/g)].map((m) => m[1] ?? ""),
    )
    expect(named.length).toBeGreaterThan(40)
    expect(named.filter((name) => !(name in testing))).toEqual([])
  })
})
