import { sql } from "kysely"
import { afterEach, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { migrations } from "./index"
import {
  compareSchema,
  prepareSchema,
  readSchemaState,
  SchemaNewerThanCode,
  SchemaOlderThanCode,
} from "./schema-version"

const NAMES = Object.keys(migrations)
const A_LATER_BUILDS = "2099-01-01T0000-from-a-later-build"

describe("compareSchema", () => {
  it("lists the build's migrations the database has not run, and those it ran that the build does not know", () => {
    expect(compareSchema(["a", "b", "c"], ["a", "b"])).toEqual({
      applied: ["a", "b"],
      pending: ["c"],
      unknown: [],
    })
    expect(compareSchema(["a"], ["a", "z"])).toEqual({
      applied: ["a", "z"],
      pending: [],
      unknown: ["z"],
    })
    expect(compareSchema(["a", "b"], [])).toMatchObject({ pending: ["a", "b"], unknown: [] })
  })
})

describe("a server's start on the schema (prepareSchema)", () => {
  const opened: DatabaseHandle[] = []
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close()
  })
  const fresh = async () => {
    const handle = await makeDatabase({})
    opened.push(handle)
    return handle.db
  }
  const migrated = async () => {
    const handle = await openMigratedPglite()
    opened.push(handle)
    return handle.db
  }

  it("reads a database never migrated as every migration pending", async () => {
    const state = await readSchemaState(await fresh())
    expect(state).toEqual({ applied: [], pending: NAMES, unknown: [] })
  })

  it("refuses an older schema, naming the command that fixes it, when told not to migrate", async () => {
    const db = await fresh()
    const refused = await prepareSchema(db, { migrate: false }).catch((error) => error)
    expect(refused).toBeInstanceOf(SchemaOlderThanCode)
    expect(refused.message).toMatch(
      /older than this build: \d+ migrations pending .*npm run migrate/,
    )
    // Nothing was applied.
    expect((await readSchemaState(db)).applied).toEqual([])
  })

  it("applies what is pending by default, and then has nothing to do", async () => {
    const db = await fresh()
    expect(await prepareSchema(db, { migrate: true })).toEqual(NAMES)
    expect(await prepareSchema(db, { migrate: false })).toEqual([])
  }, 60_000)

  it("always refuses a schema a later build migrated, migrating or not", async () => {
    const db = await migrated()
    await sql`insert into kysely_migration (name, timestamp) values (${A_LATER_BUILDS}, now()::text)`.execute(
      db,
    )
    for (const migrate of [true, false]) {
      const refused = await prepareSchema(db, { migrate }).catch((error) => error)
      expect(refused).toBeInstanceOf(SchemaNewerThanCode)
      expect(refused.message).toBe(
        `The database's schema is newer than this build: it has run 1 migration this build does not know (${A_LATER_BUILDS}). Deploy the build that added them (or a later one); an older build must not run on it.`,
      )
    }
  })
})
