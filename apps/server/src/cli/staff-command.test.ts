import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { decodeJwt } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SOURCE_NODE_ARGS } from "../../../../test/support/source-node"
import { readConfig } from "../config"
import { composeShop } from "../shop-runtime"
import { Browser, json } from "../test-support/browser"
import { type AuthBody, logIn, mailTo, TEST_JWT_SECRET } from "../test-support/shop"
import { EXIT, runStaffCommand } from "./staff-command"

/**
 * `npm run staff`: against an embedded database in a folder, as an operator
 * runs it, and then the shop opened on that folder signs the new user in.
 */
const PUBLIC_URL = "https://shop.example"
const repoRoot = path.resolve(import.meta.dirname, "../../../..")

let root: string
let dataDir: string
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "howzat-staff-"))
  dataDir = path.join(root, "pglite")
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const env = () => ({ PGLITE_DATA_DIR: dataDir, PUBLIC_URL, JWT_SECRET: TEST_JWT_SECRET })

const staffCommand = async (...args: string[]) => {
  const out: string[] = []
  const err: string[] = []
  const code = await runStaffCommand(args, env(), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join("\n"), err: err.join("\n") }
}

/** The shop on the same folder, as `npm start` would open it after the command. */
const openShopOnFolder = () => {
  const webDistDir = mkdtempSync(path.join(root, "web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  return composeShop({
    ...readConfig({ ...env(), TRUST_PROXY: "true" }),
    seedDemoData: false,
    webDistDir,
  })
}

const passwordIn = (output: string) => {
  const password = /One-time password: (\S+)/.exec(output)?.[1]
  if (password === undefined) throw new Error(`no password in: ${output}`)
  return password
}

describe("npm run staff -- add", () => {
  let adaPassword: string

  it("runs as a script, prints a one-time password once, and ends by itself", {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        ...SOURCE_NODE_ARGS,
        "apps/server/src/cli/staff.ts",
        "add",
        "--email",
        "ada@howzat.example",
        "--name",
        "Ada Lovelace",
        "--role",
        "Admin",
      ],
      { cwd: repoRoot, env: { ...process.env, ...env() }, timeout: 45_000 },
    )
    expect(stdout).toContain("Added Ada Lovelace <ada@howzat.example> as Admin.")
    adaPassword = passwordIn(stdout)
    expect(adaPassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/)
  })

  it("refuses an address that is taken, and a bad one, changing nothing", {
    timeout: 60_000,
  }, async () => {
    const taken = await staffCommand("add", "--email", "ADA@howzat.example", "--name", "A Imposter")
    expect(taken).toMatchObject({ code: EXIT.failed, out: "" })
    expect(taken.err).toBe(
      "ADA@howzat.example is already the address of an account (a customer's or staff's): nothing was changed.",
    )
    const bad = await staffCommand("add", "--email", "grace@", "--name", "Grace Hopper")
    expect(bad.code).toBe(EXIT.usage)
    expect(bad.err).toContain("staff: --email: The Email field is not a valid e-mail address.")
    expect(bad.err).toContain("Usage: npm run staff -- add")
  })

  it("mails a set-password link to a Staff user with --send-link", {
    timeout: 60_000,
  }, async () => {
    const sent = await staffCommand(
      "add",
      "--email",
      "grace@howzat.example",
      "--name",
      "Grace Brewster Hopper",
      "--send-link",
    )
    expect(sent.code).toBe(EXIT.done)
    expect(sent.out).toContain("Added Grace Brewster Hopper <grace@howzat.example> as Staff.")
    expect(sent.out).toContain("works once, within 48 hours")
    expect(sent.out).not.toMatch(/password: /i)
  })

  it("is refused while the shop has the embedded database open", { timeout: 60_000 }, async () => {
    const shop = await openShopOnFolder()
    try {
      const refused = await staffCommand("add", "--email", "alan@howzat.example", "--name", "A T")
      expect(refused.code).toBe(EXIT.failed)
      expect(refused.err).toBe(
        `The embedded database's folder ${dataDir} cannot be used: another Howzat process has it open. Stop the shop first, or use DATABASE_URL (a Postgres server takes any number of processes).`,
      )
    } finally {
      await shop.close()
    }
  })

  it("refuses --send-link without PUBLIC_URL, before touching any database", async () => {
    // The link would otherwise point at this machine's localhost, which the new member of
    // staff cannot reach, and the one-use token would be spent on nothing.
    const elsewhere = path.join(root, "no-public-url")
    const err: string[] = []
    const code = await runStaffCommand(
      ["add", "--email", "linus@howzat.example", "--name", "Linus T", "--send-link"],
      { PGLITE_DATA_DIR: elsewhere, PORT: "4123", JWT_SECRET: TEST_JWT_SECRET },
      { out: () => {}, err: (line) => err.push(line) },
    )
    expect(code).toBe(EXIT.usage)
    expect(err.join("\n")).toContain(
      "staff: --send-link needs PUBLIC_URL, the shop's public address, for the link in the email: nothing was changed.",
    )
    expect(existsSync(elsewhere)).toBe(false)
  })

  it("answers a wrong command line with the usage before touching any database", async () => {
    const elsewhere = path.join(root, "never-made")
    const code = await runStaffCommand(
      ["add", "--email", "a@b.example"],
      {
        PGLITE_DATA_DIR: elsewhere,
      },
      { out: () => {}, err: () => {} },
    )
    expect(code).toBe(EXIT.usage)
    expect(existsSync(elsewhere)).toBe(false)
  })

  describe("and then the shop", () => {
    let shop: Awaited<ReturnType<typeof openShopOnFolder>>
    beforeAll(async () => {
      shop = await openShopOnFolder()
    }, 60_000)
    afterAll(async () => {
      await shop?.close()
    })

    it("signs the Admin in with the password: role Admin in the token, no customer", async () => {
      const browser = await new Browser(shop.app).open()
      const auth = await logIn(browser, "ada@howzat.example", adaPassword)
      expect(auth.user).toMatchObject({
        role: "Admin",
        customerId: null,
        emailVerified: true,
        firstName: "Ada",
        lastName: "Lovelace",
      })
      expect(decodeJwt(auth.accessToken)).toMatchObject({ role: "Admin", customerId: null })
    })

    it("lets Grace choose her password through the mailed link, and sign in with it", async () => {
      const { link, token } = await mailTo(shop, "grace@howzat.example", "StaffInvitation")
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/Auth/ForgotPassword`)
      const browser = await new Browser(shop.app).open()
      const chosen = "Gr4ce!hopper"
      await json(
        await browser.post("/api/auth/reset-password", {
          token,
          password: chosen,
          confirmPassword: chosen,
        }),
      )
      const auth = await logIn(browser, "grace@howzat.example", chosen)
      expect(auth.user).toMatchObject({ role: "Staff", customerId: null, emailVerified: true })
    })

    it("refreshes a staff session, which has no customer record, keeping the role", async () => {
      const browser = await new Browser(shop.app).open()
      await logIn(browser, "ada@howzat.example", adaPassword)
      const refreshed = await json<AuthBody>(await browser.post("/api/auth/refresh-token"))
      expect(refreshed.user).toMatchObject({ role: "Admin", customerId: null })
      expect(decodeJwt(refreshed.accessToken)).toMatchObject({
        role: "Admin",
        customerId: null,
        name: "Ada Lovelace",
      })
      // The refreshed token is as good as the first: it opens a staff-only list.
      browser.accessToken = refreshed.accessToken
      expect((await browser.get("/api/Customers?PageSize=1")).status).toBe(200)
    })
  })
})
