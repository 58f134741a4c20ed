import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sanitiseRichText } from "./rich-text"
import { demoCompetitions } from "./seed/demo"

describe("a competition's description", () => {
  it.each([
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
  ])("loses %s", (_, written, kept) => {
    expect(sanitiseRichText(written)).toBe(kept)
  })

  it("keeps paragraphs, emphasis, lists, sub-headings, line breaks and https links", () => {
    const formatted = [
      "<h2>The prize</h2>",
      "<p>A <strong>signed</strong> bat, <em>knocked in</em>.<br />Delivered free.</p>",
      "<h3>Included</h3>",
      "<ul><li>Bat</li><li>Cover</li></ul>",
      "<h4>How to enter</h4>",
      "<ol><li>Pick tickets</li><li>Pay</li></ol>",
      '<p><a href="https://howzat.example/FAQ" rel="nofollow noopener noreferrer">Read the FAQ</a></p>',
      '<p><a href="/Competitions" rel="nofollow noopener noreferrer">More prizes</a></p>',
    ].join("\n")
    expect(sanitiseRichText(formatted)).toBe(formatted)
  })

  it("keeps a plain table with column headers, but no attribute other than a header's scope", () => {
    const table = [
      "<table><caption>Cookies</caption>",
      '<thead><tr><th scope="col">Name</th><th scope="col">How long</th></tr></thead>',
      "<tbody><tr><td>BasketId</td><td>Until cleared</td></tr></tbody></table>",
    ].join("\n")
    expect(sanitiseRichText(table)).toBe(table)
    expect(
      sanitiseRichText(
        '<table style="x" onclick="y()"><tr><td class="z" background="u">1</td></tr></table>',
      ),
    ).toBe("<table><tr><td>1</td></tr></table>")
  })

  it("of every demo competition passes through unchanged", () => {
    for (const demo of demoCompetitions(new Date("2026-05-01T12:00:00Z")))
      expect(sanitiseRichText(demo.description)).toBe(demo.description)
  })

  it("reads the same when sanitised again, even after a dropped svg left paragraphs nested", () => {
    const once = sanitiseRichText("<p><svg><p>")
    expect(sanitiseRichText(once)).toBe(once)
  })

  it("never keeps a script, an event handler, a style or a javascript: URL, whatever is written", () => {
    const piece = fc.constantFrom(
      "<p>",
      "</p>",
      "<script>",
      "</script>",
      "<a href='javascript:x()'>",
      '<a href="https://ok.example">',
      "</a>",
      "<img src=x onerror=alert(1)>",
      '<b onmouseover="x()">',
      "<style>",
      "p{}",
      '<p style="color:red">',
      "<!--",
      "-->",
      "<![CDATA[",
      "]]>",
      "<svg>",
      "<math>",
      "<",
      ">",
      '"',
      "'",
      "=",
      "Win",
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const safe = sanitiseRichText(pieces.join(""))
        expect(safe).not.toMatch(/<script|<style|<img|<svg|<math|\son\w+=|style=|javascript:/i)
        expect(sanitiseRichText(safe)).toBe(safe)
      }),
    )
  })
})
