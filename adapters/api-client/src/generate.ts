/**
 * Writes src/endpoints.gen.ts from the contracts: for every endpoint of
 * HowzatApi its method, path and whether it reads the caller (the runtime
 * table, a few hundred bytes in the browser), and its parameter, body,
 * answer and problem types as the wire carries them. Exported schemas are
 * named (`typeof catalogue.CompetitionList.Encoded`) so the types stay exact
 * and readable; inline ones are printed from their AST.
 *
 * Run `npm run generate -w @howzat/api-client` after changing the contracts;
 * endpoints.test.ts fails while the committed table is stale.
 */
import { readdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { HttpApi, HttpApiError, HttpApiSchema } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { Authentication, OptionalAuthentication } from "@howzat/contracts/security"
import { SchemaAST as AST, Option, Schema } from "effect"
import { printSchemaType } from "./print-schema"

// The workspace's contracts package, whose every module may export schemas.
const contractsDir = path.resolve(import.meta.dirname, "../../../contracts/src")
export const generatedFile = path.join(import.meta.dirname, "endpoints.gen.ts")

/** 0: nobody needed; 1: a caller is read when there is one; 2: a caller is required. */
export type AuthLevel = 0 | 1 | 2

interface Named {
  readonly ast: AST.AST
  readonly ref: string
}

const alias = (file: string) => file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

const contractModules = () =>
  readdirSync(contractsDir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3))
    .sort()

/** Every schema the contracts export, by the name a type import reaches it with. */
const namedSchemas = async (modules: readonly string[]): Promise<Named[]> => {
  const named: Named[] = []
  for (const module of modules) {
    const exports: Record<string, unknown> = await import(
      pathToFileURL(path.join(contractsDir, `${module}.ts`)).href
    )
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (Schema.isSchema(value)) named.push({ ast: value.ast, ref: `${alias(module)}.${name}` })
    }
  }
  return named
}

/**
 * `addSuccess(schema, { status })` answers with an annotated copy of the
 * schema: the same node but for its annotations, which still names it.
 */
const sameNode = (a: AST.AST, b: AST.AST): boolean => {
  if (a === b) return true
  if (a._tag !== b._tag) return false
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  keys.delete("annotations")
  for (const key of keys) {
    if (
      (a as unknown as Record<string, unknown>)[key] !==
      (b as unknown as Record<string, unknown>)[key]
    )
      return false
  }
  return true
}

const members = (ast: AST.AST): readonly AST.AST[] => (AST.isUnion(ast) ? ast.types : [ast])

const union = (types: readonly string[]) =>
  types.length === 0 ? "never" : [...new Set(types)].join(" | ")

export interface GeneratedEndpoint {
  readonly group: string
  readonly name: string
  readonly method: string
  readonly path: string
  readonly auth: AuthLevel
}

export const generate = async (): Promise<{ source: string; endpoints: GeneratedEndpoint[] }> => {
  const modules = contractModules()
  const named = await namedSchemas(modules)
  const used = new Set<string>()
  const typeOf = (ast: AST.AST, side: "Encoded" | "Type"): string => {
    const hit = named.find((n) => sameNode(n.ast, ast))
    if (!hit) return printSchemaType(ast, side === "Encoded" ? "encoded" : "type")
    used.add(hit.ref.split(".")[0]!)
    return `typeof ${hit.ref}.${side}`
  }
  const params = (schema: Option.Option<{ readonly ast: AST.AST }>) =>
    Option.match(schema, {
      onNone: () => "never",
      onSome: ({ ast }) => `ParamsInput<${typeOf(ast, "Encoded")}, ${typeOf(ast, "Type")}>`,
    })

  const decodeError = HttpApiError.HttpApiDecodeError.ast
  const endpoints: GeneratedEndpoint[] = []
  const groups = new Map<string, string[]>()
  HttpApi.reflect(HowzatApi, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint, middleware }) => {
      // The set holds the middleware tags themselves; compare them as plain values.
      const uses = (tag: unknown) => [...middleware].some((m) => m === tag)
      const auth: AuthLevel = uses(Authentication) ? 2 : uses(OptionalAuthentication) ? 1 : 0
      endpoints.push({
        group: group.identifier,
        name: endpoint.name,
        method: endpoint.method,
        path: endpoint.path,
        auth,
      })
      const success = members(endpoint.successSchema.ast).map((ast) =>
        HttpApiSchema.isVoid(ast) ? "void" : typeOf(ast, "Encoded"),
      )
      const problems = [HowzatApi.errorSchema, group.errorSchema, endpoint.errorSchema]
        .flatMap((s) => members(s.ast))
        .filter((ast) => ast !== decodeError && ast._tag !== "NeverKeyword")
        .map((ast) => typeOf(ast, "Encoded"))
      const payload = endpoint.payloadSchema
      // A multipart body is built in the browser as FormData (files and fields), sent as it is.
      const payloadType = Option.match(payload, {
        onNone: () => "never",
        onSome: ({ ast }) =>
          HttpApiSchema.getMultipart(ast) || HttpApiSchema.getMultipartStream(ast)
            ? "FormData"
            : typeOf(ast, "Encoded"),
      })
      const lines = groups.get(group.identifier) ?? []
      lines.push(
        `    readonly ${endpoint.name}: {`,
        `      readonly path: ${params(endpoint.pathSchema)}`,
        `      readonly urlParams: ${params(endpoint.urlParamsSchema)}`,
        `      readonly payload: ${payloadType}`,
        `      readonly success: ${union(success)}`,
        `      readonly problem: ${union(problems)}`,
        "    }",
      )
      groups.set(group.identifier, lines)
    },
  })

  const table = [...groups.keys()].map((group) => {
    const rows = endpoints
      .filter((e) => e.group === group)
      .map(
        (e) =>
          `    ${e.name}: [${JSON.stringify(e.method)}, ${JSON.stringify(e.path)}, ${e.auth}],`,
      )
    return [`  ${group}: {`, ...rows, "  },"].join("\n")
  })
  const types = [...groups.entries()].map(([group, lines]) =>
    [`  readonly ${group}: {`, ...lines, "  }"].join("\n"),
  )
  const { SANDBOX_CONFIRM_PATH } = await import("@howzat/contracts/orders")
  const source = [
    "// Generated from @howzat/contracts by src/generate.ts (npm run generate -w @howzat/api-client).",
    "// Do not edit: endpoints.test.ts fails when this file no longer matches the contracts.",
    ...[...used]
      .sort()
      .map(
        (m) =>
          `import type * as ${m} from "@howzat/contracts/${modules.find((f) => alias(f) === m)}"`,
      ),
    'import type { ParamsInput } from "./types"',
    "",
    "/** Method, path and whether the endpoint reads the caller (0 no, 1 if signed in, 2 required). */",
    "export const endpoints = {",
    ...table,
    "} as const",
    "",
    "/** Each endpoint's parameters, body, answer and problems as they travel on the wire. */",
    "export interface Endpoints {",
    ...types,
    "}",
    "",
    "/** The sandbox card provider's own call, outside /api (contracts' SANDBOX_CONFIRM_PATH). */",
    `export const SANDBOX_CONFIRM_PATH = ${JSON.stringify(SANDBOX_CONFIRM_PATH)}`,
    "",
  ].join("\n")
  return { source, endpoints }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { source, endpoints } = await generate()
  writeFileSync(generatedFile, source)
  console.log(`api-client: ${endpoints.length} endpoints written to ${generatedFile}`)
}
