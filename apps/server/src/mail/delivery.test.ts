import type { MailMessage } from "@howzat/core/accounts"
import { type DatabaseHandle, makeOutboxMailer, makeOutboxQueue } from "@howzat/postgres"
import { Deferred, Effect, Exit, Layer, Scope, TestClock, TestContext } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import { DELIVERY_INTERVAL, deliverOnce, mailDelivery, retryDelayMs } from "./delivery"
import { linkify, renderMailbox } from "./mailbox-page"
import type { MailSender } from "./smtp"

let database: DatabaseHandle
beforeAll(async () => {
  database = await openMigratedPglite()
})
afterAll(async () => {
  await database?.close()
})
beforeEach(async () => {
  await database.db.deleteFrom("outbox").execute()
})

const NOW = new Date("2026-06-15T12:00:00Z")
const verification = (to: string): MailMessage => ({
  kind: "VerifyEmail",
  to,
  subject: "Please verify",
  text: "Verify: https://shop.example/?token=abc",
  html: '<a href="https://shop.example/?token=abc">Verify</a>',
})
const queueMail = (to: string) =>
  Effect.runPromise(makeOutboxMailer(database.db).send(verification(to)))

const recordingSender = (failWith?: string) => {
  const sent: MailMessage[] = []
  const sender: MailSender = {
    send: async (message) => {
      if (failWith) throw new Error(failWith)
      sent.push(message)
    },
    close: () => {},
  }
  return { sent, sender }
}

describe("outbox delivery", () => {
  it("sends each message once over SMTP and then drops its live links", async () => {
    await queueMail("a@example.com")
    await queueMail("b@example.com")
    const queue = makeOutboxQueue(database.db)
    const { sent, sender } = recordingSender()
    expect(await deliverOnce(queue, { sender, now: () => NOW })).toBe(2)
    expect(await deliverOnce(queue, { sender, now: () => NOW })).toBe(0)
    expect(sent.map((m) => m.to).sort()).toEqual(["a@example.com", "b@example.com"])
    const stored = await queue.recent({ limit: 10 })
    expect(stored.every((m) => m.sentAt !== null && !m.text.includes("token="))).toBe(true)
  })

  it("in mailbox mode marks messages delivered and keeps them readable", async () => {
    await queueMail("a@example.com")
    const queue = makeOutboxQueue(database.db)
    expect(await deliverOnce(queue, { sender: undefined, now: () => NOW })).toBe(1)
    const [kept] = await queue.recent({ limit: 1 })
    expect(kept?.sentAt).not.toBeNull()
    expect(kept?.text).toContain("token=abc")
  })

  it("tries a failed message again later, then gives up", async () => {
    await queueMail("a@example.com")
    const queue = makeOutboxQueue(database.db)
    const { sender } = recordingSender("connection refused")
    await deliverOnce(queue, { sender, now: () => NOW, maxAttempts: 2 })
    expect(await deliverOnce(queue, { sender, now: () => NOW, maxAttempts: 2 })).toBe(0)
    const later = new Date(NOW.getTime() + retryDelayMs(1))
    expect(await deliverOnce(queue, { sender, now: () => later, maxAttempts: 2 })).toBe(1)
    const [failed] = await queue.recent({ limit: 1 })
    expect(failed).toMatchObject({ attempts: 2, lastError: "connection refused" })
    expect(failed?.failedAt).not.toBeNull()
    const muchLater = new Date(NOW.getTime() + 24 * 3_600_000)
    expect(await deliverOnce(queue, { sender, now: () => muchLater })).toBe(0)
  })

  it("says a delivery failed by the message's id, never the customer's address", async () => {
    await queueMail("jo.bloggs@example.com")
    const queue = makeOutboxQueue(database.db)
    // Mail servers often name the recipient in their refusal.
    const { sender } = recordingSender("550 jo.bloggs@example.com: mailbox unavailable")
    const said: string[] = []
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      said.push(args.map(String).join(" "))
    })
    try {
      await deliverOnce(queue, { sender, now: () => NOW })
    } finally {
      spy.mockRestore()
    }
    const [failed] = await queue.recent({ limit: 1 })
    expect(said).toEqual([
      `mail ${failed?.id} (VerifyEmail) failed, attempt 1 550 <recipient>: mailbox unavailable`,
    ])
  })

  it("never sends what another process took over after a slow send outlasted the lease", async () => {
    // Two server processes share the outbox. A claims both messages, then its
    // mail server takes longer than the lease over the first one; B's pass
    // runs in between, finds the second message's lease run out, and sends it.
    await queueMail("first@example.com")
    await queueMail("second@example.com")
    const leaseMs = 60_000
    let clock = NOW
    const sent: string[] = []
    const processB = makeOutboxQueue(database.db)
    const senderB: MailSender = {
      send: async (message) => void sent.push(`B ${message.to}`),
      close: () => {},
    }
    const real = makeOutboxQueue(database.db)
    const processA = {
      ...real,
      markSent: async (...args: Parameters<typeof real.markSent>) => {
        const marked = await real.markSent(...args)
        await deliverOnce(processB, { sender: senderB, now: () => clock, leaseMs })
        return marked
      },
    }
    const slowSenderA: MailSender = {
      send: async (message) => {
        sent.push(`A ${message.to}`)
        clock = new Date(clock.getTime() + leaseMs + 1_000)
      },
      close: () => {},
    }
    await deliverOnce(processA, { sender: slowSenderA, now: () => clock, leaseMs })
    // Each message once: A sent one, B the one whose lease ran out while A was busy.
    expect(sent.map((s) => s.slice(2)).sort()).toEqual(["first@example.com", "second@example.com"])
    expect(sent.map((s) => s.slice(0, 1)).sort()).toEqual(["A", "B"])
    const stored = await real.recent({ limit: 10 })
    expect(stored.every((m) => m.sentAt !== null)).toBe(true)
  })

  it("runs as a job: drains a backlog batch after batch, then stops with its scope", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await queueMail(to)
    const real = makeOutboxQueue(database.db)
    // Every pass begins with a claim: counting claims counts passes.
    let passes = 0
    const queue = {
      ...real,
      claim: (...args: Parameters<typeof real.claim>) => {
        passes++
        return real.claim(...args)
      },
    }
    const { sent, sender } = recordingSender()
    await Effect.runPromise(
      Effect.gen(function* () {
        const allSent = yield* Deferred.make<void>()
        const sending: MailSender = {
          ...sender,
          send: async (message) => {
            await sender.send(message)
            if (sent.length === 3) Effect.runSync(Deferred.succeed(allSent, undefined))
          },
        }
        // An hour's pause on the test clock, which never moves here: only the
        // backlog rule can send the second batch.
        const scope = yield* Scope.make()
        yield* Layer.buildWithScope(
          mailDelivery(queue, { sender: sending, batchSize: 2 }, "1 hour"),
          scope,
        )
        yield* Deferred.await(allSent)
        yield* Scope.close(scope, Exit.void)
        expect(sent).toHaveLength(3)

        const often = yield* Scope.make()
        yield* Layer.buildWithScope(mailDelivery(queue, { sender }), often)
        yield* Scope.close(often, Exit.void)
        const atClose = passes
        yield* Effect.promise(() => queueMail("d@example.com"))
        // A job still running would wake within its interval and start a pass at once.
        yield* TestClock.adjust(DELIVERY_INTERVAL)
        expect(passes).toBe(atClose)
        expect(sent).toHaveLength(3)
      }).pipe(Effect.provide(TestContext.TestContext)),
    )
  })

  it("backs off from a minute to at most an hour", () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000])
  })
})

describe("the dev mailbox page", () => {
  it("makes web addresses clickable and escapes everything else", () => {
    expect(linkify('Click <b>here</b>: https://shop.example/?token=a&b=1 "now"')).toBe(
      'Click &#60;b&#62;here&#60;/b&#62;: <a href="https://shop.example/?token=a&#38;b=1">https://shop.example/?token=a&#38;b=1</a> &#34;now&#34;',
    )
  })

  it("lists messages with their links and never renders their HTML", async () => {
    await queueMail("a@example.com")
    const [message] = await makeOutboxQueue(database.db).recent({ limit: 1 })
    const page = renderMailbox(
      [{ ...message!, subject: "<script>alert(1)</script>" }],
      "a@example.com",
    )
    expect(page).toContain('<a href="https://shop.example/?token=abc">')
    expect(page).toContain('data-kind="VerifyEmail"')
    expect(page).not.toContain("<script>alert(1)")
  })
})
