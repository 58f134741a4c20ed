import { PasswordHasher } from "@howzat/core/ports"
import { type Algorithm, hash, verify } from "@node-rs/argon2"
import { Effect, Layer } from "effect"

/**
 * OWASP's first argon2id recommendation: 19 MiB of memory, 2 passes, one
 * thread — about 20-50 ms per hash on a server core. The parameters travel
 * in each PHC string, so raising them later leaves old hashes verifiable.
 */
export const ARGON2ID_OPTIONS = {
  // A const enum can't be read under isolatedModules; 2 is Algorithm.Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

/** Hashing runs on libuv's thread pool (napi async), so the event loop keeps serving. */
export const Argon2PasswordHasherLive = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.promise(() => hash(password, ARGON2ID_OPTIONS)),
  verify: (passwordHash, password) =>
    Effect.promise(() => verify(passwordHash, password)).pipe(
      // A hash that isn't argon2 at all (or is corrupt) simply doesn't match.
      Effect.catchAllDefect(() => Effect.succeed(false)),
    ),
})
