import { type DatabaseHandle, makeDatabase } from "@howzat/postgres"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { type App, Browser, json, problem } from "./test-support/browser"
import { logIn } from "./test-support/shop"
import {
  killShopProcesses,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from "./test-support/shop-processes"
import { addedStaff } from "./test-support/staff"

/**
 * Staff access ends when an Admin ends it (decision 0063), on every server
 * process: two processes on one PostgreSQL database, the Admin acting on
 * one, the member of staff calling the other with the access token they
 * already hold. Each call's answer comes from the database, never from a
 * process's memory, so the second process knows at once.
 */

let database: TestDatabase
let main: DatabaseHandle
let processes: ShopProcess[] = []

/** A browser of a running process, over the network as a real one. */
const appOf = (process: ShopProcess): App => ({
  request: (path, init) => fetch(`${process.origin()}${path}`, init),
})

const onA = () => new Browser(appOf(processes[0] as ShopProcess)).open()
const onB = () => new Browser(appOf(processes[1] as ShopProcess)).open()

/** Signed in on one process; their token then carried to the other. */
const signedIn = async (role: "Staff" | "Admin") => {
  const { email, password, userId } = await addedStaff(main, role)
  const here = await onA()
  await logIn(here, email, password)
  const there = await onB()
  there.accessToken = here.accessToken
  return { userId, email, password, here, there }
}

const names = (role: "Staff" | "Admin") => ({ firstName: "Kept", lastName: "On", role })

describe("staff access with two server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    main = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 4 })
    processes = await startShopProcesses(["shop-a", "shop-b"], {
      databaseUrl: database.connectionString,
    })
  }, 60_000)

  afterAll(async () => {
    await stopShopProcesses(processes).catch(() => killShopProcesses())
    await main?.close()
    await database?.drop()
  })

  it("a removed member of staff is refused on the other process at their next call", async () => {
    const admin = await signedIn("Admin")
    const leaving = await signedIn("Staff")
    expect((await leaving.there.get("/api/Customers?pageSize=1")).status).toBe(200)

    expect((await admin.here.request("DELETE", `/api/Users/${leaving.userId}`)).status).toBe(204)

    await problem(await leaving.there.get("/api/Customers?pageSize=1"), 401)
    await problem(await leaving.here.get("/api/Customers?pageSize=1"), 401)
  })

  it("a demoted Admin no longer reads the staff list or the audit log, anywhere", async () => {
    const admin = await signedIn("Admin")
    const demoted = await signedIn("Admin")
    expect((await demoted.there.get("/api/Users")).status).toBe(200)

    await json(await admin.here.put(`/api/Users/${demoted.userId}`, names("Staff")))

    await problem(await demoted.there.get("/api/Users"), 401)
    await problem(await demoted.there.get("/api/AuditLog"), 401)
    // Signed in again, they have the powers of their new role and no more.
    const again = await onB()
    await logIn(again, demoted.email, demoted.password)
    await problem(await again.get("/api/Users"), 403)
    expect((await again.get("/api/Customers?pageSize=1")).status).toBe(200)
  })

  it("resetting an Admin's two-step sign-in ends the sessions they hold", async () => {
    const admin = await signedIn("Admin")
    const lost = await signedIn("Admin")
    expect((await lost.there.get("/api/Users")).status).toBe(200)

    expect(
      (await admin.here.request("DELETE", `/api/Users/${lost.userId}/second-factor`)).status,
    ).toBe(204)

    await problem(await lost.there.get("/api/Users"), 401)
  })

  it("a member of staff who stays keeps working on both processes", async () => {
    const staying = await signedIn("Staff")
    expect((await staying.there.get("/api/Customers?pageSize=1")).status).toBe(200)
    expect((await staying.here.get("/api/Customers?pageSize=1")).status).toBe(200)
  })
})
