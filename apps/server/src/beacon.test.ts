import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { RandomnessBeacon } from "@howzat/core/ports"
import { Effect, TestClock } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { beaconLayer } from "./beacon"
import { readConfig } from "./config"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const CHAIN = "http://relay.test/chain"
const GENESIS = 1_700_000_000
const CLOSE = new Date((GENESIS + 30) * 1000)

describe("the configured beacon", () => {
  it.effect("is none by default, asking nobody", () =>
    Effect.gen(function* () {
      const beacon = yield* RandomnessBeacon
      expect(yield* beacon.after(CLOSE)).toEqual({ source: "none", value: "" })
    }).pipe(Effect.provide(beaconLayer(readConfig({}).beacon))),
  )

  it.effect("is drand at DRAND_URL when DRAW_BEACON=drand, and never falls back to none", () =>
    Effect.gen(function* () {
      server.use(
        http.get(`${CHAIN}/info`, () => HttpResponse.json({ period: 3, genesis_time: GENESIS })),
        http.get(`${CHAIN}/public/:round`, () => HttpResponse.text("down", { status: 503 })),
      )
      yield* TestClock.setTime(CLOSE.getTime() + 10_000)
      const beacon = yield* RandomnessBeacon
      const error = yield* Effect.flip(beacon.after(CLOSE))
      expect(error).toMatchObject({
        _tag: "BeaconUnreachable",
        reason: expect.stringContaining(`${CHAIN}/public/12 answered 503`),
      })
    }).pipe(
      Effect.provide(
        beaconLayer(readConfig({ DRAW_BEACON: "drand", DRAND_URL: `${CHAIN}/` }).beacon),
      ),
    ),
  )
})
