import { createHmac, timingSafeEqual } from "node:crypto"
import { NotificationRejected } from "@howzat/core/ports"
import { Clock, Effect } from "effect"

/**
 * Status notifications are signed the way card providers sign webhooks:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`. The
 * timestamp is inside the HMAC, so an old notification cannot be replayed
 * with a fresh `t`, and the window bounds how long a captured one is useful.
 */

/** Five minutes either way: long enough for a slow delivery, short enough to stop replays. */
export const DEFAULT_TOLERANCE_SECONDS = 300

const hmacHex = (secret: string, timestamp: number, rawBody: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex")

/** The header value for `rawBody` signed at `timestamp` (unix seconds). */
export const signatureHeader = (secret: string, timestamp: number, rawBody: string): string =>
  `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`

/** Signs `rawBody` now, by the Effect Clock (TestClock in tests). */
export const sign = (secret: string, rawBody: string): Effect.Effect<string> =>
  Effect.map(Clock.currentTimeMillis, (now) =>
    signatureHeader(secret, Math.floor(now / 1000), rawBody),
  )

interface ParsedHeader {
  readonly timestamp: number
  /** Every v1 entry: a provider rotating its secret sends one per secret. */
  readonly signatures: readonly string[]
}

const parseHeader = (header: string): ParsedHeader | undefined => {
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(",")) {
    const separator = part.indexOf("=")
    if (separator < 0) continue
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (key === "t" && /^\d{1,15}$/.test(value)) timestamp = Number(value)
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase())
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures }
}

/** Byte comparison in constant time, so a forger learns nothing from how long a refusal takes. */
const sameHex = (expected: string, candidate: string) =>
  timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(candidate, "hex"))

export interface VerifyOptions {
  readonly secret: string
  /** The signature header's value, or undefined when the request had none. */
  readonly header: string | undefined
  readonly rawBody: string
  readonly toleranceSeconds?: number | undefined
}

/**
 * Accepts a signature made with `secret` over exactly `rawBody` at a time
 * within the window of now (either side: a sender's clock may run ahead).
 */
export const verifySignature = (
  options: VerifyOptions,
): Effect.Effect<void, NotificationRejected> =>
  Effect.gen(function* () {
    if (options.header === undefined || options.header.trim() === "") {
      return yield* new NotificationRejected({ reason: "The signature header is missing." })
    }
    const parsed = parseHeader(options.header)
    if (parsed === undefined) {
      return yield* new NotificationRejected({ reason: "The signature header is malformed." })
    }
    const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
    const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
    if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) {
      return yield* new NotificationRejected({
        reason: "The signature's timestamp is outside the tolerated window.",
      })
    }
    const expected = hmacHex(options.secret, parsed.timestamp, options.rawBody)
    // Check every candidate rather than stopping at the first match, so timing says nothing.
    const matches = parsed.signatures.reduce((found, s) => sameHex(expected, s) || found, false)
    if (!matches) {
      return yield* new NotificationRejected({ reason: "The signature does not match the body." })
    }
  })
