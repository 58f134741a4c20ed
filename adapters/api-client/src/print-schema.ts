import { SchemaAST as AST } from "effect"

/**
 * A TypeScript type, as source text, for one side of a schema: what goes
 * on the wire ("encoded") or what a caller may hand over ("type"). The
 * generator uses it only for schemas the contracts do not export by name
 * (an inline path or paging struct); anything it cannot express becomes
 * `unknown`, never a type that promises too much.
 */
export type Side = "encoded" | "type"

const quote = (name: PropertyKey): string =>
  typeof name === "string" ? JSON.stringify(name) : `[${String(name)}]`

const isDate = (ast: AST.AST): boolean => {
  const id = AST.getIdentifierAnnotation(ast)
  return id._tag === "Some" && /^Date(FromSelf)?$/.test(id.value)
}

const literal = (value: AST.LiteralValue): string =>
  value === null ? "null" : typeof value === "bigint" ? `${value}n` : JSON.stringify(value)

const print = (ast: AST.AST): string => {
  switch (ast._tag) {
    case "Literal":
      return literal(ast.literal)
    case "StringKeyword":
    case "TemplateLiteral":
      return "string"
    case "NumberKeyword":
      return "number"
    case "BooleanKeyword":
      return "boolean"
    case "BigIntKeyword":
      return "bigint"
    case "UndefinedKeyword":
      return "undefined"
    case "VoidKeyword":
      return "void"
    case "NeverKeyword":
      return "never"
    case "ObjectKeyword":
      return "object"
    case "Enums":
      return ast.enums.map(([, value]) => JSON.stringify(value)).join(" | ") || "never"
    case "Union":
      return ast.types.map((member) => `(${print(member)})`).join(" | ")
    case "Refinement":
      return print(ast.from)
    case "Transformation":
      return print(ast.from)
    case "Declaration":
      return isDate(ast) ? "Date" : "unknown"
    case "TupleType": {
      const rest = ast.rest.map((r) => print(r.type))
      if (ast.elements.length === 0 && rest.length === 1) return `ReadonlyArray<${rest[0]}>`
      const elements = ast.elements.map((e) => `${print(e.type)}${e.isOptional ? "?" : ""}`)
      const tail = rest.length > 0 ? [`...Array<${rest[0]}>`] : []
      return `readonly [${[...elements, ...tail].join(", ")}]`
    }
    case "TypeLiteral": {
      const properties = ast.propertySignatures.map(
        (p) =>
          `${p.isReadonly ? "readonly " : ""}${quote(p.name)}${p.isOptional ? "?" : ""}: ${print(p.type)}`,
      )
      const indexes = ast.indexSignatures.map(
        (s) => `readonly [key: ${print(s.parameter)}]: ${print(s.type)}`,
      )
      return `{ ${[...properties, ...indexes].join("; ")} }`
    }
    default:
      return "unknown"
  }
}

export const printSchemaType = (ast: AST.AST, side: Side): string =>
  print(side === "encoded" ? AST.encodedAST(ast) : AST.typeAST(ast))
