/**
 * The storefront's tracking, as the brand configures it (decision 0040):
 * each configured provider's adapter behind the consent gate. With nothing
 * configured (the default) there is no adapter and every event is dropped.
 */
import { brand } from "../brand"
import { consent } from "../consent/store"
import { browserPage } from "./browser"
import { clarityReplay } from "./clarity"
import { createTrackingGate, type TrackingGate } from "./gate"
import { metaPixelEvents } from "./meta-pixel"
import type { MarketingReporter } from "./ports"

let gate: TrackingGate | null = null

/** Once, at app start: from here on the gate follows every consent change. */
export const startTracking = (): void => {
  if (gate !== null || typeof window === "undefined") return
  const { sessionReplay, marketing } = brand.tracking
  const page = browserPage()
  gate = createTrackingGate(
    {
      sessionReplay: sessionReplay ? clarityReplay(sessionReplay.projectId, page) : null,
      marketing: marketing ? metaPixelEvents(marketing.pixelId, page) : null,
    },
    consent,
  )
}

/** Basket and checkout events for marketing: sent only while marketing consent holds. */
export const marketingEvents: MarketingReporter = {
  basketItemAdded: (event) => gate?.marketing.basketItemAdded(event),
  basketItemRemoved: (event) => gate?.marketing.basketItemRemoved(event),
  checkoutStarted: (event) => gate?.marketing.checkoutStarted(event),
  orderPlaced: (event) => gate?.marketing.orderPlaced(event),
  orderPaid: (event) => gate?.marketing.orderPaid(event),
}
