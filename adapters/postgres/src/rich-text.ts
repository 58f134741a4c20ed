import { RichTextSanitiser } from "@howzat/core/ports"
import { Layer } from "effect"
import sanitizeHtml from "sanitize-html"

/**
 * The formatting staff may give a competition's description: paragraphs,
 * emphasis, lists, sub-headings, links and plain tables (the cookie
 * policy's list of cookies, decision 0040). The storefront renders the
 * description as HTML, so anything else (scripts, event handlers, styles,
 * frames, images, forms) would run or show in every visitor's browser.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "a"],
    ...["table", "caption", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: { a: ["href", "title", "rel"], th: ["scope"] },
  // Relative links (the shop's own pages) stay; absolute ones only over https, or mail.
  allowedSchemes: ["https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Staff links may point anywhere: they pass no referrer, no opener and no ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "nofollow noopener noreferrer" },
    }),
  },
}

/**
 * An allow-list sanitiser (sanitize-html, which parses with htmlparser2 as
 * a browser would) rather than a hand-written filter: what is not listed
 * is dropped, and the text inside dropped scripts and styles with it.
 *
 * One pass is safe but not always stable: markup inside a dropped foreign
 * element (`<p><svg><p>`) is parsed without HTML's implied closes, so the
 * kept tags can nest in a way the next parse reads differently. Passes are
 * repeated until the text stops changing, so what is stored is exactly
 * what a later edit or a browser will see.
 */
const MOST_PASSES = 5

export const sanitiseRichText = (html: string): string => {
  let current = sanitizeHtml(html, RICH_TEXT)
  for (let pass = 1; pass < MOST_PASSES; pass++) {
    const next = sanitizeHtml(current, RICH_TEXT)
    if (next === current) return current
    current = next
  }
  return current
}

/** The sanitiser as core's port, for staff-written site content. */
export const RichTextSanitiserLive = Layer.succeed(RichTextSanitiser, {
  sanitise: sanitiseRichText,
})
