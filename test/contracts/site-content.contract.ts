import { ResourceNotFound } from "@howzat/core/competitions"
import { ResourceRepo, ResourceWriter, RichTextSanitiser } from "@howzat/core/ports"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { uniqueWord } from "./competitions.fixtures"
import { type OpenHarness, useHarness } from "./harness"

/** Nothing to seed: staff's writes go through ResourceWriter, as in the back office. */
export type SiteContentSeed = Record<never, never>

const LOST = [
  ["a script", "<p>Win</p><script>fetch('/steal?c='+document.cookie)</script>", "<p>Win</p>"],
  ["an onerror handler", '<img src="x" onerror="alert(1)"><p>Win</p>', "<p>Win</p>"],
  ["an event handler on kept markup", '<p onclick="alert(1)">Win</p>', "<p>Win</p>"],
  [
    "a javascript: link",
    '<a href="javascript:alert(1)">Win</a>',
    '<a rel="nofollow noopener noreferrer">Win</a>',
  ],
  [
    "a javascript: link hidden by entities and case",
    '<a href="JaVa&#x09;Script:alert(1)">Win</a>',
    '<a rel="nofollow noopener noreferrer">Win</a>',
  ],
  [
    "a plain-http link",
    '<a href="http://evil.example/">Win</a>',
    '<a rel="nofollow noopener noreferrer">Win</a>',
  ],
  [
    "a data: link",
    '<a href="data:text/html,<script>alert(1)</script>">Win</a>',
    '<a rel="nofollow noopener noreferrer">Win</a>',
  ],
  ["a style attribute", '<p style="position:fixed;inset:0">Win</p>', "<p>Win</p>"],
  ["a style element", "<style>body{display:none}</style><p>Win</p>", "<p>Win</p>"],
  ["a frame", '<iframe src="https://evil.example/"></iframe><p>Win</p>', "<p>Win</p>"],
  [
    "a form",
    '<form action="https://evil.example/"><input name="card"></form><p>Win</p>',
    "<p>Win</p>",
  ],
  ["an svg with a script", "<svg><script>alert(1)</script></svg><p>Win</p>", "<p>Win</p>"],
] as const

const FORMATTED = [
  "<h2>The prize</h2>",
  "<p>A <strong>signed</strong> bat, <em>knocked in</em>.<br />Delivered free.</p>",
  "<h3>Included</h3>",
  "<ul><li>Bat</li><li>Cover</li></ul>",
  "<h4>How to enter</h4>",
  "<ol><li>Pick tickets</li><li>Pay</li></ol>",
  '<p><a href="https://howzat.example/FAQ" rel="nofollow noopener noreferrer">Read the FAQ</a></p>',
  '<p><a href="/Competitions" rel="nofollow noopener noreferrer">More prizes</a></p>',
  '<p><a href="mailto:help@howzat.example" title="Write to us" rel="nofollow noopener noreferrer">Help</a></p>',
].join("\n")

const TABLE = [
  "<table><caption>Cookies</caption>",
  '<thead><tr><th scope="col">Name</th><th scope="col">How long</th></tr></thead>',
  "<tbody><tr><td>BasketId</td><td>Until cleared</td></tr></tbody></table>",
].join("\n")

/** Pieces of markup an attacker (or a careless paste) might put together in any order. */
const PIECE = fc.constantFrom(
  ...["<p>", "</p>", "<script>", "</script>", "<a href='javascript:x()'>"],
  ...['<a href="https://ok.example">', "</a>", "<img src=x onerror=alert(1)>"],
  ...['<b onmouseover="x()">', "<style>", "p{}", '<p style="color:red">', "<!--", "-->"],
  ...["<![CDATA[", "]]>", "<svg>", "<math>", "<", ">", '"', "'", "=", "&", "Win"],
)

/**
 * The site's content: resources by key (ResourceRepo reads what
 * ResourceWriter puts) and the sanitiser every staff-written HTML passes
 * through (RichTextSanitiser: an allow-list of formatting and safe links,
 * everything else dropped, and stable when run again).
 */
export const siteContentContract = (
  name: string,
  open: OpenHarness<ResourceRepo | ResourceWriter | RichTextSanitiser, SiteContentSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run } = useHarness(open)
    const read = (key: string) =>
      run(Effect.either(Effect.flatMap(ResourceRepo, (r) => r.byKey(key))))
    const current = (key: string) => run(Effect.flatMap(ResourceWriter, (w) => w.current(key)))
    const put = (key: string, value: string) =>
      run(Effect.flatMap(ResourceWriter, (w) => w.put(key, value)))
    const sanitise = (html: string) => run(Effect.map(RichTextSanitiser, (s) => s.sanitise(html)))

    describe("resources", () => {
      it("says ResourceNotFound for a key with no value, and null to a writer", async () => {
        const key = `content-${uniqueWord()}`
        expect(await read(key)).toEqual(Either.left(new ResourceNotFound({ key })))
        expect(await current(key)).toBeNull()
      })

      it("reads back the last value put under each key, and nothing else's (property)", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.string({ maxLength: 40 })), {
              minLength: 1,
              maxLength: 8,
            }),
            async (puts) => {
              const prefix = `content-${uniqueWord()}-`
              for (const [key, value] of puts) await put(prefix + key, value)
              for (const key of ["a", "b", "c"]) {
                const last = puts.filter(([k]) => k === key).at(-1)?.[1]
                expect(await current(prefix + key)).toBe(last ?? null)
                expect(await read(prefix + key)).toEqual(
                  last === undefined
                    ? Either.left(new ResourceNotFound({ key: prefix + key }))
                    : Either.right(last),
                )
              }
            },
          ),
          { numRuns: 15 },
        )
      })
    })

    describe("rich text", () => {
      it.each(LOST)("loses %s", async (_, written, kept) => {
        expect(await sanitise(written)).toBe(kept)
      })

      it("keeps paragraphs, emphasis, lists, sub-headings, line breaks and https and mail links", async () => {
        expect(await sanitise(FORMATTED)).toBe(FORMATTED)
      })

      it("keeps a plain table with column headers, but no attribute other than a header's scope", async () => {
        expect(await sanitise(TABLE)).toBe(TABLE)
        expect(
          await sanitise(
            '<table style="x" onclick="y()"><tr><td class="z" background="u">1</td></tr></table>',
          ),
        ).toBe("<table><tr><td>1</td></tr></table>")
      })

      it("reads the same when sanitised again, even after a dropped svg left paragraphs nested", async () => {
        const once = await sanitise("<p><svg><p>")
        expect(await sanitise(once)).toBe(once)
      })

      it("never keeps a script, an event handler, a style or a javascript: URL, whatever is written", async () => {
        const sanitiser = await run(RichTextSanitiser)
        fc.assert(
          fc.property(fc.array(PIECE, { maxLength: 30 }), (pieces) => {
            const safe = sanitiser.sanitise(pieces.join(""))
            expect(safe).not.toMatch(/<script|<style|<img|<svg|<math|\son\w+=|style=|javascript:/i)
            expect(sanitiser.sanitise(safe)).toBe(safe)
          }),
          { numRuns: 300 },
        )
      })
    })
  })
