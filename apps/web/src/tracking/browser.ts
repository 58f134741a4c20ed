/**
 * The little of the browser a provider's adapter touches, behind one
 * interface so the adapters can be tested without a DOM: loading and
 * removing a provider's scripts, the global its snippet lives on, and
 * deleting its first-party cookies.
 */
export interface BrowserPage {
  /** The window, where providers keep their queue function (clarity, fbq). */
  readonly globals: Record<string, unknown>
  /** Adds an async <script src> to the page. */
  readonly loadScript: (src: string) => void
  /** Removes every <script> whose src starts with one of these origins. */
  readonly removeScripts: (origins: readonly string[]) => void
  /** Expires these cookies on this host and every parent domain they may have been set on. */
  readonly deleteCookies: (names: readonly string[]) => void
}

/** "www.shop.example" → [undefined, "www.shop.example", "shop.example", "example"]. */
export const cookieDomains = (hostname: string): (string | undefined)[] => {
  const labels = hostname.split(".")
  const domains: (string | undefined)[] = [undefined]
  for (let i = 0; i < labels.length; i++) domains.push(labels.slice(i).join("."))
  return domains
}

export const browserPage = (): BrowserPage => ({
  globals: window as unknown as Record<string, unknown>,
  loadScript: (src) => {
    const script = document.createElement("script")
    script.async = true
    script.src = src
    document.head.appendChild(script)
  },
  removeScripts: (origins) => {
    for (const script of Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"))) {
      if (origins.some((origin) => script.src.startsWith(origin))) script.remove()
    }
  },
  deleteCookies: (names) => {
    for (const name of names) {
      for (const domain of cookieDomains(location.hostname)) {
        // biome-ignore lint/suspicious/noDocumentCookie: expiring a provider's cookie needs the classic API.
        document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`
      }
    }
  },
})
