import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { REPO_ROOT } from "./lint-probe"

/**
 * Every citation in the repository must lead a newcomer who has only the
 * clone somewhere. Documents that are not in it (the old specification's
 * sections, the design notes, the tracker's issue numbers) are refused, with
 * what to write instead; and every doc cited by path (`docs/....md` in code,
 * a relative link in markdown, "decision NNNN") must name a file that exists.
 */

const SELF = "test/architecture/citations.test.ts"
const TEXT = /\.(ts|tsx|md|json|yml|mjs|cjs|css|html|sh)$/
const SKIP_DIRS = new Set(["node_modules", "dist", ".git", ".data", "test-results"])

/** The tracked files, or (outside a git checkout) the tree without build output. */
const textFiles = (): string[] => {
  try {
    return execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" })
      .split("\0")
      .filter((f) => TEXT.test(f) && existsSync(join(REPO_ROOT, f)))
  } catch {
    const found: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
        if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name))
        else if (entry.isFile() && TEXT.test(entry.name)) found.push(join(dir, entry.name))
      }
    }
    walk(".")
    return found.map((f) => relative(".", f))
  }
}

const FILES = textFiles().filter((f) => f !== SELF)

/** Test fixtures that cite made-up records on purpose (decision-index's own index). */
const FIXTURES = new Set(["test/architecture/decision-index.test.ts"])
/** A placeholder such as `NNNN-slug.md` in instructions is not a citation. */
const PLACEHOLDER = /NNNN|<[^>]*>/

/** Each file's lines, read once for every check below. */
const LINES = new Map(
  FILES.map((f) => [f, readFileSync(join(REPO_ROOT, f), "utf8").split("\n")] as const),
)

/** The product pages the specification's sections became. */
const PRODUCT_PAGE: Record<string, string> = {
  "1": "overview",
  "2": "screens",
  "3": "entities",
  "4": "states",
  "5": "validation",
  "6": "roles",
  "7": "api",
  "8": "errors",
  "9": "constants",
  "10": "constants",
}

type Rule = { readonly pattern: RegExp; readonly instead: (match: RegExpExecArray) => string }

// Spelt in pieces so that this file does not cite what it refuses.
const S_WORD = ["S", "PEC"].join("")
const DESIGN = ["DES", "IGN"].join("")
const ISSUE = ["iss", "ue"].join("")

const FORBIDDEN: readonly Rule[] = [
  {
    pattern: new RegExp(`\\b${S_WORD} ?§ ?(\\d+)`, "g"),
    instead: (m) => `docs/product/${PRODUCT_PAGE[m[1] as string] ?? "<page>"}.md`,
  },
  {
    pattern: new RegExp(`\\b${S_WORD}\\.md\\b`, "g"),
    instead: () => "the page under docs/product/",
  },
  {
    pattern: new RegExp(`\\b${S_WORD}\\b(?! ?§)(?!\\.md)`, "g"),
    instead: () => "the page under docs/product/ that holds the rule",
  },
  {
    pattern: new RegExp(`\\b${DESIGN}(\\.md)?\\b`, "g"),
    instead: () => "docs/core.md (the architecture) or the decision under docs/decisions/",
  },
  {
    pattern: /\b[Ii]ssues? #?\d+/g,
    instead: () =>
      "the decision recording that work (docs/decisions/README.md indexes them), or the need in words",
  },
]

type Finding = { readonly at: string; readonly found: string; readonly instead: string }

const report = (findings: readonly Finding[]) =>
  findings.map((f) => `${f.at}: "${f.found}" — ${f.instead}`).join("\n")

/** `docs/x/y.md` or `docs/x/y.md#anchor`, not inside a longer path or a markdown link target. */
const REPO_PATH = /(?<![\w./-]|\]\()docs\/[\w./-]*?\.md(?:#[\w-]+)?(?![\w/-])/g
/** A markdown link's target: `[text](target)`. */
const MD_LINK = /\]\(([^)\s]+)\)/g
/** "decision 0041", "decisions 0020, 0024 and 0023", "docs/decisions/0029". */
const DECISION_NUMBERS = /\b(?:[Dd]ecisions?|docs\/decisions\/)\s?(\d{4}(?:(?:, | and )\d{4})*)/g

const DECISION_FILES = readdirSync(join(REPO_ROOT, "docs/decisions"))
const decisionExists = (n: string) => DECISION_FILES.some((f) => f.startsWith(`${n}-`))

const withoutAnchor = (target: string) => target.replace(/#.*$/, "")

describe("citations", () => {
  it("finds the repository's text files", () => {
    expect(FILES.length).toBeGreaterThan(100)
    expect(FILES).toContain("docs/core.md")
  })

  it("never cite the old specification, the design notes or an issue number", () => {
    const findings: Finding[] = []
    for (const [file, lines] of LINES) {
      lines.forEach((line, i) => {
        for (const rule of FORBIDDEN) {
          for (const m of line.matchAll(rule.pattern)) {
            findings.push({
              at: `${file}:${i + 1}`,
              found: m[0],
              instead: `write ${rule.instead(m as RegExpExecArray)}`,
            })
          }
        }
      })
    }
    // Identifiers that merely contain the word are not citations: \b keeps them out.
    expect(report(findings), "cite files of the repository instead").toBe("")
  })

  it("cite only docs that exist", () => {
    const findings: Finding[] = []
    for (const [file, lines] of LINES) {
      if (FIXTURES.has(file)) continue
      lines.forEach((line, i) => {
        const at = `${file}:${i + 1}`
        for (const m of line.matchAll(REPO_PATH)) {
          if (!existsSync(join(REPO_ROOT, withoutAnchor(m[0])))) {
            findings.push({ at, found: m[0], instead: "name a file under docs/ that exists" })
          }
        }
        if (file.endsWith(".md")) {
          for (const m of line.matchAll(MD_LINK)) {
            const target = withoutAnchor(m[1] as string)
            if (!target.endsWith(".md") || PLACEHOLDER.test(target)) continue
            if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
            if (!existsSync(join(REPO_ROOT, dirname(file), target))) {
              findings.push({
                at,
                found: m[1] as string,
                instead: `link relative to ${dirname(file)}/ to a file that exists`,
              })
            }
          }
        }
        for (const m of line.matchAll(DECISION_NUMBERS)) {
          for (const n of (m[1] as string).match(/\d{4}/g) ?? []) {
            if (!decisionExists(n)) {
              findings.push({
                at,
                found: m[0],
                instead: `no docs/decisions/${n}-*.md; see docs/decisions/README.md`,
              })
            }
          }
        }
      })
    }
    expect(report(findings), "a cited doc is missing").toBe("")
  })

  it("the patterns tell a citation from a look-alike", () => {
    const issue = FORBIDDEN[4]?.pattern as RegExp
    const hits = (text: string) => [...text.matchAll(issue)].map((m) => m[0])
    expect(hits(`(${ISSUE} 12, decision 0041)`)).toEqual([`${ISSUE} 12`])
    expect(hits(`I${ISSUE.slice(1)} 10 §3 and ${ISSUE}s #4`)).toEqual([
      `I${ISSUE.slice(1)} 10`,
      `${ISSUE}s #4`,
    ])
    expect(hits(`an ${ISSUE} with 3 parts; t${ISSUE} 1; ${ISSUE}d 2`)).toEqual([])
    const spec = FORBIDDEN[2]?.pattern as RegExp
    expect(`PROVIDER_${S_WORD}S STRIPE_${S_WORD} ${S_WORD}IAL`.match(spec)).toBeNull()
    expect(`${S_WORD}'s menu`.match(spec)).toEqual([S_WORD])
    expect("see docs/core.md#ports, docs/product/api.md.".match(REPO_PATH)).toEqual([
      "docs/core.md#ports",
      "docs/product/api.md",
    ])
    expect("[api](../product/api.md)".match(REPO_PATH)).toBeNull()
  })
})
