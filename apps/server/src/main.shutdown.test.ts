/**
 * `node main.ts` as it runs in production, stopped by SIGTERM while a
 * registration is in flight: the registration is answered 200, a new
 * connection is refused, the layers are released in the order of decision
 * 0055, the process exits 0, and the embedded database's folder is free for
 * the next start, which finds the customer the in-flight request made.
 */
import type { ChildProcess } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { STRONG_PASSWORD } from "./test-support/shop"
import { spawnWatched } from "./test-support/watched-process"

const MAIN = path.join(import.meta.dirname, "main.ts")
const REPO_ROOT = path.resolve(import.meta.dirname, "../../..")
const ORIGIN = "http://shop.test"
const START_TIMEOUT_MS = 120_000

const started: ChildProcess[] = []
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL")
})

const startMain = (dataDir: string) => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  const env: Record<string, string | undefined> = {
    ...process.env,
    PGLITE_DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    SEED_DEMO_DATA: "false",
    DRAW_BEACON: "none",
    MAIL_MODE: "mailbox",
    PUBLIC_URL: ORIGIN,
    WEB_DIST_DIR: webDistDir,
  }
  for (const name of [
    "DATABASE_URL",
    "SMTP_URL",
    "PAYMENT_METHODS",
    "PAYMENT_GATEWAY",
    "PAY_BY_BANK",
  ])
    delete env[name]
  const shop = spawnWatched(MAIN, { name: "main.ts", cwd: REPO_ROOT, env, stdin: "ignore" })
  started.push(shop.child)
  return {
    ...shop,
    waitFor: (pattern: RegExp, timeoutMs = 30_000) => shop.waitFor(pattern, timeoutMs),
  }
}

/** The storefront's first GET: the XSRF cookie, echoed in its header by every POST. */
const xsrfHeaders = async (port: number) => {
  const response = await fetch(`http://127.0.0.1:${port}/health/ping`)
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? ""
  return { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token }
}

/**
 * A POST whose body goes in two halves, so the request is in flight until
 * `finish()`. It asks the server to say "100 Continue" before the body,
 * which node's server does as it hands the request to the shop: `reached`
 * resolves then, and the first half goes.
 */
const postInHalves = async (port: number, pathname: string, body: unknown) => {
  const xsrf = await xsrfHeaders(port)
  const bytes = Buffer.from(JSON.stringify(body))
  const half = Math.floor(bytes.length / 2)
  let req: ReturnType<typeof request> | undefined
  let reachedShop = () => {}
  const reached = new Promise<void>((resolve) => {
    reachedShop = resolve
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        agent: false,
        headers: {
          ...xsrf,
          "content-type": "application/json",
          "content-length": bytes.length,
          expect: "100-continue",
        },
      },
      (res) => {
        let text = ""
        res.on("data", (chunk) => {
          text += chunk
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on("error", reject)
    req.once("continue", () => {
      req?.write(bytes.subarray(0, half))
      reachedShop()
    })
    req.flushHeaders()
  })
  return { answer, reached, finish: () => req?.end(bytes.subarray(half)) }
}

const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"))
  })

const portOf = async (shop: ReturnType<typeof startMain>) =>
  Number((await shop.waitFor(/running at http:\/\/localhost:(\d+)/, START_TIMEOUT_MS))[1])

describe("main.ts on SIGTERM", () => {
  it("finishes the request in flight, refuses new ones, stops in order and exits 0", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "howzat-shutdown-")), "pglite")
    const first = startMain(dataDir)
    const port = await portOf(first)
    const customer = {
      firstName: "Ann",
      lastName: "Smith",
      emailAddress: "in-flight@example.com",
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      emailVerificationReturnUrl: ORIGIN,
      telephoneNumber: "07700 900123",
      acceptTerms: true,
      dateOfBirth: "1990-04-01",
      spendLimit: { noLimit: true },
    }
    const registration = await postInHalves(port, "/api/Customers", customer)
    // The request has reached the shop, which waits for the rest of the body.
    await registration.reached
    first.child.kill("SIGTERM")
    await first.waitFor(/shutdown: no new requests taken/)
    expect(await connectionRefused(port), "a new connection is refused").toBe(true)
    registration.finish()
    const answered = await registration.answer
    expect(answered.status, answered.body).toBe(200)
    expect(await first.exited).toBe(0)
    const steps = [
      "shutdown: no new requests taken",
      "shutdown: requests in flight finished",
      "shutdown: jobs stopped",
      "shutdown: database closed",
    ].map((step) => first.output.findIndex((line) => line.includes(step)))
    expect(
      steps.every((at) => at >= 0),
      first.output.join("\n"),
    ).toBe(true)
    expect([...steps].sort((a, b) => a - b)).toEqual(steps)

    // The folder's lock went with the first process: a second start opens the same database.
    const second = startMain(dataDir)
    const again = await portOf(second)
    const signIn = await fetch(`http://127.0.0.1:${again}/api/auth/authenticate`, {
      method: "POST",
      headers: { ...(await xsrfHeaders(again)), "content-type": "application/json" },
      body: JSON.stringify({ email: customer.emailAddress, password: customer.password }),
    })
    expect(signIn.status).toBe(200)
    second.child.kill("SIGINT")
    expect(await second.exited).toBe(0)
  }, 300_000)
})
