import { createHash } from "node:crypto"
import { validationProblem } from "@howzat/contracts/problems"
import { boundedString } from "@howzat/contracts/text"
import { escapeHtml } from "@howzat/core/rules"
import { problemResponse } from "@howzat/http"
import type { OutboxMessage, OutboxQueue } from "@howzat/postgres"
import { Either, Schema } from "effect"
import type { Context, Hono } from "hono"

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g

/** The plain-text body, escaped, with every web address made a link. */
export const linkify = (text: string): string => {
  let html = ""
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0]
    html += escapeHtml(text.slice(last, match.index))
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    last = match.index + url.length
  }
  return html + escapeHtml(text.slice(last))
}

const status = (message: OutboxMessage) =>
  message.sentAt ? "delivered" : message.failedAt ? "failed" : "waiting"

const article = (message: OutboxMessage) => `
<article data-kind="${escapeHtml(message.kind)}" data-to="${escapeHtml(message.to)}">
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · ${escapeHtml(message.kind)} ·
    ${escapeHtml(message.createdAt.toISOString())} · ${status(message)}</p>
  <pre>${linkify(message.text)}</pre>
</article>`

const MAILBOX_STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: .5rem; padding: 0 1rem; margin: 1rem 0; }
  .meta { color: #555; font-size: .9rem; }
  pre { white-space: pre-wrap; font-family: inherit; }
`

/**
 * The page is self-contained: its one inline style is allowed by its hash,
 * and nothing else may load, run or frame it (the shop's own policy allows
 * no inline style, so this page brings its own).
 */
export const MAILBOX_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(MAILBOX_STYLE).digest("base64")}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ")

export const renderMailbox = (
  messages: readonly OutboxMessage[],
  to: string | undefined,
) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Dev mailbox · Howzat</title>
<style>${MAILBOX_STYLE}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Every email the shop has queued, newest first${to ? ` for <strong>${escapeHtml(to)}</strong>` : ""}.
Nothing here was sent to a real inbox. <a href="/dev/mailbox">All messages</a></p>
<form method="get" action="/dev/mailbox"><label>Address <input name="to" type="email" value="${escapeHtml(to ?? "")}"></label> <button>Show</button></form>
${messages.length === 0 ? "<p>No messages yet.</p>" : messages.map(article).join("\n")}
</body>
</html>`

/**
 * /dev/mailbox: the outbox as a page, so whoever runs `npm start` can click
 * the verification, reset and login links without a mail server, and
 * /dev/mailbox/messages as JSON for end-to-end tests. Only mounted when
 * DEV_MAILBOX is on: it shows live links to anybody who can reach it.
 */
export const mountDevMailbox = (app: Hono, queue: OutboxQueue) => {
  const read = (to: string | undefined) => queue.recent({ to, limit: 100 })
  app.get("/dev/mailbox", async (c) => {
    const to = addressIn(c)
    if (Either.isLeft(to)) return to.left
    c.header("cache-control", "no-store")
    c.header("content-security-policy", MAILBOX_CONTENT_SECURITY_POLICY)
    return c.html(renderMailbox(await read(to.right), to.right))
  })
  app.get("/dev/mailbox/messages", async (c) => {
    const to = addressIn(c)
    if (Either.isLeft(to)) return to.left
    c.header("cache-control", "no-store")
    return c.json({ messages: await read(to.right) })
  })
}

/** An email address is at most 254 characters (RFC 5321) and never holds a control character. */
const MailboxAddress = boundedString(254)

/** The `to` filter, or a 400 problem: a NUL reached the database as a 500 before. */
const addressIn = (c: Context): Either.Either<string | undefined, Response> => {
  const to = c.req.query("to")?.trim() || undefined
  if (to === undefined) return Either.right(undefined)
  return Schema.decodeUnknownEither(MailboxAddress)(to).pipe(
    Either.mapLeft(() =>
      problemResponse(
        validationProblem({
          to: ["must be an email address of at most 254 characters, without control characters"],
        }),
      ),
    ),
  )
}
