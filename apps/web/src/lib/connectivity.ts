/**
 * The layout's connectivity states (docs/product/screens.md, docs/product/states.md, docs/product/constants.md): the browser is offline,
 * the API is unreachable, or all is well. While not well the probe runs
 * again after 2 s, then every 10 s, until the API answers.
 */
export type Connectivity = "online" | "offline" | "unreachable"

export const RECHECK_AFTER_MS = 2000
export const POLL_RETRY_MS = 10_000

export const connectivityMessages: Record<Exclude<Connectivity, "online">, string> = {
  offline: "Oops! You seem to be offline right now. Please visit again soon.",
  unreachable:
    "Oops! We seem to be having some technical difficulties. Please check back again soon.",
}

/** What a probe's outcome means, given what the browser says about its network. */
export const connectivityAfterProbe = (browserOnline: boolean, probeOk: boolean): Connectivity => {
  if (!browserOnline) return "offline"
  return probeOk ? "online" : "unreachable"
}

/** Delay before the next probe, counting failed probes since things were last well. */
export const nextProbeDelay = (failedProbes: number): number =>
  failedProbes <= 1 ? RECHECK_AFTER_MS : POLL_RETRY_MS
