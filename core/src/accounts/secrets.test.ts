import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import fc from "fast-check"
import { SecureRandom } from "../ports/secure-random.js"
import { isStrongPassword } from "../rules/validation.js"
import { newOneTimePassword, ONE_TIME_PASSWORD_ALPHABET, unambiguousCharacters } from "./secrets.js"

const SHAPE = /^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/

/** A random source that hands out `draws` in turn, then the machine's CSPRNG. */
const scripted = (draws: readonly Uint8Array[]) => {
  let next = 0
  return SecureRandom.of({
    bytes: (length) =>
      Effect.sync(() => {
        const draw = draws[next++]
        return draw !== undefined && draw.length === length
          ? draw
          : globalThis.crypto.getRandomValues(new Uint8Array(length))
      }),
  })
}

const passwordFrom = (draws: readonly Uint8Array[]) =>
  Effect.runSync(Effect.provideService(newOneTimePassword, SecureRandom, scripted(draws)))

describe("the one-time password alphabet", () => {
  it("has nothing a person could misread: no 0, O, o, 1, l or I", () => {
    expect(ONE_TIME_PASSWORD_ALPHABET).not.toMatch(/[0Oo1lI]/)
    expect(new Set(ONE_TIME_PASSWORD_ALPHABET).size).toBe(ONE_TIME_PASSWORD_ALPHABET.length)
  })

  it("gives every character to exactly as many byte values, and skips the rest", () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i)
    const picked = unambiguousCharacters(everyByte)
    const counts = new Map<string, number>()
    for (const c of picked) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(ONE_TIME_PASSWORD_ALPHABET.length)
    expect(new Set(counts.values())).toEqual(new Set([4]))
    expect(picked.length).toBe(4 * ONE_TIME_PASSWORD_ALPHABET.length)
  })

  it("keeps one character per usable byte, in order", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const picked = unambiguousCharacters(bytes)
        const usable = [...bytes].filter((b) => b < 224)
        expect(picked).toBe(
          usable
            .map((b) => ONE_TIME_PASSWORD_ALPHABET[b % ONE_TIME_PASSWORD_ALPHABET.length])
            .join(""),
        )
      }),
    )
  })
})

describe("newOneTimePassword", () => {
  it("is four groups of five that pass docs/product/validation.md's password rule, whatever the bytes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 40, maxLength: 40 }), { maxLength: 5 }),
        (draws) => {
          const password = passwordFrom(draws)
          expect(password).toMatch(SHAPE)
          expect(isStrongPassword(password)).toBe(true)
        },
      ),
    )
  })

  it("is the first twenty characters of the first draw that makes a strong password", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 40, maxLength: 40 }), (bytes) => {
        const characters = unambiguousCharacters(bytes).slice(0, 20)
        const grouped = characters.match(/.{5}/g)?.join("-") ?? ""
        fc.pre(characters.length === 20 && isStrongPassword(grouped))
        expect(passwordFrom([bytes])).toBe(grouped)
      }),
    )
  })

  it("gives up on a random source that never gives usable bytes, rather than spinning", () => {
    const broken = SecureRandom.of({
      bytes: (length) => Effect.succeed(new Uint8Array(length).fill(255)),
    })
    const exit = Effect.runSyncExit(Effect.provideService(newOneTimePassword, SecureRandom, broken))
    expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
  })
})
