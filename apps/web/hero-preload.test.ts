import { describe, expect, it } from "vitest"
import { heroPreloadTags, homeChunkFiles } from "./hero-preload"

const banner = (name: string) => ({
  link: "/Competitions",
  desktopImageUrl: `/brand/${name}-desktop.svg`,
  mobileImageUrl: `/brand/${name}-mobile.svg`,
  alt: name,
})

describe("Home's hints in index.html", () => {
  it("preloads only the first banner, each picture only where the Carousel shows it", () => {
    const tags = heroPreloadTags([banner("first"), banner("second")])
    expect(tags.map((tag) => tag.attrs)).toEqual([
      {
        rel: "preload",
        as: "image",
        href: "/brand/first-mobile.svg",
        media: "not all and (min-width: 768px)",
        fetchpriority: "high",
      },
      {
        rel: "preload",
        as: "image",
        href: "/brand/first-desktop.svg",
        media: "(min-width: 768px)",
        fetchpriority: "high",
      },
    ])
    expect(heroPreloadTags([])).toEqual([])
  })

  it("names Home's route chunks and their imports, never another route's", () => {
    const bundle = {
      "index.js": {
        type: "chunk" as const,
        fileName: "assets/index-a.js",
        facadeModuleId: "/w/src/main.tsx",
      },
      home: {
        type: "chunk" as const,
        fileName: "assets/routes-b.js",
        facadeModuleId: "/w/src/routes/index.tsx?tsr-split=component",
        imports: ["assets/CompetitionTile-c.js"],
      },
      checkout: {
        type: "chunk" as const,
        fileName: "assets/index-d.js",
        facadeModuleId: "/w/src/routes/Checkout/index.tsx?tsr-split=component",
        imports: ["assets/Field-e.js"],
      },
      css: { type: "asset" as const, fileName: "assets/index.css" },
    }
    expect(homeChunkFiles(bundle, /\/src\/routes\/index\.tsx(?:\?|$)/)).toEqual([
      "assets/routes-b.js",
      "assets/CompetitionTile-c.js",
    ])
  })
})
