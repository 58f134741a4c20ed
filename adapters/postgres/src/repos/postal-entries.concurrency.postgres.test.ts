import { Transactions } from "@howzat/core/ports"
import { PostalEntries } from "@howzat/core/postal-entries"
import { Deferred, Effect, Either, Layer, TestClock, TestContext } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { untilWaitingForLocks } from "../../../../test/support/lock-waits"
import type { TestDatabase } from "../../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { checkoutBuyer, type Outcome } from "./allocation-buyers"
import { competitionOnSale, customerWithEmail, NOW, newBasket, poolCounts } from "./orders-fixtures"
import {
  POSTAL_STAFF,
  personForm,
  postalEntriesOn,
  postalEntryPortsOn,
} from "./postal-entries-fixtures"

/**
 * Free postal entries and checkouts racing for one competition through two
 * connection pools (two server processes as far as the database can tell).
 * Customers buy and are entered by post at the same moment; people without
 * an account are entered many times at once; staff double-submit the same
 * postcard; two postcards claim one reference. Demand is well above the
 * stock, so the competition sells out. Fixed patterns, no randomness, so a
 * failure reproduces.
 */

const TOTAL = 60
const MAX = 4
const CUSTOMERS = 12
const PEOPLE = 15
const ENTRIES_PER_PERSON = 5
const DOUBLE_SUBMITTED = 10
const CONTESTED = 5
const POOL_SIZE = 20

const EXPECTED_REFUSALS = new Set([
  "PostalEntryLimitReached",
  "CompetitionSoldOut",
  "EntryReferenceInUse",
])

describe("postal entries racing checkouts on PostgreSQL (two pools)", () => {
  let database: TestDatabase
  let main: DatabaseHandle
  let competitionId: string
  type PostalOutcome = Awaited<ReturnType<ReturnType<typeof postalEntriesOn>>>
  const postal: { reference: string | null; outcome: PostalOutcome }[] = []
  let checkouts: Outcome[] = []
  const customers: string[] = []

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    main = await makeDatabase({ databaseUrl: database.connectionString })
    competitionId = await competitionOnSale(main.db, {
      name: "Contested prize",
      totalTickets: TOTAL,
      maxTicketsPerCustomer: MAX,
    })
    for (let i = 0; i < CUSTOMERS; i++)
      customers.push(await customerWithEmail(main.db, `customer-${i}@example.com`))
    const baskets = await Promise.all(customers.map((c) => newBasket(main.db, c)))

    const pools = await Promise.all(
      [0, 1].map(() =>
        makeDatabase({ databaseUrl: database.connectionString, maxConnections: POOL_SIZE }),
      ),
    )
    try {
      const enterVia = pools.map((pool) => postalEntriesOn(pool.db))
      const via = (i: number) => enterVia[i % 2] as (typeof enterVia)[number]
      const postalRuns: Promise<void>[] = []
      const entering = (i: number, reference: string | null, form = personForm()) =>
        postalRuns.push(
          via(i)(competitionId, { ...form, entryReference: reference ?? "" }).then((outcome) => {
            postal.push({ reference, outcome })
          }),
        )
      const byId = (customerId: string) =>
        personForm({
          customerId,
          firstName: "",
          lastName: "",
          emailAddress: "",
          dateOfBirth: "",
          address: null,
        })

      // Each customer: a checkout of 3 through one pool and two postal entries
      // through both, all at once; 5 wanted against a maximum of 4.
      const checkoutRuns = customers.map((customerId, i) =>
        Effect.runPromise(
          checkoutBuyer(pools[i % 2] as DatabaseHandle, {
            index: i,
            customerId,
            basketId: baskets[i] as string,
            lines: [{ competitionId, quantity: 3 }],
          }),
        ),
      )
      // Interleaved with people without an account, each entered five times at
      // once under one address written differently.
      for (let i = 0; i < Math.max(CUSTOMERS, PEOPLE); i++) {
        const customerId = customers[i]
        if (customerId !== undefined) {
          entering(i, null, byId(customerId))
          entering(i + 1, null, byId(customerId))
        }
        if (i >= PEOPLE) continue
        for (let e = 0; e < ENTRIES_PER_PERSON; e++) {
          const email = e % 2 === 0 ? `person-${i}@example.com` : `Person-${i}@EXAMPLE.com`
          entering(i + e, null, personForm({ emailAddress: email }))
        }
      }
      // The same postcard submitted three times at once.
      for (let d = 0; d < DOUBLE_SUBMITTED; d++) {
        for (let k = 0; k < 3; k++)
          entering(k, `DOUBLE-${d}`, personForm({ emailAddress: `double-${d}@example.com` }))
      }
      // Two different postcards given one reference at once.
      for (let c = 0; c < CONTESTED; c++) {
        entering(0, `CONTESTED-${c}`, personForm({ emailAddress: `left-${c}@example.com` }))
        entering(1, `CONTESTED-${c}`, personForm({ emailAddress: `right-${c}@example.com` }))
      }
      ;[checkouts] = await Promise.all([Promise.all(checkoutRuns), Promise.all(postalRuns)])
    } finally {
      for (const pool of pools) await pool.close()
    }
  }, 120_000)

  afterAll(async () => {
    await main?.close()
    await database?.drop()
  })

  it("answers every request with an entry or an expected refusal, never a storage error", () => {
    for (const { outcome } of postal) {
      if (Either.isLeft(outcome)) expect(EXPECTED_REFUSALS).toContain(outcome.left._tag)
    }
    expect(checkouts).toHaveLength(CUSTOMERS)
  })

  it("sells every ticket exactly once, with the counter equal to the pool", async () => {
    const pool = await poolCounts(main.db, competitionId)
    expect(pool.tickets).toHaveLength(TOTAL)
    expect(pool.free).toBe(0)
    expect(pool.ticketsSold).toBe(TOTAL)
    const entries = await main.db
      .selectFrom("postalEntries")
      .select(["id", "ticketNumber"])
      .where("competitionId", "=", competitionId)
      .execute()
    const bought = checkouts.flatMap((o) => o.allocation?.lines[0]?.ticketNumbers ?? [])
    const numbers = [...bought, ...entries.map((e) => e.ticketNumber)]
    expect(numbers).toHaveLength(TOTAL)
    expect(new Set(numbers).size).toBe(TOTAL)
    // Each entry holds exactly its own ticket.
    const byNumber = new Map(pool.tickets.map((t) => [t.ticketNumber, t.orderId]))
    for (const entry of entries) expect(byNumber.get(entry.ticketNumber)).toBe(entry.id)
  })

  it("never lets anyone pass the maximum, paid and free together", async () => {
    const perCustomer = await main.db
      .selectFrom("tickets")
      .select(["customerId", (eb) => eb.fn.countAll<string>().as("held")])
      .where("competitionId", "=", competitionId)
      .where("customerId", "is not", null)
      .groupBy("customerId")
      .execute()
    for (const row of perCustomer) expect(Number(row.held)).toBeLessThanOrEqual(MAX)
    const { rows: perPerson } = await sql<{ email: string; held: string }>`
      select lower(email) as email, count(*) as held from postal_entries
      where competition_id = ${competitionId} and customer_id is null group by lower(email)`.execute(
      main.db,
    )
    expect(perPerson.length).toBeGreaterThan(0)
    for (const row of perPerson) expect(Number(row.held)).toBeLessThanOrEqual(MAX)
  })

  it("records a postcard submitted three times once, and answers all three with it", () => {
    for (let d = 0; d < DOUBLE_SUBMITTED; d++) {
      const answers = postal.filter((p) => p.reference === `DOUBLE-${d}`).map((p) => p.outcome)
      expect(answers).toHaveLength(3)
      const entered = answers.flatMap((outcome) => (Either.isRight(outcome) ? [outcome.right] : []))
      // One person's requests run one after another: the first enters (or meets
      // the sell-out), the others find its entry (or the same sell-out).
      if (entered.length === 0) {
        for (const outcome of answers)
          expect(Either.isLeft(outcome) && outcome.left._tag).toBe("CompetitionSoldOut")
      } else {
        expect(entered).toHaveLength(3)
        expect(entered.filter((e) => e.created)).toHaveLength(1)
        expect(new Set(entered.map((e) => e.entry.id)).size).toBe(1)
      }
    }
  })

  it("gives a contested reference to one postcard, and tells the other", async () => {
    for (let c = 0; c < CONTESTED; c++) {
      const { count } = await main.db
        .selectFrom("postalEntries")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("entryReference", "=", `CONTESTED-${c}`)
        .executeTakeFirstOrThrow()
      const answers = postal.filter((p) => p.reference === `CONTESTED-${c}`).map((p) => p.outcome)
      const tags = answers.map((o) => (Either.isRight(o) ? "Entered" : o.left._tag)).sort()
      if (Number(count) === 1) expect(tags).toEqual(["Entered", "EntryReferenceInUse"])
      else expect(tags).toEqual(["CompetitionSoldOut", "CompetitionSoldOut"])
    }
  })
})

/**
 * The moment the reference hold is for: a postcard's entry not yet
 * committed, a second postcard given the same reference, and a third person
 * entered meanwhile. The second must wait before it claims a ticket, or the
 * third is told the last ticket has gone while the second holds it only to
 * give it back.
 */
describe("a reused reference on PostgreSQL", () => {
  let database: TestDatabase
  let main: DatabaseHandle

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    main = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 6 })
  }, 60_000)

  afterAll(async () => {
    await main?.close()
    await database?.drop()
  })

  it("never costs a ticket that others are told is gone", async () => {
    const competitionId = await competitionOnSale(main.db, { totalTickets: 2 })
    const ports = postalEntryPortsOn(main.db)
    const services = Layer.merge(PostalEntries.Default.pipe(Layer.provide(ports)), ports)
    const run = <A, E>(effect: Effect.Effect<A, E, PostalEntries | Transactions>) =>
      Effect.runPromise(
        Effect.zipRight(TestClock.setTime(NOW.getTime()), effect).pipe(
          Effect.provide(services),
          Effect.provide(TestContext.TestContext),
        ),
      )
    const enter = (email: string, entryReference: string) =>
      Effect.flatMap(PostalEntries, (p) =>
        Effect.either(
          p.enter(POSTAL_STAFF, competitionId, personForm({ emailAddress: email, entryReference })),
        ),
      )

    // The first postcard's entry, left uncommitted until `release`.
    const entered = Effect.runSync(Deferred.make<void>())
    const release = Effect.runSync(Deferred.make<void>())
    const first = run(
      Effect.flatMap(Transactions, (t) =>
        t.within(
          Effect.tap(enter("first@example.com", "PC-1"), () =>
            Effect.zipRight(Deferred.succeed(entered, undefined), Deferred.await(release)),
          ),
        ),
      ),
    )
    await Effect.runPromise(Deferred.await(entered))
    const second = run(enter("second@example.com", "PC-1"))
    expect(await untilWaitingForLocks(main.db, 1, [second])).toBe("waiting")
    // The third claims while the second waits; its counter bump then waits for
    // the first's commit (the competition row), unless it found no ticket at all.
    const third = run(enter("third@example.com", ""))
    await untilWaitingForLocks(main.db, 2, [third])
    await Effect.runPromise(Deferred.succeed(release, undefined))

    expect(Either.isRight(await third)).toBe(true)
    expect(Either.isRight(await first)).toBe(true)
    const refused = await second
    expect(Either.isLeft(refused) && refused.left._tag).toBe("EntryReferenceInUse")
    const pool = await poolCounts(main.db, competitionId)
    expect([pool.sold, pool.free, pool.ticketsSold]).toEqual([2, 0, 2])
  })
})
