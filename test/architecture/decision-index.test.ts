import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { REPO_ROOT } from "./lint-probe"

/**
 * docs/decisions/README.md is the newcomer's way into the decision records:
 * which exist, and which still stand as written. An index that drifts from
 * the files is worse than none, so every way it can drift fails here, with
 * the fix in the message: a record missing from it or listed twice, a row
 * for no file, a title that differs from the record's heading, two records
 * sharing a number, a status naming a record that does not exist (or an
 * earlier one), and a record whose own status line says otherwise.
 */

const DECISIONS = join(REPO_ROOT, "docs/decisions")
const INDEX = "docs/decisions/README.md"

/** `# 0001 Title`, `# 0009 — Title` and `# 0031: Title` are all in use. */
const HEADING = /^# (\d{4})(?:\s*[:\u2014\u2013-])?\s+(.*\S)\s*$/
const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/
const ROW = /^\|\s*\[([^\]]*)\]\(([^)]*)\)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/
const STATUS_PART = /^(amended|superseded) by \[(\d{4})\]\(([^)\s]+)\) — \S.*$/
const STATUS_LINK = /(amended|superseded) by \[(\d{4})\]\(([^)\s]+)\)/g

type Link = { readonly kind: string; readonly number: string; readonly file: string }

const linksIn = (text: string): Link[] =>
  [...text.matchAll(STATUS_LINK)].map(([, kind, number, file]) => ({
    kind: kind as string,
    number: number as string,
    file: file as string,
  }))

const described = (links: readonly Link[]) =>
  links
    .map((l) => `${l.kind} by ${l.number}`)
    .sort()
    .join(", ") || "accepted"

/** The record's own `> Status: …` line, if it has one before its first section. */
const statusLineOf = (text: string): { line: string | undefined; misplaced: boolean } => {
  const lines = text.split("\n")
  const at = lines.findIndex((l) => l.startsWith("> Status:"))
  if (at < 0) return { line: undefined, misplaced: false }
  const firstSection = lines.findIndex((l) => l.startsWith("## "))
  return { line: lines[at], misplaced: firstSection >= 0 && at > firstSection }
}

/**
 * Every way `index` (the README's text) disagrees with `files` (each .md in
 * docs/decisions but the README, by name), as sentences saying what to fix.
 */
const indexProblems = (files: Readonly<Record<string, string>>, index: string): string[] => {
  const problems: string[] = []
  const records = new Map<string, { number: string; title: string | undefined; text: string }>()
  const byNumber = new Map<string, string[]>()

  for (const [name, text] of Object.entries(files)) {
    const named = RECORD_FILE.exec(name)
    if (!named) {
      problems.push(
        `docs/decisions/${name}: rename it NNNN-a-short-slug.md (four digits, lower-case slug), or move it out of docs/decisions.`,
      )
      continue
    }
    const number = named[1] as string
    byNumber.set(number, [...(byNumber.get(number) ?? []), name])
    const heading = HEADING.exec(text.split("\n", 1)[0] ?? "")
    if (!heading) {
      problems.push(
        `docs/decisions/${name}: its first line must be the heading "# ${number}: Title".`,
      )
    } else if (heading[1] !== number) {
      problems.push(
        `docs/decisions/${name}: its heading says ${heading[1]} but the file name says ${number}; make them agree.`,
      )
    }
    records.set(name, { number, title: heading?.[2], text })
  }

  for (const [number, names] of byNumber) {
    if (names.length > 1) {
      problems.push(
        `docs/decisions: ${names.sort().join(" and ")} share the number ${number}; renumber the one added last to the next free number (and its heading, and its row in ${INDEX}).`,
      )
    }
  }

  const rows = index
    .split("\n")
    .filter((l) => l.startsWith("| ["))
    .map((line) => ({ line, match: ROW.exec(line) }))
  const listed = new Map<string, number>()
  let previous = ""

  for (const { line, match } of rows) {
    if (!match) {
      problems.push(
        `${INDEX}: the row "${line}" is not "| [NNNN](NNNN-slug.md) | Title | status | area |"; fix its cells.`,
      )
      continue
    }
    const [, linkText, file, titleCell, statusCell, areaCell] = match as unknown as string[]
    const title = (titleCell as string).trim()
    const status = (statusCell as string).trim()
    const area = (areaCell as string).trim()
    listed.set(file as string, (listed.get(file as string) ?? 0) + 1)

    const record = records.get(file as string)
    if (!record) {
      problems.push(
        `${INDEX}: the row for ${linkText} links to ${file}, which is not in docs/decisions; fix the link or remove the row.`,
      )
      continue
    }
    if (linkText !== record.number) {
      problems.push(
        `${INDEX}: the row linking to ${file} shows the number ${linkText}; write [${record.number}](${file}).`,
      )
    }
    if (record.number <= previous) {
      problems.push(
        `${INDEX}: the row for ${record.number} comes after ${previous}; keep the rows in number order.`,
      )
    }
    previous = record.number
    if (record.title !== undefined && title !== record.title) {
      problems.push(
        `${INDEX}: the title of ${record.number} is "${title}" but ${file} is headed "${record.title}"; copy the heading's title into the row.`,
      )
    }
    if (area === "") problems.push(`${INDEX}: the row for ${record.number} has no area; name one.`)

    const indexLinks: Link[] = []
    if (status !== "accepted") {
      for (const part of status.split("<br>").map((p) => p.trim())) {
        const link = STATUS_PART.exec(part)
        if (!link) {
          problems.push(
            `${INDEX}: the status of ${record.number} has "${part}"; write "accepted", or "amended by [NNNN](NNNN-slug.md) — what changed" or "superseded by [NNNN](NNNN-slug.md) — what replaced it", several separated by <br>.`,
          )
          continue
        }
        indexLinks.push(...linksIn(part))
      }
    }
    for (const link of indexLinks) {
      const target = records.get(link.file)
      if (!target) {
        problems.push(
          `${INDEX}: the status of ${record.number} links to ${link.file}, which is not in docs/decisions; link the record that ${link.kind.replace(/ed$/, "s")} it.`,
        )
      } else if (target.number !== link.number) {
        problems.push(
          `${INDEX}: the status of ${record.number} shows [${link.number}] but links to ${link.file}; write [${target.number}](${link.file}).`,
        )
      } else if (target.number <= record.number) {
        problems.push(
          `${INDEX}: ${record.number} is ${link.kind} by ${target.number}, which is not later; only a later record can change an earlier one.`,
        )
      }
    }

    const own = statusLineOf(record.text)
    const ownLinks = own.line === undefined ? [] : linksIn(own.line)
    const expected =
      indexLinks.length === 0
        ? "no status line"
        : `the line "> Status: ${indexLinks.map((l) => `${l.kind} by [${l.number}](${l.file}) (what changed)`).join("; ")}" under its heading`
    if (own.misplaced) {
      problems.push(
        `docs/decisions/${file}: its "> Status:" line is below its first section; move it right under the heading.`,
      )
    }
    if (own.line !== undefined) {
      for (const link of ownLinks) {
        if (!records.has(link.file)) {
          problems.push(
            `docs/decisions/${file}: its status line links to ${link.file}, which is not in docs/decisions; fix the link.`,
          )
        }
      }
    }
    if (
      described(ownLinks) !== described(indexLinks) ||
      (own.line !== undefined && indexLinks.length === 0)
    ) {
      problems.push(
        `docs/decisions/${file}: its own status (${own.line === undefined ? "none" : `"${own.line}"`}) disagrees with ${INDEX} (${described(indexLinks)}); give it ${expected}, or fix the index.`,
      )
    }
  }

  for (const [name, record] of [...records].sort(([a], [b]) => a.localeCompare(b))) {
    const times = listed.get(name) ?? 0
    if (times === 0) {
      problems.push(
        `${INDEX}: ${name} is not listed; add the row "| [${record.number}](${name}) | ${record.title ?? "Title"} | accepted | <area> |" in number order.`,
      )
    } else if (times > 1) {
      problems.push(`${INDEX}: ${name} is listed ${times} times; keep one row.`)
    }
  }
  return problems
}

const recordFiles = (): Record<string, string> =>
  Object.fromEntries(
    readdirSync(DECISIONS)
      .filter((f) => f.endsWith(".md") && f !== "README.md")
      .map((f) => [f, readFileSync(join(DECISIONS, f), "utf8")]),
  )

describe("the decision index", () => {
  it("lists every record once, as headed, with statuses the records agree with", () => {
    const problems = indexProblems(recordFiles(), readFileSync(join(REPO_ROOT, INDEX), "utf8"))
    expect(problems, problems.join("\n")).toEqual([])
  })
})

describe("indexProblems", () => {
  const files = {
    "0001-first.md":
      "# 0001: First\n\n> Status: amended by [0002](0002-second.md) (its colour)\n\n## Context\n",
    "0002-second.md": "# 0002 — Second\n\n## Context\n",
  }
  const row1 =
    "| [0001](0001-first.md) | First | amended by [0002](0002-second.md) — its colour | area |"
  const row2 = "| [0002](0002-second.md) | Second | accepted | area |"
  const index = (...rows: string[]) =>
    `# Decision records\n\n| Number | Title | Status | Area |\n| --- | --- | --- | --- |\n${rows.join("\n")}\n`
  const oneProblem = (f: Record<string, string>, i: string) => {
    const problems = indexProblems(f, i)
    expect(problems).toHaveLength(1)
    return problems[0]
  }

  it("finds nothing wrong with an index that matches", () => {
    expect(indexProblems(files, index(row1, row2))).toEqual([])
  })

  it("names a record missing from the index, with the row to add", () => {
    expect(oneProblem(files, index(row1))).toContain(
      'add the row "| [0002](0002-second.md) | Second | accepted | <area> |"',
    )
  })

  it("names a row whose file does not exist", () => {
    expect(
      oneProblem(files, index(row1, row2, "| [0003](0003-third.md) | Third | accepted | area |")),
    ).toContain("links to 0003-third.md, which is not in docs/decisions")
  })

  it("names a title that differs from the heading", () => {
    expect(oneProblem(files, index(row1, row2.replace("Second", "The second")))).toContain(
      'is headed "Second"',
    )
  })

  it("names two records sharing a number", () => {
    const problems = indexProblems(
      { ...files, "0002-again.md": "# 0002: Again\n" },
      index(row1, row2, "| [0002](0002-again.md) | Again | accepted | area |"),
    )
    expect(problems.join("\n")).toContain("0002-again.md and 0002-second.md share the number 0002")
  })

  it("names a status link to a missing record", () => {
    const problems = indexProblems(
      files,
      index(row1.replace("0002-second.md", "0002-gone.md"), row2),
    )
    expect(problems.join("\n")).toContain("links to 0002-gone.md, which is not in docs/decisions")
  })

  it("names a record whose own status line disagrees with the index", () => {
    expect(
      oneProblem(files, index(row1.replace(/amended by .* — its colour/, "accepted"), row2)),
    ).toContain("docs/decisions/0001-first.md: its own status")
    expect(oneProblem(files, index(row1.replace("amended by", "superseded by"), row2))).toContain(
      "disagrees with docs/decisions/README.md (superseded by 0002)",
    )
    expect(
      oneProblem({ ...files, "0001-first.md": "# 0001: First\n\n## Context\n" }, index(row1, row2)),
    ).toContain('give it the line "> Status: amended by [0002](0002-second.md) (what changed)"')
  })

  it("refuses a status naming an earlier record", () => {
    const files2 = {
      ...files,
      "0002-second.md":
        "# 0002 — Second\n\n> Status: amended by [0001](0001-first.md) (x)\n\n## Context\n",
    }
    const problems = indexProblems(
      files2,
      index(row1, row2.replace("accepted", "amended by [0001](0001-first.md) — x")),
    )
    expect(problems.join("\n")).toContain("0002 is amended by 0001, which is not later")
  })
})
