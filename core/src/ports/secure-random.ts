import { Context, type Effect } from "effect"

/**
 * Anything that decides a prize or a ticket number draws from a CSPRNG
 * through this port — never Math.random or Effect's Random, which are
 * predictable. Tests provide a seeded double.
 */
export interface SecureRandomShape {
  /** Fills a fresh buffer of `length` cryptographically secure random bytes. */
  readonly bytes: (length: number) => Effect.Effect<Uint8Array>
}
export class SecureRandom extends Context.Tag("@howzat/core/SecureRandom")<
  SecureRandom,
  SecureRandomShape
>() {}
