import { describe, expect, it } from "vitest"
import {
  MAX_TIMER_DELAY_MS,
  MIN_REFRESH_DELAY_MS,
  nearExpiry,
  refreshDelay,
  tokenExpiresAt,
} from "./token"

const jwtExpiringAt = (expMs: number, extra: Record<string, unknown> = {}): string =>
  [
    Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url"),
    Buffer.from(JSON.stringify({ sub: "u1", exp: Math.floor(expMs / 1000), ...extra })).toString(
      "base64url",
    ),
    "signature",
  ].join(".")

const MINUTE = 60_000

describe("tokenExpiresAt", () => {
  it("reads exp (seconds) as epoch milliseconds", () => {
    expect(tokenExpiresAt(jwtExpiringAt(1_795_337_914_000))).toBe(1_795_337_914_000)
  })

  it("reads a payload that needs base64url padding and non-ASCII claims", () => {
    const token = jwtExpiringAt(1_700_000_000_000, { name: "Zoë Ångström" })
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000)
  })

  it("is undefined for anything that is not a JWT with a numeric exp", () => {
    expect(tokenExpiresAt("not-a-jwt")).toBeUndefined()
    expect(tokenExpiresAt("a.!!!.c")).toBeUndefined()
    const noExp = `e30.${Buffer.from(JSON.stringify({ sub: "u" })).toString("base64url")}.s`
    expect(tokenExpiresAt(noExp)).toBeUndefined()
    const textExp = `e30.${Buffer.from(JSON.stringify({ exp: "soon" })).toString("base64url")}.s`
    expect(tokenExpiresAt(textExp)).toBeUndefined()
  })
})

describe("refreshDelay", () => {
  it("refreshes one minute before expiry", () => {
    const now = 1_000_000
    expect(refreshDelay(now + 15 * MINUTE, now)).toBe(14 * MINUTE)
    expect(refreshDelay(now + 2 * MINUTE, now)).toBe(MINUTE)
  })

  it("never loops on a token that is (nearly) expired", () => {
    const now = 1_000_000
    expect(refreshDelay(now + 30_000, now)).toBe(MIN_REFRESH_DELAY_MS)
    expect(refreshDelay(now - 5 * MINUTE, now)).toBe(MIN_REFRESH_DELAY_MS)
  })

  it("stays within what setTimeout can hold", () => {
    expect(refreshDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(MAX_TIMER_DELAY_MS)
  })
})

describe("nearExpiry", () => {
  it("is true within ten seconds of expiry or after it", () => {
    expect(nearExpiry(100_000, 95_000)).toBe(true)
    expect(nearExpiry(100_000, 200_000)).toBe(true)
    expect(nearExpiry(100_000, 50_000)).toBe(false)
    expect(nearExpiry(undefined, 50_000)).toBe(false)
  })
})
