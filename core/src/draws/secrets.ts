import { bytesToHex } from "@noble/hashes/utils.js"
import { Effect } from "effect"
import { SecureRandom } from "../ports/secure-random.js"

/**
 * What a new competition keeps secret until its commitments are opened: the
 * draw seed S (revealed by the draw) and the instant-win salt (revealed at
 * close). Both come from the CSPRNG before the competition exists, so no
 * one, staff included, chooses them.
 */
export interface CompetitionSecrets {
  readonly drawSeed: Uint8Array
  /** 32 random bytes as lower-case hex. */
  readonly instantWinSalt: string
}

export const SEED_BYTES = 32

export const competitionSecrets: Effect.Effect<CompetitionSecrets, never, SecureRandom> =
  Effect.gen(function* () {
    const random = yield* SecureRandom
    const drawSeed = yield* random.bytes(SEED_BYTES)
    const salt = yield* random.bytes(SEED_BYTES)
    return { drawSeed, instantWinSalt: bytesToHex(salt) }
  })
