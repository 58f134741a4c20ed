/**
 * The Meta pixel as the MarketingEvents port (decision 0040). Nothing of
 * Meta is on the page until start(): its queue function (fbq), the pixel's
 * init and page view, then its script. Basket and checkout events map to
 * Meta's standard events where one exists. stop() revokes consent with the
 * pixel (it sends nothing more), removes the script and expires its cookies.
 */
import type { BrowserPage } from "./browser"
import type { BasketLineEvent, MarketingEvents, OrderEvent } from "./ports"

export const META_PIXEL_ORIGINS = {
  script: ["https://connect.facebook.net"],
  connect: ["https://www.facebook.com", "https://connect.facebook.net"],
  img: ["https://www.facebook.com"],
} as const

/** The pixel's first-party cookies: browser id and click id (90 days each). */
export const META_PIXEL_COOKIES = ["_fbp", "_fbc"] as const

const SCRIPT = "https://connect.facebook.net/en_US/fbevents.js"

type Fbq = ((...args: unknown[]) => void) & {
  queue: unknown[][]
  callMethod?: (...args: unknown[]) => void
  loaded: boolean
  version: string
  push: unknown
}

const pounds = (pence: number) => Math.round(pence) / 100

const line = (event: BasketLineEvent) => ({
  content_ids: [event.competitionId],
  content_name: event.competitionName,
  content_type: "product",
  num_items: event.quantity,
  value: pounds(event.unitPrice * event.quantity),
  currency: "GBP",
})

const order = (event: OrderEvent) => ({
  order_id: event.orderId,
  value: pounds(event.value),
  currency: "GBP",
})

export const metaPixelEvents = (pixelId: string, page: BrowserPage): MarketingEvents => {
  let loaded = false
  const fbq = (...args: unknown[]) => (page.globals.fbq as Fbq)(...args)
  return {
    start: () => {
      if (typeof page.globals.fbq !== "function") {
        // Meta's base code, as a module instead of an inline script.
        const queue = ((...args: unknown[]) => {
          if (queue.callMethod) queue.callMethod(...args)
          else queue.queue.push(args)
        }) as Fbq
        queue.queue = []
        queue.loaded = true
        queue.version = "2.0"
        queue.push = queue
        page.globals.fbq = queue
        page.globals._fbq ??= queue
      }
      fbq("consent", "grant")
      if (!loaded) {
        loaded = true
        fbq("init", pixelId)
        page.loadScript(SCRIPT)
      }
      fbq("track", "PageView")
    },
    basketItemAdded: (event) => fbq("track", "AddToCart", line(event)),
    basketItemRemoved: (event) => fbq("trackCustom", "RemoveFromCart", line(event)),
    checkoutStarted: (event) =>
      fbq("track", "InitiateCheckout", {
        value: pounds(event.value),
        currency: "GBP",
        num_items: event.tickets,
      }),
    orderPlaced: (event) => fbq("trackCustom", "OrderPlaced", order(event)),
    orderPaid: (event) => fbq("track", "Purchase", order(event)),
    stop: () => {
      if (typeof page.globals.fbq === "function") fbq("consent", "revoke")
      page.removeScripts(META_PIXEL_ORIGINS.script)
      page.deleteCookies(META_PIXEL_COOKIES)
    },
  }
}
