import { createHash } from "node:crypto"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { type BeaconReading, RandomnessBeacon } from "@howzat/core/ports"
import { Deferred, Effect, Fiber, TestClock } from "effect"
import { delay, HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { DRAND_QUICKNET_URL, makeDrandBeacon, PUBLICATION_GRACE_MS } from "./drand"
import { DrandBeaconLive, NoBeaconLive } from "./layers"
import { publicationTimeMs } from "./rounds"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const CHAIN = DRAND_QUICKNET_URL
const QUICKNET = { genesisTime: 1692803367, period: 3 }
// quicknet's /info as the public relay serves it (v1 field names).
const INFO = {
  public_key:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesis_time: 1692803367,
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
  schemeID: "bls-unchained-g1-rfc9380",
  metadata: { beaconID: "quicknet" },
}
// A real quicknet round: its randomness is SHA-256 of its signature.
const ROUND_657413 = {
  round: 657413,
  randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
  signature:
    "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
}
const DUE_657413 = publicationTimeMs(QUICKNET, 657413)
/** Closes 1.5 s before round 657413, which is therefore the first round after it. */
const CLOSE = new Date(DUE_657413 - 1500)

/** A round as drand would publish it, for any round number. */
const roundJson = (round: number) => {
  const signature = createHash("sha256").update(`signature ${round}`).digest("hex").repeat(2)
  const randomness = createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex")
  return { round, randomness, signature }
}

/** Serves /info and the given rounds, counting every request by path. */
const drand = (
  rounds: Record<string, () => Response | Promise<Response>> = {},
  info: () => Response = () => HttpResponse.json(INFO),
) => {
  const calls: string[] = []
  server.use(
    http.get(`${CHAIN}/info`, () => {
      calls.push("/info")
      return info()
    }),
    http.get(`${CHAIN}/public/:round`, ({ params }) => {
      calls.push(`/public/${params.round}`)
      const answer = rounds[String(params.round)]
      return answer ? answer() : HttpResponse.text("round not found", { status: 404 })
    }),
  )
  return calls
}

const roundOf = (reading: BeaconReading) => (reading.source === "drand" ? reading.round : null)

const beacon = makeDrandBeacon({ url: CHAIN, timeout: "200 millis" })
const reasonOf = <A, E extends { readonly _tag: string }>(effect: Effect.Effect<A, E>) =>
  Effect.flip(effect).pipe(
    Effect.map((error) => ({ tag: error._tag, reason: "reason" in error ? error.reason : "" })),
  )

describe("the drand beacon", () => {
  it.effect("reads the first round after the close and records where it came from", () =>
    Effect.gen(function* () {
      const calls = drand({ "657413": () => HttpResponse.json(ROUND_657413) })
      yield* TestClock.setTime(DUE_657413 + 10_000)
      const reading = yield* (yield* beacon).after(CLOSE)
      expect(reading).toEqual({
        source: "drand",
        value: ROUND_657413.randomness,
        round: 657413,
        url: CHAIN,
      })
      expect(calls).toEqual(["/info", "/public/657413"])
    }),
  )

  it.effect("reads the chain's information once for every draw", () =>
    Effect.gen(function* () {
      const calls = drand({
        "657413": () => HttpResponse.json(ROUND_657413),
        "657414": () => HttpResponse.json(roundJson(657414)),
      })
      yield* TestClock.setTime(DUE_657413 + 10_000)
      const drandBeacon = yield* RandomnessBeacon
      yield* drandBeacon.after(CLOSE)
      expect(roundOf(yield* drandBeacon.after(new Date(DUE_657413)))).toBe(657414)
      expect(calls).toEqual(["/info", "/public/657413", "/public/657414"])
    }).pipe(Effect.provide(DrandBeaconLive({ url: `${CHAIN}/` }))),
  )

  it.effect("asks for the round the close dictates, never the one at the close itself", () =>
    Effect.gen(function* () {
      const calls = drand(
        Object.fromEntries(
          [657413, 657414, 657415].map((r) => [String(r), () => HttpResponse.json(roundJson(r))]),
        ),
      )
      yield* TestClock.setTime(DUE_657413 + 60_000)
      const b = yield* beacon
      const rounds = []
      for (const offsetMs of [-2999, -1, 0, 1, 2999, 3000]) {
        rounds.push(roundOf(yield* b.after(new Date(DUE_657413 + offsetMs))))
      }
      expect(rounds).toEqual([657413, 657413, 657414, 657414, 657414, 657415])
      expect(calls.filter((c) => c !== "/info")).toEqual(rounds.map((r) => `/public/${r}`))
    }),
  )

  it.effect("gives the randomness in lower case", () =>
    Effect.gen(function* () {
      drand({
        "657413": () =>
          HttpResponse.json({
            ...ROUND_657413,
            randomness: ROUND_657413.randomness.toUpperCase(),
            signature: ROUND_657413.signature.toUpperCase(),
          }),
      })
      yield* TestClock.setTime(DUE_657413 + 10_000)
      expect((yield* (yield* beacon).after(CLOSE)).value).toBe(ROUND_657413.randomness)
    }),
  )

  it.effect("says when to come back for a round not due yet, without asking for it", () =>
    Effect.gen(function* () {
      const calls = drand({ "657413": () => HttpResponse.json(ROUND_657413) })
      yield* TestClock.setTime(DUE_657413 - 1)
      const error = yield* Effect.flip((yield* beacon).after(CLOSE))
      expect(error._tag).toBe("BeaconNotYetAvailable")
      expect(error._tag === "BeaconNotYetAvailable" && error.availableAt.getTime()).toBe(
        DUE_657413 + PUBLICATION_GRACE_MS,
      )
      expect(calls).toEqual(["/info"])
    }),
  )

  it.effect.each([404, 425])("takes a %i for a round just due as not published yet", (status) =>
    Effect.gen(function* () {
      drand({ "657413": () => HttpResponse.text("Too Early", { status }) })
      const now = DUE_657413 + 1000
      yield* TestClock.setTime(now)
      const error = yield* Effect.flip((yield* beacon).after(CLOSE))
      expect(error).toMatchObject({
        _tag: "BeaconNotYetAvailable",
        availableAt: new Date(now + PUBLICATION_GRACE_MS),
      })
    }),
  )

  it.effect("reports a round long overdue as unreachable, naming the round", () =>
    Effect.gen(function* () {
      drand()
      yield* TestClock.setTime(DUE_657413 + 10 * 60_000)
      expect(yield* reasonOf((yield* beacon).after(CLOSE))).toEqual({
        tag: "BeaconUnreachable",
        reason: expect.stringMatching(/round 657413 was due at 2023-09-15T.* answers 404/),
      })
    }),
  )

  it.effect.each([
    ["a 5xx", () => HttpResponse.text("oops", { status: 500 }), /answered 500/],
    ["a 403", () => HttpResponse.json({}, { status: 403 }), /answered 403/],
    ["no JSON", () => HttpResponse.text("<html>", { status: 200 }), /answered 200 without JSON/],
    ["not a round", () => HttpResponse.json({ round: "657413" }), /is not a drand round/],
    [
      "another round",
      () => HttpResponse.json({ ...ROUND_657413, round: 657412 }),
      /answered round 657412 instead of round 657413/,
    ],
    [
      "short randomness",
      () => HttpResponse.json({ ...ROUND_657413, randomness: "fc1873" }),
      /randomness is not 64 hex characters/,
    ],
    [
      "randomness that is not hex",
      () => HttpResponse.json({ ...ROUND_657413, randomness: "zz".repeat(32) }),
      /randomness is not 64 hex characters/,
    ],
    [
      "randomness that its signature does not give",
      () => HttpResponse.json({ ...ROUND_657413, randomness: "00".repeat(32) }),
      /not SHA-256 of its signature/,
    ],
    ["a network error", () => HttpResponse.error(), /could not be reached/],
  ] as const)("reports %s for the round as unreachable", ([, answer, reason]) =>
    Effect.gen(function* () {
      drand({ "657413": answer })
      yield* TestClock.setTime(DUE_657413 + 10_000)
      const error = yield* reasonOf((yield* beacon).after(CLOSE))
      expect(error.tag).toBe("BeaconUnreachable")
      expect(error.reason).toMatch(reason)
      expect(error.reason).toMatch(/^drand: /)
    }),
  )

  it.effect("reports a relay that does not answer in time as unreachable", () =>
    Effect.gen(function* () {
      const asked = yield* Deferred.make<void>()
      drand({
        "657413": async () => {
          Effect.runSync(Deferred.succeed(asked, undefined))
          await delay("infinite")
          return HttpResponse.json(ROUND_657413)
        },
      })
      yield* TestClock.setTime(DUE_657413 + 10_000)
      const reading = yield* Effect.fork(reasonOf((yield* beacon).after(CLOSE)))
      // The relay has the request and will never answer: the timeout is all that can end it.
      yield* Deferred.await(asked)
      yield* TestClock.adjust("200 millis")
      expect(yield* Fiber.join(reading)).toEqual({
        tag: "BeaconUnreachable",
        reason: expect.stringMatching(/did not answer within 200ms/),
      })
    }),
  )

  it.effect.each([
    ["a 5xx", () => HttpResponse.text("down", { status: 503 }), /info answered 503/],
    ["nonsense", () => HttpResponse.json({ period: 0, genesis_time: 1 }), /not a drand chain/],
    [
      "another chain",
      () => HttpResponse.json({ ...INFO, hash: "ab".repeat(32) }),
      /describes chain abab.*not the chain 52db/,
    ],
    [
      "another chain (v2 names)",
      () => HttpResponse.json({ period: 3, genesis_time: 1692803367, chain_hash: "cd".repeat(32) }),
      /describes chain cdcd/,
    ],
  ] as const)(
    "refuses chain information that is %s, and asks again next time",
    ([, info, reason]) =>
      Effect.gen(function* () {
        let answer: () => Response = info
        const calls = drand({ "657413": () => HttpResponse.json(ROUND_657413) }, () => answer())
        yield* TestClock.setTime(DUE_657413 + 10_000)
        const b = yield* beacon
        const error = yield* reasonOf(b.after(CLOSE))
        expect(error.tag).toBe("BeaconUnreachable")
        expect(error.reason).toMatch(reason)
        answer = () => HttpResponse.json(INFO)
        expect(roundOf(yield* b.after(CLOSE))).toBe(657413)
        expect(calls).toEqual(["/info", "/info", "/public/657413"])
      }),
  )
})

describe("no beacon", () => {
  it.effect("gives the empty value for any close, asking nobody", () =>
    Effect.gen(function* () {
      const none = yield* RandomnessBeacon
      expect(yield* none.after(CLOSE)).toEqual({ source: "none", value: "" })
      expect(yield* none.after(new Date(8.64e15))).toEqual({ source: "none", value: "" })
    }).pipe(Effect.provide(NoBeaconLive)),
  )
})
