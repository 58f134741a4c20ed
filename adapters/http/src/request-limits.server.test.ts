import { Agent, request } from "node:http"
import type { AddressInfo } from "node:net"
import { createAdaptorServer } from "@hono/node-server"
import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { requestBodyLimit } from "./request-limits"

/**
 * A body over the limit is refused before it is read, over a real socket:
 * what the client was promised about the connection must hold, or its next
 * request on that connection fails with a reset nobody explains.
 */
const LIMIT = 1024

let server: ReturnType<typeof createAdaptorServer>
let port: number
beforeAll(async () => {
  const app = new Hono()
  app.post("/echo", requestBodyLimit(LIMIT), async (c) => c.text(await c.req.text()))
  app.get("/ping", (c) => c.text("pong"))
  server = createAdaptorServer({ fetch: app.fetch })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const send = (
  agent: Agent,
  method: string,
  path: string,
  body?: Buffer,
): Promise<{ status: number; connection: string | undefined; text: string }> =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent,
        headers: body ? { "content-length": body.length } : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        )
        res.on("error", reject)
      },
    )
    req.on("error", reject)
    req.end(body)
  })

describe("a body over the limit", () => {
  it("is answered 413, says the connection closes, and the client's next request works", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const refused = await send(agent, "POST", "/echo", Buffer.alloc(64 * LIMIT, 0x61))
      expect(refused.status).toBe(413)
      expect(JSON.parse(refused.text)).toMatchObject({ status: 413 })
      // The rest of the body is unread: the connection is said to close, so the agent opens a new one.
      expect(refused.connection).toBe("close")
      const next = await send(agent, "GET", "/ping")
      expect(next).toMatchObject({ status: 200, text: "pong" })
    } finally {
      agent.destroy()
    }
  })

  it("leaves a body within the limit and the connection as they were", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const echoed = await send(agent, "POST", "/echo", Buffer.from("hello"))
      expect(echoed).toMatchObject({ status: 200, text: "hello" })
      expect(echoed.connection).not.toBe("close")
      expect(await send(agent, "GET", "/ping")).toMatchObject({ status: 200, text: "pong" })
    } finally {
      agent.destroy()
    }
  })
})
