import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { HttpApi, OpenApi } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { describe, expect, it } from "vitest"
import { endpoints } from "./endpoints.gen"
import { generate, generatedFile } from "./generate"

/**
 * The client reaches the API only through the generated table: these
 * checks fail when an entry of it matches no endpoint of the contracts,
 * when the contracts have an endpoint the table lacks, or when the
 * committed table is older than the contracts.
 */

type Entry = readonly [string, string, number]
const rows = Object.entries(endpoints).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, Entry>).map(([name, [method, template, auth]]) => ({
    key: `${group}.${name}`,
    method,
    template,
    auth,
  })),
)

describe("the endpoint table", () => {
  it("is what the contracts generate today (run `npm run generate -w @howzat/api-client`)", async () => {
    const { source } = await generate()
    expect(readFileSync(generatedFile, "utf8")).toBe(source)
  })

  it("names every endpoint of the contracts, by group and name, with its method and path", () => {
    const reflected: string[] = []
    HttpApi.reflect(HowzatApi, {
      onGroup: () => {},
      onEndpoint: ({ group, endpoint }) =>
        reflected.push(`${group.identifier}.${endpoint.name} ${endpoint.method} ${endpoint.path}`),
    })
    expect(rows.map((r) => `${r.key} ${r.method} ${r.template}`).sort()).toEqual(reflected.sort())
  })

  it("matches each call to one operation of the OpenAPI document the server publishes", () => {
    const spec = OpenApi.fromApi(HowzatApi)
    for (const row of rows) {
      const openApiPath = row.template.replace(/:([A-Za-z0-9_]+)/g, "{$1}")
      const operation = (spec.paths[openApiPath] as Record<string, unknown> | undefined)?.[
        row.method.toLowerCase()
      ] as { security?: unknown[] } | undefined
      expect(operation, `${row.key}: ${row.method} ${openApiPath}`).toBeDefined()
      // A call that sends a bearer token is one the document says takes one.
      if (row.auth > 0) expect(operation?.security?.length, row.key).toBeGreaterThan(0)
    }
  })
})

/** Every app's source, tests aside: none of it may type an API address by hand. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry)
    if (statSync(file).isDirectory()) return entry === "node_modules" ? [] : sourceFiles(file)
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$|\.gen\.ts$/.test(entry) ? [file] : []
  })

describe("the apps", () => {
  const apps = path.resolve(import.meta.dirname, "../../../apps")
  const browserApps = readdirSync(apps)
    .filter((app) => app !== "server")
    .map((app) => path.join(apps, app, "src"))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())

  it("type no API path by hand: every call goes through the client", () => {
    expect(browserApps.length).toBeGreaterThan(0)
    const handTyped = browserApps
      .flatMap(sourceFiles)
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ file, line: i + 1, text: line }))
          .filter(({ text }) => /["'`]\/api(\/|["'`])/.test(text)),
      )
      .map(({ file, line, text }) => `${path.relative(apps, file)}:${line}: ${text.trim()}`)
    expect(handTyped).toEqual([])
  })
})
