/**
 * drand's clock: round 1 is published at the chain's genesis and round r at
 * `genesis + (r - 1) * period`. Pure arithmetic, exported so that a checker
 * can confirm a proof used the round the close dictates and not one the
 * operator liked better.
 */
export interface ChainClock {
  /** Seconds since the Unix epoch. */
  readonly genesisTime: number
  /** Seconds between rounds. */
  readonly period: number
}

/** When round `round` is published, in milliseconds since the epoch. */
export const publicationTimeMs = (chain: ChainClock, round: number): number =>
  (chain.genesisTime + (round - 1) * chain.period) * 1000

/**
 * The first round published strictly after `instantMs`:
 * `floor((close - genesis) / period) + 2`. A round published at the very
 * instant of the close was already public then, so it does not count.
 * Whole milliseconds keep the division exact for any Date.
 */
export const firstRoundAfter = (chain: ChainClock, instantMs: number): number => {
  const sinceGenesisMs = instantMs - chain.genesisTime * 1000
  return Math.max(1, Math.floor(sinceGenesisMs / (chain.period * 1000)) + 2)
}
