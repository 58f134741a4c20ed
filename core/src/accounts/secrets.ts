import { Effect } from "effect"
import { SecureRandom } from "../ports/secure-random.js"
import { isStrongPassword } from "../rules/validation.js"

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

/**
 * A password read off a terminal and typed by a person: no 0/O, 1/l/I to
 * mistake for one another. 56 characters, so a character carries 5.8 bits.
 */
export const ONE_TIME_PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789"
const GROUPS = 4
const GROUP_LENGTH = 5
// 224 = 4 × 56: bytes from here up would make the first 32 characters likelier, so they are skipped.
const UNBIASED_BYTES = 256 - (256 % ONE_TIME_PASSWORD_ALPHABET.length)
// A draw is wasted only when a character class is missing (about 5% of them)
// or most bytes were skipped: a source that fails this often is broken.
const MAX_DRAWS = 100

/** The characters `bytes` pick, each equally likely: bytes that would bias the pick are skipped. */
export const unambiguousCharacters = (bytes: Uint8Array): string => {
  let out = ""
  for (const byte of bytes)
    if (byte < UNBIASED_BYTES)
      out += ONE_TIME_PASSWORD_ALPHABET[byte % ONE_TIME_PASSWORD_ALPHABET.length]
  return out
}

/** `characters` in groups of five joined by "-", as the password is shown. */
const grouped = (characters: string): string =>
  Array.from({ length: GROUPS }, (_, i) =>
    characters.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH),
  ).join("-")

/**
 * A generated password for someone who is told it once: four groups of five
 * (about 116 bits), joined by "-" so it is easy to read out, and passing
 * docs/product/validation.md's password rule like any password a person chooses.
 */
export const newOneTimePassword: Effect.Effect<string, never, SecureRandom> = Effect.gen(
  function* () {
    const random = yield* SecureRandom
    const length = GROUPS * GROUP_LENGTH
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const characters = unambiguousCharacters(yield* random.bytes(2 * length))
      if (characters.length < length) continue
      const password = grouped(characters.slice(0, length))
      if (isStrongPassword(password)) return password
    }
    return yield* Effect.dieMessage("the random source never gave a usable password")
  },
)
