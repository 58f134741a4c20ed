import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { escapeHtml } from "./html.js"

/**
 * The one layout every email of the shop is written through
 * (docs/decisions/0101): a plain-text part for every client and an HTML part
 * with the same words, the same page around both, and the brand's sign-off.
 * The builders (core/src/<area>/emails.ts) choose the words; this decides
 * the page, so no builder writes `<html>` or the team's name itself, and
 * everything a customer or staff member typed reaches the HTML escaped
 * through the blocks below.
 */

/** One paragraph-sized piece of a letter, as each part shows it. */
export interface LetterBlock {
  readonly text: string
  /** Already HTML: built by the helpers below, which escape what they are given. */
  readonly html: string
}

export interface Letter {
  readonly kind: MailMessage["kind"]
  readonly to: string
  readonly subject: string
  readonly blocks: readonly LetterBlock[]
  /**
   * "The <brand> team" closes a letter to a customer; a message for the
   * care team (a contact form, a complaint) goes unsigned.
   */
  readonly signed: boolean
}

/** The page around every HTML part: the layout's header... */
export const EMAIL_HTML_HEADER = [
  "<!doctype html>",
  `<html><body style="font-family: sans-serif; line-height: 1.5">`,
].join("\n")
/** ...and its footer. */
export const EMAIL_HTML_FOOTER = "</body></html>"

/** "The Howzat team", the last line of every letter to a customer. */
export const signOff = (brand: Pick<BrandShape, "name">): string => `The ${brand.name} team`

/** A paragraph: the same words in both parts, escaped in the HTML. */
export const paragraph = (text: string): LetterBlock => ({
  text,
  html: `<p>${escapeHtml(text)}</p>`,
})

/** A paragraph whose line breaks are kept: `<br>` in the HTML. */
export const brokenParagraph = (text: string): LetterBlock => ({
  text,
  html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`,
})

/** "Congratulations! ..." with the first word strong in the HTML. */
export const congratulations = (news: string): LetterBlock => ({
  text: `Congratulations! ${news}`,
  html: `<p><strong>Congratulations!</strong> ${escapeHtml(news)}</p>`,
})

/** A link: "label: url" in the text, an anchor on the label in the HTML. */
export const linkBlock = (url: string, label: string, textLabel: string = label): LetterBlock => ({
  text: `${textLabel}: ${url}`,
  html: `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
})

/** Paragraphs in the HTML, one line each in the text (no blank line between them). */
export const closeParagraphs = (texts: readonly string[]): LetterBlock => ({
  text: texts.join("\n"),
  html: texts.map((t) => `<p>${escapeHtml(t)}</p>`).join("\n"),
})

/** A bulleted list: "- item" lines in the text. */
export const bulletList = (items: readonly string[]): LetterBlock => ({
  text: items.map((item) => `- ${item}`).join("\n"),
  html: ["<ul>", ...items.map((item) => `<li>${escapeHtml(item)}</li>`), "</ul>"].join("\n"),
})

/**
 * A block whose HTML the builder composes from escaped pieces (a table, a
 * mailto link): `html` receives the escaper so every value goes through it.
 */
export const composedBlock = (
  text: string,
  html: (esc: (value: string) => string) => string,
): LetterBlock => ({ text, html: html(escapeHtml) })

/**
 * The message: the blocks a blank line apart in the text, one after another
 * in the HTML, the sign-off last when signed, and the layout's page around
 * the HTML.
 */
export const renderEmail = (brand: Pick<BrandShape, "name">, letter: Letter): MailMessage => {
  const blocks = letter.signed ? [...letter.blocks, paragraph(signOff(brand))] : letter.blocks
  return {
    kind: letter.kind,
    to: letter.to,
    subject: letter.subject,
    text: blocks.map((block) => block.text).join("\n\n"),
    html: [EMAIL_HTML_HEADER, ...blocks.map((block) => block.html), EMAIL_HTML_FOOTER].join("\n"),
  }
}
