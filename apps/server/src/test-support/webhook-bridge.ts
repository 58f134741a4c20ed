import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { App } from "./browser"

/** A webhook as it reached the bridge: exactly what the provider sent. */
export interface Webhook {
  readonly path: string
  /** Lower-case names, as Node reads them; hop-by-hop ones left out. */
  readonly headers: Readonly<Record<string, string>>
  /** The raw body: a signature is over its bytes. */
  readonly body: string
}

/**
 * What becomes of a webhook: handed to the shop; refused (503) before the
 * shop sees it, as a provider meets a shop that is down; or handed to the
 * shop and its answer lost on the way back (503 to the provider, which then
 * delivers the same event again).
 */
export type Passage = "deliver" | "refuse" | "lose the answer"

export interface BridgedWebhook extends Webhook {
  readonly passage: Passage
  /** The shop's answer; 0 when it never saw the webhook. */
  readonly status: number
  readonly answer: string
}

/** Decides each webhook's passage; it may wait first, so a webhook arrives late. */
export type Interception = (webhook: Webhook) => Passage | Promise<Passage>

export interface WebhookBridge {
  /** The shop's origin as the provider reaches it; the webhook's path follows. */
  readonly url: string
  /** Every webhook that came, in the order the shop answered (or refused) them. */
  readonly received: readonly BridgedWebhook[]
  /** How webhooks from now on pass (every one delivered when unset). */
  intercept(rule: Interception | undefined): void
  /** A webhook posted to the shop again, byte for byte (or changed): a replay, or a forgery. */
  replay(webhook: Webhook): Promise<Response>
  close(): Promise<void>
}

/** Set by the connection, not by the provider: not part of what it sent. */
const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding"])

const toShop = (app: App, webhook: Webhook) =>
  Promise.resolve(
    app.request(webhook.path, {
      method: "POST",
      headers: webhook.headers as Record<string, string>,
      body: webhook.body,
    }),
  )

/**
 * The shop's webhook address over HTTP, as a provider's stand-in reaches it,
 * handed to the shop composed in process (`app`, known once the shop is
 * open: the stand-in is started first, as the shop needs its address).
 * Each webhook is kept, so a test can deliver it again exactly as it came,
 * and may be refused, held back or have its answer lost on the way.
 */
export const startWebhookBridge = async (app: () => App): Promise<WebhookBridge> => {
  const received: BridgedWebhook[] = []
  let rule: Interception | undefined
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && !HOP_BY_HOP.has(name)) headers[name] = value
    }
    const webhook: Webhook = {
      path: request.url ?? "/",
      headers,
      body: Buffer.concat(chunks).toString("utf8"),
    }
    const passage = rule === undefined ? "deliver" : await rule(webhook)
    let status = 0
    let answer = ""
    if (passage !== "refuse") {
      try {
        const answered = await toShop(app(), webhook)
        status = answered.status
        answer = await answered.text()
      } catch (cause) {
        // The shop's own failure, told as a server would: 500, and the test sees why.
        status = 500
        answer = String(cause)
      }
    }
    received.push({ ...webhook, passage, status, answer })
    if (passage === "deliver") {
      response.writeHead(status, { "content-type": "application/json" })
      return response.end(answer)
    }
    response.writeHead(503, { "content-type": "text/plain" })
    response.end("Service unavailable")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    intercept: (next) => {
      rule = next
    },
    replay: (webhook) => toShop(app(), webhook),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
