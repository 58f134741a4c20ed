import type { CompetitionQuery } from "@howzat/core/competitions"
import fc from "fast-check"
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely"
import { describe, expect, it } from "vitest"
import type { Database } from "../schema"
import { freshListPageStatement, listPageStatements } from "./competitions"

/** Compiles as the shop's database does (camel-case plugin), executes nothing. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
})

const text = fc.oneof(
  fc.constant(undefined),
  fc.constant(""),
  fc.string({ maxLength: 8 }),
  fc.constantFrom("%", "_", "\\", "50% off", "a_b"),
)

const query: fc.Arbitrary<CompetitionQuery> = fc.record({
  categoryId: fc.option(fc.uuid(), { nil: undefined }),
  name: text,
  description: text,
  timePeriod: fc.constantFrom("Current", "EndingSoon", "Past", "All"),
  sort: fc.option(
    fc.constantFrom("Featured", "EndingSoonest", "Newest", "PriceLowToHigh", "BestOdds"),
    { nil: undefined },
  ),
  type: fc.constantFrom("All", "InstantWin", "Standard"),
  visibleOnly: fc.boolean(),
  hiddenOnly: fc.option(fc.boolean(), { nil: undefined }),
  now: fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }),
  page: fc.record({
    pageNumber: fc.integer({ min: -2, max: 50 }),
    pageSize: fc.integer({ min: 0, max: 200 }),
  }),
})

describe("the catalogue list's statement compiled once per shape", () => {
  it("is exactly the statement built afresh, text and parameters, for any query in any order", () => {
    // One cache across every run: shapes are met again with other values, as in a server.
    const once = listPageStatements(db)
    fc.assert(
      fc.property(fc.array(query, { minLength: 1, maxLength: 6 }), (queries) => {
        for (const q of queries) {
          const fresh = freshListPageStatement(db, q)
          const filled = once(q)
          expect(filled.sql).toBe(fresh.sql)
          expect(filled.parameters).toEqual(fresh.parameters)
        }
      }),
      { numRuns: 300 },
    )
  })
})
