import { Effect } from "effect"
import { SecureRandom } from "../ports/secure-random"

/** 32 bytes: 256 bits, beyond guessing however many requests are made. */
export const TOKEN_BYTES = 32

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/** RFC 4648 base64url without padding: safe in URLs, cookies and headers as it is. */
export const base64Url = (bytes: Uint8Array): string => {
  let out = ""
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0
    const b1 = bytes[i + 1] ?? 0
    const b2 = bytes[i + 2] ?? 0
    const triple = (b0 << 16) | (b1 << 8) | b2
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2
    for (let c = 0; c < chars; c++) out += BASE64URL[(triple >> (18 - 6 * c)) & 63]
  }
  return out
}

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/** A fresh unguessable token from the CSPRNG, for a cookie or a link. */
export const newSecretToken: Effect.Effect<string, never, SecureRandom> = Effect.flatMap(
  SecureRandom,
  (random) => Effect.map(random.bytes(TOKEN_BYTES), base64Url),
)

/**
 * What the database keeps instead of a token. A plain SHA-256 is enough (no
 * salt, no slow hash) because the token already has 256 random bits: there
 * is no dictionary to try. Web Crypto is a standard global in Node and in
 * browsers, so core still imports nothing platform-specific.
 */
export const hashSecretToken = (token: string): Effect.Effect<string> =>
  Effect.promise(() =>
    globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)),
  ).pipe(Effect.map((digest) => toHex(new Uint8Array(digest))))
