import { webcrypto } from "node:crypto"
import { SecureRandom } from "@howzat/core/ports"
import { Effect, Layer } from "effect"

// getRandomValues fills at most 65,536 bytes per call.
const MAX_BYTES_PER_CALL = 65_536

/** SecureRandom from the operating system's CSPRNG, through Web Crypto. */
export const NodeSecureRandomLive: Layer.Layer<SecureRandom> = Layer.succeed(SecureRandom, {
  bytes: (length) =>
    Effect.sync(() => {
      const buffer = new Uint8Array(length)
      for (let offset = 0; offset < length; offset += MAX_BYTES_PER_CALL) {
        webcrypto.getRandomValues(
          buffer.subarray(offset, Math.min(length, offset + MAX_BYTES_PER_CALL)),
        )
      }
      return buffer
    }),
})
