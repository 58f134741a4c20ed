/**
 * A card provider's browser script, loaded the way providers document it: a
 * <script> from their own host (never bundled, never self-hosted), which
 * defines one global. Only the payment page loads one, so no other page
 * pays for its bytes.
 */

/** What the customer reads when the card form cannot start; `reason` is for the log. */
export const CARD_FORM_UNAVAILABLE =
  "The card payment form could not be loaded. Please check your connection and try again."

export class CardFormUnavailable extends Error {
  override readonly name = "CardFormUnavailable"
  constructor(readonly reason: string) {
    super(CARD_FORM_UNAVAILABLE)
  }
}

/** How a script reaches the page: the real document, or a stand-in in tests. */
export interface ScriptHost {
  /** Adds `<script src async>`; exactly one of the callbacks runs. Returns a remover. */
  readonly addScript: (src: string, onLoad: () => void, onError: () => void) => () => void
  /** A global the script defines once it has run (`Stripe`, `CheckoutWebComponents`). */
  readonly global: (name: string) => unknown
}

export const documentHost: ScriptHost = {
  addScript: (src, onLoad, onError) => {
    const script = document.createElement("script")
    script.src = src
    script.async = true
    script.addEventListener("load", onLoad, { once: true })
    script.addEventListener("error", onError, { once: true })
    document.head.appendChild(script)
    return () => script.remove()
  },
  global: (name) => (globalThis as Record<string, unknown>)[name],
}

/** A blocked or black-holed script fires neither event; the customer is told rather than left waiting. */
export const SCRIPT_TIMEOUT_MS = 20_000

/**
 * One load per address, however often the page mounts (React may mount
 * twice, the customer may come back). A failed load is forgotten and its
 * tag removed, so "Try again" really tries again. Resolves with the global
 * the script defined; a script that defines none is a failure too.
 */
export const makeScriptLoader = (host: ScriptHost, timeoutMs = SCRIPT_TIMEOUT_MS) => {
  const scripts = new Map<string, Promise<unknown>>()

  const loadScript = (url: string, globalName: string): Promise<unknown> => {
    const loaded = host.global(globalName)
    if (typeof loaded === "function") return Promise.resolve(loaded)
    const pending = new Promise<unknown>((resolve, reject) => {
      let settled = false
      let removeScript = () => {}
      const fail = (reason: string) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        // Later than now: the host may report a failure before addScript has returned its remover.
        queueMicrotask(() => removeScript())
        reject(new CardFormUnavailable(reason))
      }
      const timer = setTimeout(
        () => fail(`${url} did not load within ${timeoutMs / 1000} s`),
        timeoutMs,
      )
      removeScript = host.addScript(
        url,
        () => {
          const defined = host.global(globalName)
          if (typeof defined !== "function")
            return fail(`${url} loaded but defined no ${globalName}`)
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(defined)
        },
        () => fail(`${url} could not be loaded`),
      )
    })
    scripts.set(url, pending)
    pending.catch(() => {
      if (scripts.get(url) === pending) scripts.delete(url)
    })
    return pending
  }

  return (url: string, globalName: string): Promise<unknown> =>
    scripts.get(url) ?? loadScript(url, globalName)
}
