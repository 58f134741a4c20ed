import { describe, expect, it } from "vitest"
import { ConfigError, readConfig } from "./config"

describe("readConfig", () => {
  it("runs on port 3000 with the embedded database and demo data by default", () => {
    const config = readConfig({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/\.data\/pglite$/)
    expect(config.seedDemoData).toBe(true)
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/)
  })

  it("uses a Postgres server when DATABASE_URL is set", () => {
    expect(readConfig({ DATABASE_URL: "postgres://u:p@localhost:5432/howzat" }).databaseUrl).toBe(
      "postgres://u:p@localhost:5432/howzat",
    )
  })

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SEED_DEMO_DATA: "maybe" }, /SEED_DEMO_DATA/],
  ])("refuses %j with a message naming the setting", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(message)
  })

  it("can keep the embedded database in memory", () => {
    expect(readConfig({ PGLITE_DATA_DIR: "memory://" }).dataDir).toBe("memory://")
  })

  it("reads switches in the usual spellings", () => {
    expect(readConfig({ SEED_DEMO_DATA: "off" }).seedDemoData).toBe(false)
    expect(readConfig({ SEED_DEMO_DATA: "TRUE" }).seedDemoData).toBe(true)
  })
})
