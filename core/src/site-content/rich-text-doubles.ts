/**
 * The in-memory RichTextSanitiser: the port's allow-list (the production
 * adapter's, adapters/postgres/src/rich-text.ts) without an HTML parser
 * library, so core's testing entry needs no dependency.
 *
 * Why an allow-list and not "escape everything": the port promises that
 * formatting is KEPT (a description's paragraphs and links reach the
 * storefront as markup) and everything else DROPPED; escaping would show
 * `<script>` to visitors as text and lose every paragraph, so a test
 * written against it would pass on behaviour the shop never has.
 *
 * Safe by construction rather than by a faithful parse: every tag in the
 * output is rebuilt here from its name and its allowed attributes (values
 * escaped), and every `<` that does not open a recognised tag is written as
 * `&lt;`. So nothing the input says can reach the output as markup unless
 * it is on the list. Tags are closed in order, so a second pass changes
 * nothing. It is still a test double: production keeps sanitize-html,
 * which parses as a browser does (test/contracts/site-content.* holds the
 * two to the same cases).
 */
import { Layer } from "effect"
import { RichTextSanitiser, type RichTextSanitiserShape } from "../ports/site-content.js"

const FORMATTING = new Set([
  ...["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "a"],
  ...["table", "caption", "thead", "tbody", "tr", "th", "td"],
])
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title", "rel"],
  th: ["scope"],
}
const VOID = new Set(["br"])
/** Dropped with everything inside them, not just their tags (sanitize-html's nonTextTags). */
const DROPPED_WITH_TEXT = new Set(["script", "style", "textarea", "option", "noscript"])
const STAFF_LINK_REL = "nofollow noopener noreferrer"

const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const ENTITY = /^&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
}

const decode = (value: string): string =>
  value.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X"
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ""
    }
    return NAMED[body.toLowerCase()] ?? whole
  })

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** Relative links stay; absolute ones only over https, or mail; never protocol-relative. */
const safeHref = (raw: string): boolean => {
  // A browser ignores whitespace and control characters inside a scheme ("java\tscript:").
  const href = [...decode(raw)]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0
      return code > 0x20 && code !== 0x7f
    })
    .join("")
  if (href.startsWith("//") || href.startsWith("\\")) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)
  return scheme === null || ["https", "mailto"].includes(scheme[1]?.toLowerCase() ?? "")
}

const openingTag = (name: string, attributeText: string): string => {
  const allowed = ATTRIBUTES[name] ?? []
  const kept = new Map<string, string>()
  for (const m of attributeText.matchAll(ATTRIBUTE)) {
    const attribute = (m[1] ?? "").toLowerCase()
    const value = m[2] ?? m[3] ?? m[4] ?? ""
    if (!allowed.includes(attribute) || kept.has(attribute)) continue
    if (attribute === "href" && !safeHref(value)) continue
    kept.set(attribute, decode(value))
  }
  if (name === "a") kept.set("rel", STAFF_LINK_REL)
  const attributes = [...kept].map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join("")
  return VOID.has(name) ? `<${name}${attributes} />` : `<${name}${attributes}>`
}

export const sanitiseRichTextInMemory = (html: string): string => {
  let out = ""
  const open: string[] = []
  let i = 0
  while (i < html.length) {
    const c = html[i]
    if (c === "&") {
      // A character reference stays as written; a bare ampersand is escaped.
      const entity = ENTITY.exec(html.slice(i, i + 40))
      out += entity ? entity[0] : "&amp;"
      i += entity ? entity[0].length : 1
      continue
    }
    if (c === ">") {
      out += "&gt;"
      i += 1
      continue
    }
    if (c !== "<") {
      out += c
      i += 1
      continue
    }
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4)
      i = end < 0 ? html.length : end + 3
      continue
    }
    if (html.startsWith("<!", i) || html.startsWith("<?", i)) {
      const end = html.indexOf(">", i)
      i = end < 0 ? html.length : end + 1
      continue
    }
    TAG.lastIndex = i
    const tag = TAG.exec(html)
    if (tag === null) {
      out += "&lt;"
      i += 1
      continue
    }
    i = TAG.lastIndex
    const closing = tag[1] === "/"
    const name = (tag[2] ?? "").toLowerCase()
    if (!closing && DROPPED_WITH_TEXT.has(name)) {
      const end = new RegExp(`</${name}\\s*>`, "i").exec(html.slice(i))
      i = end === null ? html.length : i + end.index + end[0].length
      continue
    }
    if (!FORMATTING.has(name)) continue
    if (!closing) {
      out += openingTag(name, tag[3] ?? "")
      if (!VOID.has(name)) open.push(name)
      continue
    }
    // A closing tag closes what was opened inside it; one with nothing to close is dropped.
    const at = open.lastIndexOf(name)
    if (at < 0) continue
    while (open.length > at) out += `</${open.pop()}>`
  }
  while (open.length > 0) out += `</${open.pop()}>`
  return out
}

export const memoryRichTextSanitiser: RichTextSanitiserShape = {
  sanitise: sanitiseRichTextInMemory,
}

export const MemoryRichTextSanitiserLayer = Layer.succeed(
  RichTextSanitiser,
  memoryRichTextSanitiser,
)
