import { deflateSync } from "node:zlib"
import AxeBuilder from "@axe-core/playwright"
import { test as base, expect, type Page } from "@playwright/test"
import {
  type ApiSession,
  SESSION_HINT,
  signedInState,
  signInThroughApi,
  withSession,
} from "./support"

/**
 * The back office's journeys (admin-*.spec.ts, the "back-office" project).
 * Most sign in as the demo member of staff: Staff run the shop and sign in
 * with a password alone, so journeys running side by side never share a
 * second factor. Admin-only work belongs to the staff journey.
 */
export const DEMO_STAFF = { email: "staff@howzat.example", password: "Howzat!Staff2026" }

/**
 * The back office's journeys, signed in as the demo member of staff: each
 * test signs in through the API (a refresh-token family of its own) as it
 * starts, and its own browser context starts with that session, so /admin
 * opens signed in. `staff.headers` sign the test's own API calls, as the
 * screens' are. admin-sign-in.spec.ts keeps the sign-in form's journeys.
 */
export const test = base.extend<{ staff: ApiSession }>({
  staff: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL })
    const session = await signInThroughApi(api, DEMO_STAFF)
    await api.dispose()
    await use(session)
  },
  context: async ({ browser, storageState, baseURL, staff }, use) => {
    await withSession(
      browser,
      signedInState(storageState, baseURL, staff, SESSION_HINT.backOffice),
      use,
    )
  },
})

/**
 * For a journey that moves on from the storefront to the back office in the
 * same browser: the member of staff signs in through the API there, and the
 * back office's hint is set, so the next /admin page opens signed in. The
 * page must be on the shop's origin.
 */
export const signInToBackOfficeThroughApi = async (page: Page, account = DEMO_STAFF) => {
  await signInThroughApi(page.request, account)
  await page.evaluate((hint) => localStorage.setItem(hint, "1"), SESSION_HINT.backOffice)
}

/** The dashboard, where staff arrive once signed in. */
export const openDashboard = async (page: Page) => {
  await page.goto("/admin")
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
}

/** Signs in through /admin's own form and waits for the dashboard. */
export const signInToBackOffice = async (page: Page, account = DEMO_STAFF) => {
  await page.goto("/admin/sign-in")
  await page.getByLabel("Email address").fill(account.email)
  await page.getByLabel("Password").fill(account.password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()
}

/** Axe's serious and critical findings on the page as it stands, for `toEqual([])`. */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }))
}

/** A name no other run of the journeys uses, for what a journey creates in the shared shop. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG, `size` pixels square, of one random colour (so each run's bytes differ). */
export const png = (size = 8) => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const colour = [0, 1, 2].map(() => Math.floor(Math.random() * 256))
  const row = Buffer.from([0, ...Array.from({ length: size }, () => colour).flat()])
  const pixels = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/**
 * Axe's label-in-name check (WCAG 2.5.3), which axe keeps among its
 * experimental rules and so leaves out of `seriousViolations`: a control's
 * accessible name must hold the words it shows.
 */
export const labelInNameViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withRules(["label-content-name-mismatch"])
    .analyze()
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
  )
}
