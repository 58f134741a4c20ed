import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, type Page } from "@playwright/test"
import { Secret, TOTP } from "otpauth"

/**
 * Signs the demo admin in through the API as the admin app does (decision
 * 0032): the password earns a second-factor challenge; on first use the
 * helper enrols an authenticator (computing its codes with the library the
 * apps use), and after that answers with the next code. Specs of both
 * projects share one shop and one demo admin, so the authenticator lives in
 * a file named by the shop's port, and a lock directory lets one sign-in at
 * a time use it (a TOTP step is accepted once).
 */

export const DEMO_ADMIN = { email: "admin@howzat.example", password: "Howzat!Admin2026" }

interface Authenticator {
  secret: string
  lastStep: number
  recoveryCodes: string[]
}

const PERIOD_MS = 30_000
const stateFile = (baseUrl: string) =>
  path.join(tmpdir(), `howzat-e2e-admin-${new URL(baseUrl).port || "80"}.json`)
const lockDir = (baseUrl: string) => `${stateFile(baseUrl)}.lock`

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** mkdir is atomic: whoever creates the directory holds the lock; a lock a minute old is dead. */
const withLock = async <A>(baseUrl: string, use: () => Promise<A>): Promise<A> => {
  const lock = lockDir(baseUrl)
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 60_000) rmSync(lock, { recursive: true, force: true })
      if (tries > 300) throw new Error(`could not take ${lock}`)
      await sleep(100)
    }
  }
  try {
    return await use()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

const read = (baseUrl: string): Authenticator | undefined => {
  try {
    return JSON.parse(readFileSync(stateFile(baseUrl), "utf8")) as Authenticator
  } catch {
    return undefined
  }
}

const codeAt = (secret: string, step: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: step * PERIOD_MS,
  })

/** Now's code, or the next step's if now's was used (one step of drift is allowed); else a recovery code. */
const nextCode = (authenticator: Authenticator) => {
  const now = Math.floor(Date.now() / PERIOD_MS)
  const step = Math.max(now, authenticator.lastStep + 1)
  if (step <= now + 1) {
    authenticator.lastStep = step
    return codeAt(authenticator.secret, step)
  }
  const code = authenticator.recoveryCodes.shift()
  if (code === undefined) throw new Error("the demo admin is out of codes")
  return code
}

/** Signs the demo admin in; answers the headers a staff call needs (bearer and XSRF). */
export const signInAsDemoAdmin = async (page: Page, baseUrl: string) => {
  await page.goto("/Live")
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? ""
  const headers = { "X-XSRF-TOKEN": xsrf }
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { headers, data })
    return { status: response.status(), body: await response.json() }
  }
  const accessToken = await withLock(baseUrl, async () => {
    const password = await post("/api/auth/authenticate", DEMO_ADMIN)
    expect(password.status, JSON.stringify(password.body)).toBe(401)
    const { challenge, enrolled } = password.body as { challenge: string; enrolled: boolean }
    if (!enrolled) {
      const enrolment = await post("/api/auth/second-factor/enrolment", { challenge })
      expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(200)
      const authenticator: Authenticator = {
        secret: (enrolment.body as { secret: string }).secret,
        lastStep: -1,
        recoveryCodes: [],
      }
      const confirmed = await post("/api/auth/second-factor/enrolment/confirm", {
        challenge,
        code: nextCode(authenticator),
      })
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
      const { auth, recoveryCodes } = confirmed.body as {
        auth: { accessToken: string }
        recoveryCodes: string[]
      }
      authenticator.recoveryCodes = recoveryCodes
      writeFileSync(stateFile(baseUrl), JSON.stringify(authenticator))
      return auth.accessToken
    }
    const authenticator = read(baseUrl)
    if (authenticator === undefined) throw new Error("the demo admin is enrolled elsewhere")
    const verified = await post("/api/auth/second-factor", {
      challenge,
      code: nextCode(authenticator),
    })
    writeFileSync(stateFile(baseUrl), JSON.stringify(authenticator))
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    return (verified.body as { accessToken: string }).accessToken
  })
  return { authorization: `Bearer ${accessToken}`, ...headers }
}
