import { randomUUID } from "node:crypto"
import type { MailMessage } from "@howzat/core/accounts"
import { Mailer, RateLimiter, Transactions } from "@howzat/core/ports"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** What the contract reads back: the messages the outbox holds. */
export interface MailAndLimitsSeed {
  readonly outbox: () => Promise<readonly MailMessage[]>
}

export type MailAndLimitsPorts = Mailer | RateLimiter | Transactions

const MINUTE = 60_000
const windowAt = (index: number) => {
  const start = new Date(Date.UTC(2026, 10, 25, 9) + index * MINUTE)
  return { start, end: new Date(start.getTime() + MINUTE) }
}

const message = (to: string): MailMessage => ({
  kind: "VerifyEmail",
  to,
  subject: "Please verify your email address",
  text: "Open https://shop.example/verify?token=abc — thank you",
  html: '<p>Open <a href="https://shop.example/verify?token=abc">the link</a></p>',
})

/**
 * The shared counters and the outbox every server process relies on: a
 * rate limit counted per key in fixed windows (a late clock's hit counted in
 * the newer window, never a fresh one), and a message kept if and only if the
 * work that sent it commits.
 */
export const mailAndLimitsContract = (
  name: string,
  open: OpenHarness<MailAndLimitsPorts, MailAndLimitsSeed>,
) =>
  describe(name, { timeout: 60_000 }, () => {
    const { run, seed } = useHarness(open)
    const hit = (key: string, window: number) =>
      run(Effect.flatMap(RateLimiter, (limiter) => limiter.hit(key, windowAt(window))))

    it("counts a key's hits in its window, each key on its own", async () => {
      const [ann, bob] = [`login:${randomUUID()}`, `login:${randomUUID()}`]
      expect([await hit(ann, 0), await hit(ann, 0), await hit(ann, 0)]).toEqual([1, 2, 3])
      expect(await hit(bob, 0)).toBe(1)
      expect(await hit(ann, 0)).toBe(4)
    })

    it("starts again in a later window, and counts a late clock's hit in the newer one", async () => {
      const key = `reset:${randomUUID()}`
      await hit(key, 0)
      await hit(key, 0)
      expect(await hit(key, 1)).toBe(1)
      // A process whose clock is a minute behind: its hit is not a fresh window.
      expect(await hit(key, 0)).toBe(2)
      expect(await hit(key, 1)).toBe(3)
    })

    it("loses no count when hits arrive together", async () => {
      const key = `contact:${randomUUID()}`
      const counts = await Promise.all(Array.from({ length: 8 }, () => hit(key, 0)))
      expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    })

    it("answers every sequence of hits as one counter per key would", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom("a", "b"), fc.integer({ min: 0, max: 3 })), {
            maxLength: 12,
          }),
          async (hits) => {
            const run = randomUUID()
            const model = new Map<string, { start: number; count: number }>()
            for (const [key, window] of hits) {
              const current = model.get(key)
              const next =
                current === undefined || window > current.start
                  ? { start: window, count: 1 }
                  : { start: current.start, count: current.count + 1 }
              model.set(key, next)
              expect(await hit(`${run}:${key}`, window)).toBe(next.count)
            }
          },
        ),
        { numRuns: 15 },
      )
    })

    it("keeps a message sent, as sent", async () => {
      const to = `${randomUUID()}@example.com`
      await run(Effect.flatMap(Mailer, (mailer) => mailer.send(message(to))))
      expect((await seed().outbox()).filter((m) => m.to === to)).toEqual([message(to)])
    })

    it("keeps no message from work that failed, and each from work that committed", async () => {
      const [kept, lost] = [`${randomUUID()}@example.com`, `${randomUUID()}@example.com`]
      const sendAll = (to: string, fail: boolean) =>
        Effect.flatMap(Transactions, (tx) =>
          tx.within(
            Effect.gen(function* () {
              const mailer = yield* Mailer
              yield* mailer.send(message(to))
              yield* mailer.send({ ...message(to), kind: "PasswordChanged" })
              if (fail) yield* Effect.fail("the change was refused" as const)
            }),
          ),
        )
      await run(sendAll(kept, false))
      expect(Either.isLeft(await run(Effect.either(sendAll(lost, true))))).toBe(true)
      const outbox = await seed().outbox()
      expect(outbox.filter((m) => m.to === lost)).toEqual([])
      // One transaction stamps its rows with one time: the outbox promises no order within it.
      expect(
        outbox
          .filter((m) => m.to === kept)
          .map((m) => m.kind)
          .sort(),
      ).toEqual(["PasswordChanged", "VerifyEmail"])
    })
  })
