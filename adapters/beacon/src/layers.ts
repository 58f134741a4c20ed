import { RandomnessBeacon } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type DrandBeaconConfig, makeDrandBeacon } from "./drand"

const NO_BEACON = { source: "none", value: "" } as const

/**
 * A shop with no internet: B is "" and every proof says no beacon was used.
 * The seed commitment still binds the operator; what it loses is the
 * guarantee that nobody could know the outcome before the close.
 */
export const NoBeaconLive: Layer.Layer<RandomnessBeacon> = Layer.succeed(RandomnessBeacon, {
  after: () => Effect.succeed(NO_BEACON),
})

/** The drand chain at `config.url`; its chain information is read once per layer. */
export const DrandBeaconLive = (config: DrandBeaconConfig): Layer.Layer<RandomnessBeacon> =>
  Layer.effect(RandomnessBeacon, makeDrandBeacon(config))
