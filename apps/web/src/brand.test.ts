import { describe, expect, it } from "vitest"
import {
  activeNavLinks,
  activeSocials,
  brand,
  liveStreamOrigin,
  metaTags,
  pageTitle,
  socialUrl,
  trackingOrigins,
} from "./brand"

describe("brand", () => {
  it("titles pages as short name, bar, route title (docs/product/overview.md)", () => {
    expect(pageTitle("Home")).toBe("Howzat | Home")
  })

  it("builds the default meta tags from the full name", () => {
    const tags = metaTags()
    expect(tags.map((t) => t.name)).toEqual(["description", "keywords", "author"])
    for (const tag of tags) expect(tag.content).toContain(brand.fullName)
  })

  it("shows only switched-on nav links and socials", () => {
    expect(activeNavLinks().map((l) => l.label)).toEqual([
      "Home",
      "Competitions",
      "Winners",
      "FAQs",
    ])
    expect(
      activeNavLinks({ ...brand, navLinks: [{ label: "FAQs", to: "/FAQ", active: false }] }),
    ).toEqual([])
    expect(activeSocials().map((s) => s.network)).toEqual([
      "Facebook",
      "Instagram",
      "YouTube",
      "WhatsApp",
      "X",
      "Threads",
    ])
    expect(socialUrl("TikTok")).toBeUndefined()
  })
})

describe("liveStreamOrigin", () => {
  it("is the https origin of the stream's embed address, and nothing without a stream", () => {
    expect(liveStreamOrigin()).toBeNull()
    expect(
      liveStreamOrigin({
        liveStream: { embedUrl: "https://www.youtube-nocookie.com/embed/live_stream?channel=UC1" },
      }),
    ).toBe("https://www.youtube-nocookie.com")
  })

  it("admits no page that is not https, and nothing unreadable", () => {
    for (const embedUrl of ["http://example.com/live", "javascript:alert(1)", "not a url", ""]) {
      expect(liveStreamOrigin({ liveStream: { embedUrl } })).toBeNull()
    }
  })
})

describe("trackingOrigins", () => {
  it("admits no tracking origin while none is configured (the default)", () => {
    expect(brand.tracking).toEqual({ sessionReplay: null, marketing: null })
    expect(trackingOrigins()).toEqual({ script: [], connect: [], img: [] })
  })

  it("admits each configured provider's origins, and only that provider's", () => {
    const replayOnly = trackingOrigins({
      tracking: { sessionReplay: { provider: "clarity", projectId: "abc" }, marketing: null },
    })
    expect(replayOnly.script).toEqual(["https://www.clarity.ms", "https://scripts.clarity.ms"])
    expect(replayOnly.connect.join(" ")).not.toContain("facebook")
    const marketingOnly = trackingOrigins({
      tracking: { sessionReplay: null, marketing: { provider: "meta-pixel", pixelId: "123" } },
    })
    expect(marketingOnly.script).toEqual(["https://connect.facebook.net"])
    expect(marketingOnly.img).toEqual(["https://www.facebook.com"])
    expect(marketingOnly.connect.join(" ")).not.toContain("clarity")
  })
})
