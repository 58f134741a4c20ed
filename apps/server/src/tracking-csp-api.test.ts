import { afterAll, describe, expect, it } from "vitest"
import { trackingOrigins } from "../../web/src/brand"
import { Browser } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"

/**
 * A tracking provider the brand configures reaches the Content-Security-
 * Policy the storefront is served with; an unconfigured one never does
 * (decision 0040). Consent decides whether its script is loaded at all.
 */

const directive = (policy: string | null, name: string) =>
  (policy ?? "")
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)

const shops: Shop[] = []
afterAll(async () => {
  await Promise.all(shops.map((s) => s.close()))
})

const policyOf = async (brand: Parameters<typeof openShop>[1]) => {
  const shop = await openShop({}, brand)
  shops.push(shop)
  const visitor = await new Browser(shop.app).open()
  return (await visitor.get("/")).headers.get("content-security-policy")
}

describe("the tracking providers' origins", () => {
  it("are admitted for a configured session replay and marketing pixel", async () => {
    const policy = await policyOf({
      tracking: trackingOrigins({
        tracking: {
          sessionReplay: { provider: "clarity", projectId: "abc123" },
          marketing: { provider: "meta-pixel", pixelId: "1234567890" },
        },
      }),
    })
    expect(directive(policy, "script-src")).toBe(
      "'self' https://www.clarity.ms https://scripts.clarity.ms https://connect.facebook.net",
    )
    expect(directive(policy, "connect-src")).toContain("https://*.clarity.ms")
    expect(directive(policy, "connect-src")).toContain("https://www.facebook.com")
    expect(directive(policy, "img-src")).toContain("https://www.facebook.com")
  })

  it("are not admitted for this brand, which configures none", async () => {
    const policy = await policyOf({ tracking: trackingOrigins() })
    expect(directive(policy, "script-src")).toBe("'self'")
    expect(directive(policy, "connect-src")).toBe("'self'")
    expect(directive(policy, "img-src")).toBe("'self'")
  })
})
