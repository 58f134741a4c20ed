import type { NewCustomerAccount } from "@howzat/core/accounts"
import { RepositoryError } from "@howzat/core/competitions"
import {
  CustomerRepo,
  Mailer,
  type OneTimeTokenRepo,
  RateLimiter,
  RefreshTokenRepo,
  Transactions,
  type UserRepo,
} from "@howzat/core/ports"
import { newCustomerAccount } from "@howzat/core/testing"
import { Deferred, Effect, Fiber, Layer, ManagedRuntime } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Db } from "../database"
import type { Database } from "../schema"
import { PostgresAccountsLive } from "./accounts"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeOutboxQueue } from "./outbox"
import { settingOrCreate } from "./settings"

type Ports =
  | UserRepo
  | CustomerRepo
  | RefreshTokenRepo
  | OneTimeTokenRepo
  | RateLimiter
  | Mailer
  | Transactions

const NOW = new Date("2026-06-15T12:00:00.000Z")
const MINUTE = 60_000
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)

const message = (to: string) => ({
  kind: "VerifyEmail" as const,
  to,
  subject: "Please verify",
  text: "https://shop.example/?token=abc",
  html: "<p>hi</p>",
})

/**
 * The account repositories' behaviour, defined once and run against every
 * database this package supports. The races are real on PostgreSQL (a
 * connection pool) and serialised on PGlite (one connection); the answers
 * must be the same.
 */
export const accountsSuite = (name: string, open: () => Promise<SuiteDatabase>) => {
  describe(name, () => {
    let handle: SuiteDatabase
    let db: Kysely<Database>
    let runtime: ManagedRuntime.ManagedRuntime<Ports, never>
    const run = <A, E>(effect: Effect.Effect<A, E, Ports>) => runtime.runPromise(effect)
    const flip = <A, E>(effect: Effect.Effect<A, E, Ports>) => run(Effect.flip(effect))

    const register = (overrides: Partial<NewCustomerAccount> = {}) =>
      run(Effect.flatMap(CustomerRepo, (repo) => repo.register(newCustomerAccount(overrides))))

    beforeAll(async () => {
      handle = await open()
      db = handle.db
      runtime = ManagedRuntime.make(PostgresAccountsLive.pipe(Layer.provide(Layer.succeed(Db, db))))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await handle?.close()
    })
    beforeEach(async () => {
      await sql`truncate table users, customers, refresh_tokens, one_time_tokens, outbox, rate_limits, settings cascade`.execute(
        db,
      )
    })

    // What UserRepo and CustomerRepo promise is the contract of
    // test/contracts/users-and-customers.contract.ts, run on every backend.

    describe("transactions", () => {
      it("roll back every repository's writes when the work fails", async () => {
        const error = await flip(
          Effect.gen(function* () {
            const tx = yield* Transactions
            return yield* tx.within(
              Effect.gen(function* () {
                yield* (yield* CustomerRepo).register(newCustomerAccount())
                yield* (yield* Mailer).send(message("ann@example.com"))
                return yield* Effect.fail("changed my mind" as const)
              }),
            )
          }),
        )
        expect(error).toBe("changed my mind")
        expect(await db.selectFrom("users").selectAll().execute()).toEqual([])
        expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([])
      })

      it("commit them together when it succeeds, nested calls joining the outer one", async () => {
        await run(
          Effect.gen(function* () {
            const tx = yield* Transactions
            yield* tx.within(
              Effect.gen(function* () {
                yield* (yield* CustomerRepo).register(newCustomerAccount())
                yield* tx.within((yield* Mailer).send(message("ann@example.com")))
              }),
            )
          }),
        )
        expect(await db.selectFrom("users").select("email").execute()).toHaveLength(1)
        expect(await db.selectFrom("outbox").select("toAddress").execute()).toHaveLength(1)
      })

      it("roll back when the work is interrupted, leaving the database usable", async () => {
        await run(
          Effect.gen(function* () {
            const tx = yield* Transactions
            // Interrupted only once the customer is written, so there is something to roll back.
            const registered = yield* Deferred.make<void>()
            const fiber = yield* Effect.fork(
              tx.within(
                (yield* CustomerRepo)
                  .register(newCustomerAccount())
                  .pipe(
                    Effect.zipRight(Deferred.succeed(registered, undefined)),
                    Effect.zipRight(Effect.never),
                  ),
              ),
            )
            yield* Deferred.await(registered)
            yield* Fiber.interrupt(fiber)
          }),
        )
        expect(await db.selectFrom("users").selectAll().execute()).toEqual([])
        await register()
      })

      it("report a failing query as a RepositoryError naming the operation", async () => {
        const error = await flip(
          Effect.flatMap(CustomerRepo, (r) =>
            r.register(newCustomerAccount({ dateOfBirth: "not a date" })),
          ),
        )
        expect(error).toBeInstanceOf(RepositoryError)
        expect(error).toMatchObject({ operation: "customers.register" })
      })
    })

    describe("refresh tokens", () => {
      it("go when their user goes", async () => {
        const user = await register()
        await run(
          Effect.flatMap(RefreshTokenRepo, (r) =>
            r.create({
              tokenHash: "h1",
              userId: user.id,
              familyId: "family-1",
              createdAt: NOW,
              expiresAt: at(MINUTE),
            }),
          ),
        )
        await db.deleteFrom("users").where("id", "=", user.id).execute()
        expect(await run(Effect.flatMap(RefreshTokenRepo, (r) => r.spend("h1", NOW)))).toEqual({
          _tag: "Unknown",
        })
      })
    })

    // What the token repositories promise is the contract of
    // test/contracts/session-tokens.contract.ts, run on every backend.

    describe("rate limits", () => {
      const window = (start: Date) => ({
        start,
        end: at(start.getTime() - NOW.getTime() + 15 * MINUTE),
      })
      const hit = (key: string, start = NOW) =>
        run(Effect.flatMap(RateLimiter, (r) => r.hit(key, window(start))))

      it("count hits per key within a window and start again in the next", async () => {
        expect(await hit("login:a")).toBe(1)
        expect(await hit("login:a")).toBe(2)
        expect(await hit("login:b")).toBe(1)
        expect(await hit("login:a", at(15 * MINUTE))).toBe(1)
        // A server with a slow clock still counts in the newer window.
        expect(await hit("login:a", NOW)).toBe(2)
      })

      it("never lose a count to concurrency", async () => {
        const counts = await Promise.all(Array.from({ length: 40 }, () => hit("login:a")))
        expect([...counts].sort((x, y) => x - y)).toEqual(
          Array.from({ length: 40 }, (_, i) => i + 1),
        )
      })
    })

    describe("the outbox", () => {
      const queue = () => makeOutboxQueue(db)
      const send = (to: string) => run(Effect.flatMap(Mailer, (m) => m.send(message(to))))

      it("hands each pending message to one claimer until its lease runs out", async () => {
        for (const to of ["a@x.example", "b@x.example", "c@x.example"]) await send(to)
        const [first, second] = await Promise.all([
          queue().claim(NOW, { batchSize: 2, leaseMs: MINUTE }),
          queue().claim(NOW, { batchSize: 2, leaseMs: MINUTE }),
        ])
        const ids = [...first!, ...second!].map((m) => m.id)
        expect(ids).toHaveLength(3)
        expect(new Set(ids).size).toBe(3)
        expect(await queue().claim(NOW, { batchSize: 10, leaseMs: MINUTE })).toEqual([])
        const again = await queue().claim(at(MINUTE), { batchSize: 10, leaseMs: MINUTE })
        expect(again).toHaveLength(3)
        expect(again.every((m) => m.attempts === 2)).toBe(true)
      })

      it("stops offering a sent message, and can drop its body", async () => {
        await send("a@x.example")
        const [claimed] = await queue().claim(NOW, { batchSize: 1, leaseMs: MINUTE })
        await queue().markSent(claimed!.id, NOW, { redact: true })
        expect(await queue().claim(at(2 * MINUTE), { batchSize: 10, leaseMs: MINUTE })).toEqual([])
        const [shown] = await queue().recent({ limit: 10 })
        expect(shown?.sentAt).not.toBeNull()
        expect(shown?.text).not.toContain("token=")
      })

      it("retries a failure later and gives up when told", async () => {
        await send("a@x.example")
        const [claimed] = await queue().claim(NOW, { batchSize: 1, leaseMs: MINUTE })
        await queue().markFailed(claimed!.id, "connection refused", at(5 * MINUTE), false)
        expect(await queue().claim(at(4 * MINUTE), { batchSize: 1, leaseMs: MINUTE })).toEqual([])
        const [retried] = await queue().claim(at(5 * MINUTE), { batchSize: 1, leaseMs: MINUTE })
        await queue().markFailed(retried!.id, "still refused", at(6 * MINUTE), true)
        expect(await queue().claim(at(60 * MINUTE), { batchSize: 1, leaseMs: MINUTE })).toEqual([])
        const [shown] = await queue().recent({ limit: 1 })
        expect(shown).toMatchObject({ lastError: "still refused", attempts: 2 })
      })

      it("counts what waits to be sent, and since when, for the metrics", async () => {
        expect(await queue().backlog()).toEqual({ pending: 0, oldestCreatedAt: null })
        for (const to of ["a@x.example", "b@x.example", "c@x.example"]) await send(to)
        const [sent, failed] = await queue().claim(NOW, { batchSize: 2, leaseMs: MINUTE })
        await queue().markSent(sent!.id, NOW, { redact: false })
        await queue().markFailed(failed!.id, "refused", at(MINUTE), true)
        const { pending, oldestCreatedAt } = await queue().backlog()
        // Claimed or not, a message neither sent nor given up on still waits.
        expect(pending).toBe(1)
        const [waiting] = (await queue().recent({ limit: 10 })).filter(
          (m) => m.sentAt === null && m.failedAt === null,
        )
        expect(oldestCreatedAt).toEqual(waiting!.createdAt)
      })

      it("lists the newest messages first, for one address in any case", async () => {
        await send("a@x.example")
        await send("b@x.example")
        await send("A@X.example")
        const forA = await queue().recent({ to: "a@x.EXAMPLE", limit: 10 })
        expect(forA.map((m) => m.to)).toEqual(["A@X.example", "a@x.example"])
      })
    })

    describe("settings", () => {
      it("keep the first value written, however many processes race to write one", async () => {
        const values = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            settingOrCreate(db, "jwt-secret", () => `secret-${i}`),
          ),
        )
        expect(new Set(values).size).toBe(1)
        expect(await settingOrCreate(db, "jwt-secret", () => "later")).toBe(values[0])
      })
    })
  })
}
