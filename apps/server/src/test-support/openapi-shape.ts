/**
 * Whether an answer has exactly the shape the served OpenAPI document gives
 * it: every key the document requires, none it does not list (the
 * contracts' structs admit no others), each value of the listed type,
 * literal or one of a union's shapes. The document is built from
 * @howzat/contracts, so this holds what is answered to what is published.
 */
export type JsonSchema = {
  readonly $ref?: string
  readonly type?: string | readonly string[]
  readonly enum?: readonly unknown[]
  readonly const?: unknown
  readonly anyOf?: readonly JsonSchema[]
  readonly oneOf?: readonly JsonSchema[]
  readonly allOf?: readonly JsonSchema[]
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly maxItems?: number
  readonly deprecated?: boolean
}

export interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<
      string,
      {
        readonly parameters?: readonly {
          readonly name: string
          readonly in: string
          readonly schema?: JsonSchema
        }[]
        readonly responses?: Record<
          string,
          { readonly content?: Record<string, { readonly schema?: JsonSchema }> }
        >
      }
    >
  >
  readonly components?: { readonly schemas?: Record<string, JsonSchema> }
}

const resolve = (doc: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  if (schema.$ref === undefined) return schema
  const name = schema.$ref.replace(/^#\/components\/schemas\//, "")
  const found = doc.components?.schemas?.[name]
  if (found === undefined) throw new Error(`the document has no ${schema.$ref}`)
  return resolve(doc, found)
}

const typeOf = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : Number.isInteger(value)
        ? "integer"
        : typeof value

const hasType = (value: unknown, type: string): boolean => {
  const actual = typeOf(value)
  return actual === type || (type === "number" && actual === "integer")
}

/** Each way the answer differs from the schema, as "path: what"; none when it matches. */
export const shapeProblems = (
  doc: OpenApiDocument,
  given: JsonSchema,
  value: unknown,
  at = "$",
): string[] => {
  const schema = resolve(doc, given)
  const union = schema.anyOf ?? schema.oneOf
  if (union !== undefined) {
    const tried = union.map((option) => shapeProblems(doc, option, value, at))
    if (tried.some((problems) => problems.length === 0)) return []
    return [`${at}: matches none of the ${union.length} shapes (${tried.flat().join("; ")})`]
  }
  const problems = (schema.allOf ?? []).flatMap((part) => shapeProblems(doc, part, value, at))
  if (schema.enum !== undefined && !schema.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`)
  if ("const" in schema && schema.const !== value)
    problems.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`)
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type
    if (!types.some((type) => hasType(value, type))) {
      problems.push(`${at}: a ${typeOf(value)} where the document says ${types.join(" or ")}`)
      return problems
    }
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      problems.push(`${at}: ${value.length} items, at most ${schema.maxItems}`)
    if (schema.items !== undefined) {
      const items = schema.items
      value.forEach((item, i) => {
        problems.push(...shapeProblems(doc, items, item, `${at}[${i}]`))
      })
    }
  } else if (typeOf(value) === "object" && schema.properties !== undefined) {
    const record = value as Record<string, unknown>
    for (const key of schema.required ?? [])
      if (!(key in record)) problems.push(`${at}.${key}: missing, but the document requires it`)
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties[key]
      const extra = schema.additionalProperties
      if (property !== undefined)
        problems.push(...shapeProblems(doc, property, item, `${at}.${key}`))
      else if (typeof extra === "object")
        problems.push(...shapeProblems(doc, extra, item, `${at}.${key}`))
      else if (extra !== true) problems.push(`${at}.${key}: answered, but not in the document`)
    }
  }
  return problems
}

/** The schema the document gives a path's answer with this status (application/json or problem+json). */
export const answerSchema = (
  doc: OpenApiDocument,
  path: string,
  method: string,
  status: number,
): JsonSchema => {
  const content = doc.paths[path]?.[method]?.responses?.[String(status)]?.content ?? {}
  const schema = Object.values(content)[0]?.schema
  if (schema === undefined) throw new Error(`the document gives ${method} ${path} no ${status}`)
  return schema
}
