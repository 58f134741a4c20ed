import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"
import { REPO_ROOT } from "./lint-probe"

/**
 * Counts the functions of the production code that run over the line limit
 * (decision 0102): what long-functions.test.ts holds to its recorded number.
 */

/** A function longer than this does not read in one sitting (decision 0102). */
export const LINE_LIMIT = 100

/** Where production code lives: core, the contracts, every adapter and app, the tools. */
const ROOTS = ["core/src", "contracts/src", "adapters", "apps", "tools"]

/** Not production code: tests, test doubles and support, generated files, builds. */
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "test-support", "testing", "e2e"])
const isSkippedFile = (name: string) =>
  /\.(test|spec)\.tsx?$/.test(name) ||
  /\.gen\.ts$/.test(name) ||
  /\.d\.ts$/.test(name) ||
  /(^|-)doubles\.ts$/.test(name) ||
  /-fixtures\.ts$/.test(name) ||
  // Test suites and the reference an adapter is tested against, kept beside the adapter.
  /\.(suite|reference)\.ts$/.test(name)

const sourceFiles = (folder: string): string[] => {
  const found: string[] = []
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_FOLDERS.has(name) && !name.startsWith(".")) found.push(...sourceFiles(path))
    } else if (/\.tsx?$/.test(name) && !isSkippedFile(name)) found.push(path)
  }
  return found
}

export interface LongFunction {
  /** file:line, the line the function starts on, from the repository's root. */
  readonly at: string
  readonly name: string
  readonly lines: number
}

/** What a reader would call the function: its declaration's name, or what it is assigned to. */
const nameOf = (node: ts.Node): string => {
  const named = node as ts.Node & { name?: ts.Node }
  if (named.name && ts.isIdentifier(named.name)) return named.name.text
  if (ts.isConstructorDeclaration(node)) return "constructor"
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText()
  if (ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText().slice(0, 40)})`
  return "(anonymous)"
}

/** How many lines a wrapper may add around the one function it holds. */
const WRAPPER_LINES = 5

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node)

/** Every function of one source text longer than the limit, nested ones counted on their own. */
export const longFunctionsIn = (fileName: string, text: string): LongFunction[] => {
  // A file no longer than the limit holds no function longer than it: not parsed.
  if (text.split("\n").length <= LINE_LIMIT) return []
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const found: LongFunction[] = []
  const visit = (node: ts.Node, enclosing: LongFunction | undefined) => {
    let inner = enclosing
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = last - first + 1
      if (lines > LINE_LIMIT) {
        inner = { at: `${fileName}:${first + 1}`, name: nameOf(node), lines }
        // A function that is all but the whole of the one around it (the generator of
        // `const make = () => Effect.gen(function* () {...})`) is one shape, counted once.
        if (!enclosing || enclosing.lines - lines > WRAPPER_LINES) found.push(inner)
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(source, undefined)
  return found
}

/** Every long function of the repository's production code, longest first. */
export const longFunctions = (root: string = REPO_ROOT): LongFunction[] =>
  ROOTS.flatMap((folder) => {
    const path = join(root, folder)
    try {
      statSync(path)
    } catch {
      return []
    }
    return sourceFiles(path).flatMap((file) =>
      longFunctionsIn(relative(root, file), readFileSync(file, "utf8")),
    )
  }).sort((a, b) => b.lines - a.lines)
