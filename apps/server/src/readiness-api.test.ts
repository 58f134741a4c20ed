import { makeDatabase, SchemaOlderThanCode } from "@howzat/postgres"
import { afterAll, describe, expect, it } from "vitest"
import { readConfig } from "./config"
import { composeShop } from "./shop-runtime"
import { openShop, type Shop } from "./test-support/shop"

/**
 * What a load balancer asks (docs/decisions/0087): /health/ping says the
 * process answers; /health/ready says it should be sent requests, and stops
 * saying so the moment a shutdown begins, while requests are still answered.
 * And a server told not to migrate refuses a database it would have to.
 */
const opened: Shop[] = []
afterAll(async () => {
  for (const shop of opened) await shop.close()
})

describe("readiness", () => {
  it("is ready on a database that answers, and not once draining, still answering the rest", async () => {
    const shop = await openShop()
    opened.push(shop)
    const ready = await shop.app.request("/health/ready")
    expect(ready.status).toBe(200)
    expect(ready.headers.get("cache-control")).toBe("no-store")
    expect(await ready.json()).toEqual({ status: "ready" })

    shop.drain()
    const draining = await shop.app.request("/health/ready")
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({
      status: "not ready",
      detail: "shutting down: finishing the requests in flight",
    })
    // Alive, and still answering what customers ask while the load balancer notices.
    expect((await shop.app.request("/health/ping")).status).toBe(200)
    expect((await shop.app.request("/api/competitions")).status).toBe(200)
  })
})

describe("the schema at start", () => {
  it("with MIGRATE_ON_START=false, refuses a database with migrations pending, naming npm run migrate", async () => {
    const refused = await composeShop(
      { ...readConfig({ MIGRATE_ON_START: "false" }), dataDir: "memory://", seedDemoData: false },
      new Date(),
      {},
      () => makeDatabase({}),
    ).catch((error) => error)
    expect(refused).toBeInstanceOf(SchemaOlderThanCode)
    expect(refused.message).toMatch(
      /^The database's schema is older than this build: .*npm run migrate/,
    )
  })

  it("with MIGRATE_ON_START=false, starts on a database already migrated", async () => {
    const shop = await openShop({ MIGRATE_ON_START: "false" })
    opened.push(shop)
    expect((await shop.app.request("/health/ready")).status).toBe(200)
  })

  it("reads MIGRATE_ON_START as a flag, on by default", () => {
    expect(readConfig({}).migrateOnStart).toBe(true)
    expect(readConfig({ MIGRATE_ON_START: "off" }).migrateOnStart).toBe(false)
    expect(() => readConfig({ MIGRATE_ON_START: "later" })).toThrow(
      'MIGRATE_ON_START must be true or false, not "later"',
    )
  })
})
