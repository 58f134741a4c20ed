import { Context, Data, type Effect } from "effect"

/**
 * A public random value that nobody (the operator included) could know
 * before a competition closed. Without it, whoever holds the committed seed
 * could keep adding entries until the entry list made a chosen ticket win.
 */
export type BeaconReading =
  | {
      readonly source: "drand"
      /** The round's `randomness`, lower-case hex. */
      readonly value: string
      readonly round: number
      /** The chain's HTTP address the round was read from, so anyone can fetch it again. */
      readonly url: string
    }
  /** An offline shop: B is "" and the proof says no beacon was used. */
  | { readonly source: "none"; readonly value: "" }

/** The first round after the close has not been published yet: try again at `availableAt`. */
export class BeaconNotYetAvailable extends Data.TaggedError("BeaconNotYetAvailable")<{
  readonly availableAt: Date
}> {}

/** The beacon could not be read; the draw waits rather than going ahead without it. */
export class BeaconUnreachable extends Data.TaggedError("BeaconUnreachable")<{
  readonly reason: string
}> {}

export interface RandomnessBeaconShape {
  /** The value of the first round published strictly after `instant` (a competition's close). */
  readonly after: (
    instant: Date,
  ) => Effect.Effect<BeaconReading, BeaconNotYetAvailable | BeaconUnreachable>
}
export class RandomnessBeacon extends Context.Tag("@howzat/core/RandomnessBeacon")<
  RandomnessBeacon,
  RandomnessBeaconShape
>() {}
