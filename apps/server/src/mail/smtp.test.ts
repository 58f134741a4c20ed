import { createServer, type Socket } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { DELIVERY_LEASE_MS } from "./delivery"
import { SMTP_TIMEOUTS, smtpSender } from "./smtp"

const sockets: Socket[] = []
let close: () => void = () => {}
afterEach(() => {
  for (const socket of sockets) socket.destroy()
  close()
})

/** A mail server that accepts connections and then says nothing at all. */
const silentServer = () =>
  new Promise<number>((resolve) => {
    const server = createServer((socket) => void sockets.push(socket))
    close = () => server.close()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resolve(typeof address === "object" && address ? address.port : 0)
    })
  })

const message = {
  kind: "DrawWinner" as const,
  to: "winner@example.com",
  subject: "You've won",
  text: "Congratulations",
  html: "<p>Congratulations</p>",
}

describe("the SMTP sender", () => {
  it("gives up on a server that never answers instead of waiting nodemailer's minutes", async () => {
    const port = await silentServer()
    const sender = smtpSender(`smtp://127.0.0.1:${port}`, "Howzat <no-reply@howzat.example>", {
      ...SMTP_TIMEOUTS,
      greetingMs: 300,
    })
    const started = Date.now()
    await expect(sender.send(message)).rejects.toThrow(/greeting/i)
    expect(Date.now() - started).toBeLessThan(5_000)
    sender.close()
  }, 10_000)

  it("always ends a send well inside the outbox lease, so no other process sends it too", () => {
    const longest = SMTP_TIMEOUTS.connectMs + SMTP_TIMEOUTS.greetingMs + SMTP_TIMEOUTS.silenceMs
    expect(longest * 2).toBeLessThanOrEqual(DELIVERY_LEASE_MS)
  })
})
