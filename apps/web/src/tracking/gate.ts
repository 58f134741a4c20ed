/**
 * The consent gate (decision 0040): starts each tracking adapter when its
 * consent is given and stops it the moment that consent is withdrawn, with
 * no reload. docs/product/overview.md: session replay runs with consent for statistics or
 * marketing; marketing events only with consent for marketing. Before the
 * visitor answers nothing runs.
 */
import { allowsMarketing, allowsSessionReplay, type ConsentChoice } from "../consent/consent"
import type { MarketingEvents, MarketingReporter, SessionReplay } from "./ports"

export interface TrackingAdapters {
  readonly sessionReplay: SessionReplay | null
  readonly marketing: MarketingEvents | null
}

/** Where the gate reads the answer: the consent store, or a test's stand-in. */
export interface ConsentSource {
  readonly get: () => { readonly decision: ConsentChoice | null }
  readonly subscribe: (listener: () => void) => () => void
}

export interface TrackingGate {
  /** Basket and checkout events: dropped unless marketing is running. */
  readonly marketing: MarketingReporter
  /** Which adapters run now. */
  readonly running: () => { readonly sessionReplay: boolean; readonly marketing: boolean }
  /** Stops everything and stops listening (tests, or a page being torn down). */
  readonly close: () => void
}

/** A provider's script failing must never break the shop; it is only reported. */
const guarded = (what: string, call: () => void) => {
  try {
    call()
  } catch (error) {
    console.error(`Tracking: ${what} failed`, error)
  }
}

export const createTrackingGate = (
  adapters: TrackingAdapters,
  consent: ConsentSource,
): TrackingGate => {
  let replayOn = false
  let marketingOn = false

  const apply = () => {
    const decision = consent.get().decision
    const { sessionReplay, marketing } = adapters
    if (sessionReplay) {
      const wanted = allowsSessionReplay(decision)
      if (wanted !== replayOn) {
        replayOn = wanted
        guarded(
          `session replay ${wanted ? "start" : "stop"}`,
          wanted ? sessionReplay.start : sessionReplay.stop,
        )
      }
    }
    if (marketing) {
      const wanted = allowsMarketing(decision)
      if (wanted !== marketingOn) {
        marketingOn = wanted
        guarded(`marketing ${wanted ? "start" : "stop"}`, wanted ? marketing.start : marketing.stop)
      }
    }
  }

  apply()
  const unsubscribe = consent.subscribe(apply)

  const forward =
    <K extends keyof MarketingReporter>(name: K) =>
    (event: Parameters<MarketingReporter[K]>[0]) => {
      const target = adapters.marketing
      if (!marketingOn || target === null) return
      guarded(`marketing ${name}`, () => (target[name] as (e: typeof event) => void)(event))
    }

  return {
    marketing: {
      basketItemAdded: forward("basketItemAdded"),
      basketItemRemoved: forward("basketItemRemoved"),
      checkoutStarted: forward("checkoutStarted"),
      orderPlaced: forward("orderPlaced"),
      orderPaid: forward("orderPaid"),
    },
    running: () => ({ sessionReplay: replayOn, marketing: marketingOn }),
    close: () => {
      unsubscribe()
      if (replayOn && adapters.sessionReplay)
        guarded("session replay stop", adapters.sessionReplay.stop)
      if (marketingOn && adapters.marketing) guarded("marketing stop", adapters.marketing.stop)
      replayOn = false
      marketingOn = false
    },
  }
}
