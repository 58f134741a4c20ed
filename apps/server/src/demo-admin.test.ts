import { mkdtempSync, writeFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { decodeJwt } from "jose"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readConfig } from "./config"
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
} from "./demo-admin"
import { composeShop } from "./shop-runtime"
import { Browser, problem } from "./test-support/browser"
import { logIn, openShop, TEST_JWT_SECRET } from "./test-support/shop"

/** The demo admin of README § Demo data: there with demo data, once, and only then. */
let root: string
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "howzat-demo-admin-"))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** `npm start` with demo data on one data folder, as often as it is called. */
const startDemoShop = () => {
  const webDistDir = mkdtempSync(path.join(root, "web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  return composeShop({
    ...readConfig({ TRUST_PROXY: "true", JWT_SECRET: TEST_JWT_SECRET }),
    dataDir: path.join(root, "pglite"),
    seedDemoData: true,
    webDistDir,
  })
}

describe("the demo admin", () => {
  it("is made once, however often the shop restarts, and signs in as an Admin", {
    timeout: 120_000,
  }, async () => {
    await (await startDemoShop()).close()
    const restarted = await startDemoShop()
    try {
      const rows = await sql<{ role: string; verified: boolean; customers: number }>`
        select u.role, u.email_verified as verified,
               (select count(*)::int from customers c where c.user_id = u.id) as customers
        from users u where lower(u.email) = ${DEMO_ADMIN_EMAIL}`.execute(restarted.db)
      expect(rows.rows).toEqual([{ role: "Admin", verified: true, customers: 0 }])

      const browser = await new Browser(restarted.app).open()
      const auth = await logIn(browser, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
      expect(auth.user).toMatchObject({
        firstName: "Demo",
        lastName: "Admin",
        role: "Admin",
        customerId: null,
        emailVerified: true,
      })
      expect(decodeJwt(auth.accessToken)).toMatchObject({ role: "Admin", customerId: null })
    } finally {
      await restarted.close()
    }
  })

  it("is not in a shop without demo data", { timeout: 60_000 }, async () => {
    const shop = await openShop()
    try {
      const browser = await new Browser(shop.app).open()
      await problem(
        await browser.post("/api/auth/authenticate", {
          email: DEMO_ADMIN_EMAIL,
          password: DEMO_ADMIN_PASSWORD,
        }),
        401,
      )
    } finally {
      await shop.close()
    }
  })
})

describe("the demo member of staff", () => {
  it("signs in as Staff, with no customer record", { timeout: 120_000 }, async () => {
    const shop = await startDemoShop()
    try {
      const browser = await new Browser(shop.app).open()
      const auth = await logIn(browser, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD)
      expect(auth.user).toMatchObject({ role: "Staff", customerId: null, emailVerified: true })
    } finally {
      await shop.close()
    }
  })
})
