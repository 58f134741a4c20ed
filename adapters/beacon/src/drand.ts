import { createHash } from "node:crypto"
import {
  BeaconNotYetAvailable,
  type BeaconReading,
  BeaconUnreachable,
  type RandomnessBeaconShape,
} from "@howzat/core/ports"
import { Clock, Duration, Effect, Option, Ref, Schema } from "effect"
import { type ChainClock, firstRoundAfter, publicationTimeMs } from "./rounds"

/**
 * drand (https://drand.love), read over its HTTP API with global fetch.
 *
 * The round's BLS signature is not verified against the chain's public key
 * (yet): the reading records the chain's URL and the round, so anyone can
 * fetch the same round from drand (or any relay of the chain) and check the
 * signature and the value for themselves. What is checked here is cheap and
 * catches a broken or wrong relay: the chain's hash, the round asked for,
 * and that the randomness is SHA-256 of the signature, as drand defines it.
 */

/** drand's quicknet (3-second rounds, unchained) on the League of Entropy's public relay. */
export const DRAND_QUICKNET_URL =
  "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"

export interface DrandBeaconConfig {
  /** The chain's address: a relay's origin followed by `/{chain hash}`. */
  readonly url: string
  /** Per request, body included; default 10 seconds. */
  readonly timeout?: Duration.DurationInput | undefined
}

/** A relay has a round a moment after its nominal time; asking again sooner would find nothing. */
export const PUBLICATION_GRACE_MS = 3_000
/**
 * A round this long overdue that the relay still lacks is not "a moment
 * late": the chain or the relay is in trouble, and the draw's logs should
 * say so rather than wait quietly.
 */
export const OVERDUE_AFTER_MS = 60_000

const ChainInfoJson = Schema.Struct({
  period: Schema.Int.pipe(Schema.positive()),
  genesis_time: Schema.Int.pipe(Schema.nonNegative()),
  // v1 relays call it `hash`, v2 `chain_hash`.
  hash: Schema.optional(Schema.String),
  chain_hash: Schema.optional(Schema.String),
})
const decodeInfo = Schema.decodeUnknown(ChainInfoJson)

const RoundJson = Schema.Struct({
  round: Schema.Int,
  randomness: Schema.String,
  signature: Schema.String,
})
const decodeRound = Schema.decodeUnknown(RoundJson)

const HEX_64 = /^[0-9a-f]{64}$/
const HEX = /^(?:[0-9a-f]{2})+$/

const sha256Hex = (hex: string) =>
  createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex")

/** The chain hash a URL names in its last path segment, if it names one. */
const chainHashOf = (url: string): string | undefined => {
  const last = new URL(url).pathname.split("/").pop()?.toLowerCase() ?? ""
  return HEX_64.test(last) ? last : undefined
}

export const makeDrandBeacon = (config: DrandBeaconConfig): Effect.Effect<RandomnessBeaconShape> =>
  Effect.gen(function* () {
    const url = config.url.replace(/\/+$/, "")
    const timeout = config.timeout ?? Duration.seconds(10)
    const expectedChainHash = chainHashOf(url)
    // A chain's genesis and period never change: one successful read serves the process.
    const chainInfo = yield* Ref.make(Option.none<ChainClock>())

    const unreachable = (reason: string) => new BeaconUnreachable({ reason: `drand: ${reason}` })

    /** One GET: the status and, when it is a success, the JSON body. */
    const get = (path: string) =>
      Effect.tryPromise({
        try: async (signal) => {
          const response = await fetch(`${url}${path}`, {
            headers: { accept: "application/json" },
            signal,
          })
          if (!response.ok) return { status: response.status, body: undefined }
          const text = await response.text()
          try {
            return { status: response.status, body: JSON.parse(text) as unknown }
          } catch {
            return { status: response.status, body: undefined, notJson: true }
          }
        },
        catch: (cause) =>
          unreachable(`${url}${path} could not be reached: ${String(cause).slice(0, 200)}`),
      }).pipe(
        Effect.timeoutFail({
          duration: timeout,
          onTimeout: () =>
            unreachable(`${url}${path} did not answer within ${Duration.format(timeout)}`),
        }),
        Effect.flatMap((answer) =>
          "notJson" in answer
            ? Effect.fail(unreachable(`${url}${path} answered ${answer.status} without JSON`))
            : Effect.succeed(answer),
        ),
      )

    const fetchInfo = Effect.gen(function* () {
      const answer = yield* get("/info")
      if (answer.body === undefined) {
        return yield* unreachable(`${url}/info answered ${answer.status}`)
      }
      const info = yield* decodeInfo(answer.body).pipe(
        Effect.mapError(() => unreachable(`${url}/info is not a drand chain's information`)),
      )
      const hash = (info.chain_hash ?? info.hash)?.toLowerCase()
      if (expectedChainHash !== undefined && hash !== undefined && hash !== expectedChainHash) {
        return yield* unreachable(
          `${url}/info describes chain ${hash}, not the chain ${expectedChainHash} its address names`,
        )
      }
      const chain: ChainClock = { genesisTime: info.genesis_time, period: info.period }
      yield* Ref.set(chainInfo, Option.some(chain))
      return chain
    })

    const chain = Effect.flatMap(Ref.get(chainInfo), (cached) =>
      Option.match(cached, { onSome: Effect.succeed, onNone: () => fetchInfo }),
    )

    const after = (
      instant: Date,
    ): Effect.Effect<BeaconReading, BeaconNotYetAvailable | BeaconUnreachable> =>
      Effect.gen(function* () {
        const closeMs = instant.getTime()
        if (!Number.isFinite(closeMs)) return yield* Effect.dieMessage("drand: an invalid instant")
        const clock = yield* chain
        const round = firstRoundAfter(clock, closeMs)
        const dueMs = publicationTimeMs(clock, round)
        const nowMs = yield* Clock.currentTimeMillis
        if (dueMs > nowMs) {
          return yield* new BeaconNotYetAvailable({
            availableAt: new Date(dueMs + PUBLICATION_GRACE_MS),
          })
        }

        const path = `/public/${round}`
        const answer = yield* get(path)
        // drand's answers for a round it does not have yet (425 Too Early, or 404).
        if (answer.status === 404 || answer.status === 425) {
          if (nowMs - dueMs > OVERDUE_AFTER_MS) {
            return yield* unreachable(
              `round ${round} was due at ${new Date(dueMs).toISOString()} but ${url} answers ${answer.status} for it`,
            )
          }
          return yield* new BeaconNotYetAvailable({
            availableAt: new Date(Math.max(dueMs, nowMs) + PUBLICATION_GRACE_MS),
          })
        }
        if (answer.body === undefined) {
          return yield* unreachable(`${url}${path} answered ${answer.status}`)
        }
        const published = yield* decodeRound(answer.body).pipe(
          Effect.mapError(() => unreachable(`${url}${path} is not a drand round`)),
        )
        if (published.round !== round) {
          return yield* unreachable(
            `${url}${path} answered round ${published.round} instead of round ${round}`,
          )
        }
        const randomness = published.randomness.toLowerCase()
        if (!HEX_64.test(randomness)) {
          return yield* unreachable(`round ${round}'s randomness is not 64 hex characters`)
        }
        const signature = published.signature.toLowerCase()
        if (!HEX.test(signature) || sha256Hex(signature) !== randomness) {
          return yield* unreachable(`round ${round}'s randomness is not SHA-256 of its signature`)
        }
        return { source: "drand", value: randomness, round, url } as const
      })

    return { after }
  })
