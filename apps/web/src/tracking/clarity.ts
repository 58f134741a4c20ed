/**
 * Microsoft Clarity as the SessionReplay port (decision 0040). Nothing of
 * Clarity is on the page until start(): its queue function, then its tag
 * script. stop() tells Clarity consent is withdrawn (it erases its cookies
 * and stops collecting), stops it, removes its scripts and expires its
 * first-party cookies ourselves in case its script never finished loading.
 */
import type { BrowserPage } from "./browser"
import type { SessionReplay } from "./ports"

/** Where Clarity's scripts come from and send to (the CSP admits these only when configured). */
export const CLARITY_ORIGINS = {
  script: ["https://www.clarity.ms", "https://scripts.clarity.ms"],
  connect: ["https://*.clarity.ms", "https://c.bing.com"],
  img: ["https://*.clarity.ms", "https://c.bing.com"],
} as const

/** Clarity's first-party cookies: user id (1 year) and session (1 day). */
export const CLARITY_COOKIES = ["_clck", "_clsk"] as const

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] }

export const clarityReplay = (projectId: string, page: BrowserPage): SessionReplay => {
  let loaded = false
  const clarity = (...args: unknown[]) => (page.globals.clarity as Queue)(...args)
  return {
    start: () => {
      if (typeof page.globals.clarity !== "function") {
        // Clarity's own snippet, without an inline script: calls queue until the tag loads.
        const queue: Queue = (...args: unknown[]) => {
          queue.q ??= []
          queue.q.push(args)
        }
        page.globals.clarity = queue
      }
      clarity("consentv2", { ad_Storage: "denied", analytics_Storage: "granted" })
      if (loaded) clarity("start")
      else {
        loaded = true
        page.loadScript(`https://www.clarity.ms/tag/${encodeURIComponent(projectId)}`)
      }
    },
    stop: () => {
      if (typeof page.globals.clarity === "function") {
        clarity("consentv2", { ad_Storage: "denied", analytics_Storage: "denied" })
        clarity("consent", false)
        clarity("stop")
      }
      page.removeScripts(CLARITY_ORIGINS.script)
      page.deleteCookies(CLARITY_COOKIES)
    },
  }
}
