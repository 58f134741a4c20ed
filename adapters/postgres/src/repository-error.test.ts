import { Effect, Either } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "./database"
import { isDatabaseUnreachable } from "./repository-error"
import { runQuery } from "./transactions"

/** The RepositoryError a query ends in, through the same path every repository uses. */
const failureOf = async (handle: DatabaseHandle, query: ReturnType<typeof sql>) => {
  const result = await Effect.runPromise(
    Effect.either(runQuery(handle.db, "probe", (db) => query.execute(db))),
  )
  if (Either.isRight(result)) throw new Error("the query did not fail")
  return result.left
}

describe("a repository failure says whether the database was unreachable", () => {
  let open: DatabaseHandle
  beforeAll(async () => {
    open = await openMigratedPglite()
  })
  afterAll(async () => {
    await open.close()
  })

  it.each([
    ["a data error", sql`select 1 / 0`],
    ["a value out of an integer's range", sql`select ${2147483648}::int`],
    ["a NUL in text", sql`select ${"a\u0000b"}::text`],
    ["a date past year 9999", sql`select ${new Date("99999-01-01")}::timestamptz`],
    ["bad SQL", sql`select * from nowhere`],
  ])("%s reached the database: it is our fault, not an outage", async (_, query) => {
    const failure = await failureOf(open, query)
    expect(failure.unreachable).toBe(false)
  })

  it("a closed embedded database is unreachable", async () => {
    const closed = await openMigratedPglite()
    await sql`select 1`.execute(closed.db)
    await closed.close()
    expect((await failureOf(closed, sql`select 1`)).unreachable).toBe(true)
  })

  it("a Postgres server that refuses the connection is unreachable", async () => {
    // Port 9 (discard) has no Postgres on any test machine.
    const refused = await makeDatabase({ databaseUrl: "postgres://howzat:x@127.0.0.1:9/howzat" })
    try {
      expect((await failureOf(refused, sql`select 1`)).unreachable).toBe(true)
    } finally {
      await refused.close()
    }
  })

  it.each([
    ["too many connections", { code: "53300" }],
    ["the server shutting down", { code: "57P01" }],
    ["a connection exception", { code: "08006" }],
    ["a terminated connection", new Error("Connection terminated unexpectedly")],
    ["one refused address of several", new AggregateError([{ code: "ECONNREFUSED" }])],
    ["a wrapped reset", new Error("query failed", { cause: { code: "ECONNRESET" } })],
  ])("%s is unreachable", (_, failure) => {
    expect(isDatabaseUnreachable(failure)).toBe(true)
  })

  it.each([
    ["a unique violation", { code: "23505" }],
    ["a numeric overflow", { code: "22003" }],
    ["a serialization failure", { code: "40001" }],
    ["nothing at all", undefined],
    ["a string", "ECONNREFUSED"],
  ])("%s is not", (_, failure) => {
    expect(isDatabaseUnreachable(failure)).toBe(false)
  })
})
