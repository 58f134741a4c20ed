import { Baskets, Checkout, PickedNumbers } from "@howzat/core/orders"
import { PICK_HOLD_MINUTES } from "@howzat/core/rules"
import { Duration, Effect, Either, TestClock } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { runCheckoutOn } from "./checkout-runner"
import { type DatabaseHandle, makeDatabase } from "./database"
import { competitionOnSale, NOW, newCustomer } from "./repos/orders-fixtures"

/**
 * Many customers picking overlapping numbers at once on real PostgreSQL
 * (docs/decisions/0080): core's PickedNumbers, Baskets and Checkout on the
 * real repositories, each call in its own transaction on its own
 * connection, with lucky-dip checkouts racing the picks. Whatever the
 * interleaving: no number is held by two baskets, none is sold twice, none
 * is both sold and held, and no hold outlives its expiry.
 */
const PICKERS = 12
const LUCKY_DIPPERS = 4
const POOL = 30

/** A deterministic spread of overlapping picks: each customer wants 4 of the first 12 numbers. */
const wantedBy = (i: number) => [1, 2, 3, 4].map((k) => ((i * 5 + k * 3) % 12) + 1)

describe("pick your numbers under racing customers on PostgreSQL", () => {
  let database: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handle = await makeDatabase({
      databaseUrl: database.connectionString,
      maxConnections: PICKERS + LUCKY_DIPPERS + 2,
    })
  }, 60_000)

  afterAll(async () => {
    await handle?.close()
    await database?.drop()
  })

  const run = runCheckoutOn(() => handle.db)

  const pickable = async (totalTickets: number, maxTicketsPerCustomer: number) => {
    const competitionId = await competitionOnSale(handle.db, {
      name: "Pick me",
      totalTickets,
      maxTicketsPerCustomer,
    })
    await handle.db
      .updateTable("competitions")
      .set({ pickYourNumbers: true })
      .where("id", "=", competitionId)
      .execute()
    return competitionId
  }

  const basketOf = (customerId: string) =>
    Effect.map(
      Effect.flatMap(Baskets, (b) => b.create(customerId)),
      (basket) => basket.id,
    )

  /** Rows that would break the invariants, read straight from the tables at `at`. */
  const broken = async (competitionId: string, at: Date) => {
    const { rows } = await sql<{ check: string; n: string | number }>`
      select 'live records of one number in two baskets' as check, count(*) as n from (
        select ticket_number from ticket_holds
        where competition_id = ${competitionId} and expires_at > ${at}
        group by ticket_number having count(*) > 1) twice
      union all
      select 'sold numbers still held', count(*) from tickets
        where competition_id = ${competitionId} and order_id is not null and held_until is not null
      union all
      select 'live records of sold numbers', count(*) from ticket_holds h
        join tickets t on t.competition_id = h.competition_id and t.ticket_number = h.ticket_number
        where h.competition_id = ${competitionId} and h.expires_at > ${at} and t.order_id is not null
      union all
      select 'holds longer than the hold time', count(*) from ticket_holds
        where competition_id = ${competitionId}
          and expires_at > held_at + make_interval(mins => ${PICK_HOLD_MINUTES})
      union all
      select 'sold count drifted', abs(
        (select coalesce(sum(sold), 0) from competition_tickets_sold where competition_id = ${competitionId})
        - (select count(*) from tickets where competition_id = ${competitionId} and order_id is not null))
    `.execute(handle.db)
    return rows.filter((row) => Number(row.n) > 0).map((row) => `${row.check}: ${row.n}`)
  }

  it("holds each number for one basket, sells each once and lets holds end", async () => {
    const competitionId = await pickable(POOL, 10)
    const pickers = await Promise.all(Array.from({ length: PICKERS }, () => newCustomer(handle.db)))
    const dippers = await Promise.all(
      Array.from({ length: LUCKY_DIPPERS }, () => newCustomer(handle.db)),
    )
    const pickerBaskets = await run(Effect.forEach(pickers, basketOf))
    const dipperBaskets = await run(
      Effect.forEach(dippers, (customerId) =>
        Effect.gen(function* () {
          const basketId = yield* basketOf(customerId)
          yield* Effect.flatMap(Baskets, (b) => b.addItem(basketId, competitionId, 3, customerId))
          return basketId
        }),
      ),
    )

    // Everyone at once: pickers each pick 4 of the same 12 numbers, one at a time
    // and then all together; lucky dippers check out 3 tickets each meanwhile.
    const picks = run(
      Effect.forEach(
        pickers,
        (customerId, i) =>
          Effect.gen(function* () {
            const picked = yield* PickedNumbers
            const basketId = pickerBaskets[i] as string
            const one = yield* Effect.either(
              picked.hold(basketId, competitionId, [wantedBy(i)[0] as number], customerId),
            )
            const all = yield* Effect.either(
              picked.hold(basketId, competitionId, wantedBy(i), customerId),
            )
            return { basketId, customerId, one, all }
          }),
        { concurrency: "unbounded" },
      ),
    )
    const dips = run(
      Effect.forEach(
        dippers,
        (customerId, i) =>
          Effect.either(
            Effect.flatMap(Checkout, (c) => c.checkout(dipperBaskets[i] as string, customerId)),
          ),
        { concurrency: "unbounded" },
      ),
    )
    const [picked, dipped] = await Promise.all([picks, dips])

    // Every hold a basket was granted is its own: no number granted to two baskets.
    const granted = new Map<number, string>()
    for (const outcome of picked)
      for (const result of [outcome.one, outcome.all])
        if (Either.isRight(result))
          for (const n of result.right.numbers) {
            const owner = granted.get(n)
            expect(owner === undefined || owner === outcome.basketId).toBe(true)
            granted.set(n, outcome.basketId)
          }
    expect(granted.size).toBeGreaterThan(0)
    for (const outcome of picked)
      for (const result of [outcome.one, outcome.all])
        if (Either.isLeft(result)) expect(result.left._tag).toBe("PickRefused")

    // Lucky dips never took a held number.
    const dipNumbers = dipped.flatMap((outcome) => {
      expect(Either.isRight(outcome)).toBe(true)
      return Either.isRight(outcome) ? outcome.right.order.lines : []
    })
    expect(dipNumbers.length).toBe(LUCKY_DIPPERS)
    const sold = await handle.db
      .selectFrom("tickets")
      .select(["ticketNumber", "orderId"])
      .where("competitionId", "=", competitionId)
      .where("orderId", "is not", null)
      .execute()
    expect(sold).toHaveLength(3 * LUCKY_DIPPERS)
    for (const { ticketNumber } of sold) expect(granted.has(ticketNumber)).toBe(false)
    expect(await broken(competitionId, NOW)).toEqual([])

    // A second wave of lucky dips, racing each other while the holds stand,
    // wants more than is left unheld: it gets only numbers nobody holds.
    const wave = await Promise.all(
      Array.from({ length: LUCKY_DIPPERS }, () => newCustomer(handle.db)),
    )
    const secondDips = await run(
      Effect.forEach(
        wave,
        (customerId) =>
          Effect.gen(function* () {
            const basketId = yield* basketOf(customerId)
            yield* Effect.flatMap(Baskets, (b) =>
              b.addItem(basketId, competitionId, 10, customerId),
            )
            return yield* Effect.either(
              Effect.flatMap(Checkout, (c) => c.checkout(basketId, customerId)),
            )
          }),
        { concurrency: "unbounded" },
      ),
    )
    const soldAfter = await handle.db
      .selectFrom("tickets")
      .select("ticketNumber")
      .where("competitionId", "=", competitionId)
      .where("orderId", "is not", null)
      .execute()
    expect(secondDips.some(Either.isRight)).toBe(true)
    expect(soldAfter.length).toBe(POOL - granted.size)
    for (const { ticketNumber } of soldAfter) expect(granted.has(ticketNumber)).toBe(false)
    expect(await broken(competitionId, NOW)).toEqual([])

    // The pickers who hold something check out while the others pick again.
    const holders = picked.filter((p) => Either.isRight(p.all) || Either.isRight(p.one))
    const others = picked.filter((p) => !holders.includes(p))
    const [checkedOut] = await Promise.all([
      run(
        Effect.forEach(
          holders,
          (p) =>
            Effect.either(Effect.flatMap(Checkout, (c) => c.checkout(p.basketId, p.customerId))),
          { concurrency: "unbounded" },
        ),
      ),
      run(
        Effect.forEach(
          others,
          (p) =>
            Effect.either(
              Effect.flatMap(PickedNumbers, (picked) =>
                picked.hold(p.basketId, competitionId, [1, 2, 3], p.customerId),
              ),
            ),
          { concurrency: "unbounded" },
        ),
      ),
    ])
    // Each checkout bought exactly its basket's picks (and nothing half).
    for (const [i, outcome] of checkedOut.entries()) {
      expect(Either.isRight(outcome)).toBe(true)
      const basketId = holders[i]?.basketId
      const mine = [...granted].filter(([, owner]) => owner === basketId).map(([n]) => n)
      const orderId = Either.isRight(outcome) ? outcome.right.order.id : ""
      const bought = await handle.db
        .selectFrom("tickets")
        .select("ticketNumber")
        .where("orderId", "=", orderId)
        .orderBy("ticketNumber")
        .execute()
      expect(bought.map((row) => row.ticketNumber)).toEqual(mine.sort((a, b) => a - b))
    }
    expect(await broken(competitionId, NOW)).toEqual([])

    // Ten minutes on, no hold stands: every unsold number is free to anyone.
    const later = new Date(NOW.getTime() + PICK_HOLD_MINUTES * 60_000)
    const soldNow = await handle.db
      .selectFrom("tickets")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("competitionId", "=", competitionId)
      .where("orderId", "is not", null)
      .executeTakeFirstOrThrow()
    const free = await run(
      Effect.zipRight(
        TestClock.adjust(Duration.minutes(PICK_HOLD_MINUTES)),
        Effect.flatMap(PickedNumbers, (picked) =>
          picked.freeNumbers(competitionId, { from: 1, pageNumber: 1, pageSize: 100 }),
        ),
      ),
    )
    expect(free.totalCount).toBe(POOL - Number(soldNow.n))
    expect(await broken(competitionId, later)).toEqual([])
  }, 120_000)

  it("keeps one customer's racing picks in two baskets under the maximum", async () => {
    const competitionId = await pickable(40, 4)
    const customerId = await newCustomer(handle.db)
    const baskets = await run(Effect.forEach([1, 2, 3], () => basketOf(customerId)))
    const outcomes = await run(
      Effect.forEach(
        baskets,
        (basketId, i) =>
          Effect.either(
            Effect.flatMap(PickedNumbers, (picked) =>
              picked.hold(
                basketId,
                competitionId,
                [i * 10 + 1, i * 10 + 2, i * 10 + 3],
                customerId,
              ),
            ),
          ),
        { concurrency: "unbounded" },
      ),
    )
    expect(outcomes.filter(Either.isRight)).toHaveLength(1)
    for (const outcome of outcomes.filter(Either.isLeft))
      expect(outcome.left).toMatchObject({ _tag: "PickRefused", refusal: { kind: "OverMaximum" } })
  }, 60_000)
})
