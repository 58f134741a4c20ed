import { afterAll, describe, expect, it } from "vitest"
import { liveStreamOrigin } from "../../web/src/brand"
import { Browser } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"

/** The brand's live-draw stream reaches the Content-Security-Policy that /Live is served with. */

const frameSrc = (policy: string | null) =>
  (policy ?? "")
    .split("; ")
    .find((d) => d.startsWith("frame-src "))
    ?.slice("frame-src ".length)

const shops: Shop[] = []
afterAll(async () => {
  await Promise.all(shops.map((s) => s.close()))
})

const policyOf = async (brand: Parameters<typeof openShop>[1]) => {
  const shop = await openShop({}, brand)
  shops.push(shop)
  const visitor = await new Browser(shop.app).open()
  return (await visitor.get("/Live")).headers.get("content-security-policy")
}

describe("the live-draw stream", () => {
  it("may be framed from the brand's stream origin, and from nowhere else", async () => {
    const origin = liveStreamOrigin({
      liveStream: { embedUrl: "https://www.youtube-nocookie.com/embed/live_stream?channel=UC1" },
    })
    expect(frameSrc(await policyOf({ liveStreamOrigin: origin }))).toBe(
      "https://www.youtube-nocookie.com",
    )
  })

  it("leaves a brand with no stream framing nothing, as this brand", async () => {
    expect(frameSrc(await policyOf({ liveStreamOrigin: liveStreamOrigin() }))).toBe("'none'")
  })
})
