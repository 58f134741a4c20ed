import { afterEach, describe, expect, it, vi } from "vitest"
import {
  CARD_FORM_UNAVAILABLE,
  CardFormUnavailable,
  makeStripeLoader,
  type ScriptHost,
  type StripeJs,
} from "./stripe-js"

const URL_V3 = "https://js.stripe.com/v3/"

/** A page as far as the loader can tell: script tags it can load or fail, and the global they define. */
const fakePage = () => {
  const scripts: { src: string; load: () => void; fail: () => void; removed: boolean }[] = []
  let global: unknown
  const keys: string[] = []
  const stripeConstructor = (key: string): StripeJs => {
    keys.push(key)
    return { key } as unknown as StripeJs
  }
  const host: ScriptHost = {
    addScript: (src, onLoad, onError) => {
      const script = { src, load: onLoad, fail: onError, removed: false }
      scripts.push(script)
      return () => {
        script.removed = true
      }
    },
    global: (name) => (name === "Stripe" ? global : undefined),
  }
  return {
    host,
    scripts,
    keys,
    /** The script ran and defined Stripe, as the real one does. */
    runScript: (index = 0) => {
      global = stripeConstructor
      scripts[index]?.load()
    },
    defineGlobal: (value: unknown) => {
      global = value
    },
  }
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error("expected the promise to fail")
}

afterEach(() => {
  vi.useRealTimers()
})

describe("loading Stripe.js", () => {
  it("adds the provider's script once and makes one Stripe object per key", async () => {
    const page = fakePage()
    const load = makeStripeLoader(page.host)
    const first = load(URL_V3, "pk_test_1")
    const second = load(URL_V3, "pk_test_1")
    page.runScript()
    const [a, b] = await Promise.all([first, second])
    expect(a).toBe(b)
    expect(await load(URL_V3, "pk_test_1")).toBe(a)
    expect(page.scripts.map((s) => s.src)).toEqual([URL_V3])
    expect(page.keys).toEqual(["pk_test_1"])
  })

  it("uses a Stripe already on the page without adding another script", async () => {
    const page = fakePage()
    page.runScript()
    page.scripts.length = 0
    const load = makeStripeLoader(page.host)
    await load(URL_V3, "pk_test_1")
    expect(page.scripts).toEqual([])
  })

  it("fails with the customer's message when the script cannot be loaded, and tries again next time", async () => {
    const page = fakePage()
    const load = makeStripeLoader(page.host)
    const attempt = load(URL_V3, "pk_test_1")
    page.scripts[0]?.fail()
    const error = await rejection(attempt)
    expect(error).toBeInstanceOf(CardFormUnavailable)
    expect((error as Error).message).toBe(CARD_FORM_UNAVAILABLE)
    expect((error as CardFormUnavailable).reason).toContain(URL_V3)
    await Promise.resolve()
    expect(page.scripts[0]?.removed).toBe(true)

    const retry = load(URL_V3, "pk_test_1")
    expect(page.scripts).toHaveLength(2)
    page.runScript(1)
    await expect(retry).resolves.toBeDefined()
  })

  it("copes with a host that reports the failure before returning", async () => {
    const removed: string[] = []
    const load = makeStripeLoader({
      addScript: (src, _onLoad, onError) => {
        onError()
        return () => removed.push(src)
      },
      global: () => undefined,
    })
    await expect(load(URL_V3, "pk_test_1")).rejects.toBeInstanceOf(CardFormUnavailable)
    await expect(load(URL_V3, "pk_test_1")).rejects.toBeInstanceOf(CardFormUnavailable)
    expect(removed).toEqual([URL_V3, URL_V3])
  })

  it("fails when the script loads but is not Stripe.js (a captive portal's page, say)", async () => {
    const page = fakePage()
    const load = makeStripeLoader(page.host)
    const attempt = load(URL_V3, "pk_test_1")
    page.scripts[0]?.load()
    const error = (await rejection(attempt)) as CardFormUnavailable
    expect(error.reason).toMatch(/defined no Stripe/)
  })

  it("gives up on a script that neither loads nor fails", async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const load = makeStripeLoader(page.host, 5_000)
    const attempt = rejection(load(URL_V3, "pk_test_1"))
    await vi.advanceTimersByTimeAsync(5_000)
    const error = (await attempt) as CardFormUnavailable
    expect(error).toBeInstanceOf(CardFormUnavailable)
    expect(error.reason).toMatch(/within 5 s/)
    // A late load after giving up changes nothing for the next attempt.
    page.runScript(0)
    expect(page.scripts[0]?.removed).toBe(true)
  })

  it("turns a key Stripe refuses into the same clear failure", async () => {
    const page = fakePage()
    page.defineGlobal(() => {
      throw new Error("Invalid API Key provided")
    })
    const load = makeStripeLoader(page.host)
    const error = (await rejection(load(URL_V3, "sk_oops"))) as CardFormUnavailable
    expect(error.message).toBe(CARD_FORM_UNAVAILABLE)
    expect(error.reason).toMatch(/Invalid API Key/)
  })
})
