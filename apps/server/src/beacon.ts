import { DrandBeaconLive, NoBeaconLive } from "@howzat/beacon"
import type { RandomnessBeacon } from "@howzat/core/ports"
import type { Layer } from "effect"
import type { BeaconConfig } from "./config"

/**
 * The draws' public randomness as configured. Deliberately no "drand, or
 * none when drand is down": a shop that could fall back could choose when
 * to be offline (docs/decisions/0020).
 */
export const beaconLayer = (config: BeaconConfig): Layer.Layer<RandomnessBeacon> =>
  config.source === "drand" ? DrandBeaconLive({ url: config.drandUrl }) : NoBeaconLive
