import { describe, expect, it } from "vitest"
import { heroPreloadTags } from "../../hero-preload"
import type { CarouselItem } from "../brand"
import { Carousel } from "./Carousel"
import { renderInRouter } from "./test-router"

const photo = (name: string) => `/files/images/${name.repeat(64)}.png`
const uploaded: CarouselItem = {
  link: "/Competitions",
  desktopImageUrl: photo("d"),
  mobileImageUrl: photo("e"),
  alt: "Win a car",
}
const demo: CarouselItem = {
  link: "/Competitions",
  desktopImageUrl: "/brand/banner-desktop.svg",
  mobileImageUrl: "/brand/banner-mobile.svg",
  alt: "Win kit",
}

const attributesOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([a-zA-Z]+)="([^"]*)"/g)].map(([, k, v]) => [k, v]))
const sourcesOf = (html: string) =>
  [...html.matchAll(/<source [^>]*>/g)].map(([tag]) => attributesOf(tag))

describe("the carousel's banners", () => {
  it("offer uploaded photographs as AVIF then WebP, desktop then phone, the originals after", async () => {
    const html = await renderInRouter(() => <Carousel items={[uploaded]} />)
    const sources = sourcesOf(html)
    expect(sources.map((s) => [s.media ?? "phone", s.type ?? "original"])).toEqual([
      ["(min-width: 768px)", "image/avif"],
      ["(min-width: 768px)", "image/webp"],
      ["(min-width: 768px)", "original"],
      ["phone", "image/avif"],
      ["phone", "image/webp"],
    ])
    expect(sources[0]?.srcSet).toContain(`${photo("d")}.w1920.avif 1920w`)
    expect(sources[3]?.srcSet).toContain(`${photo("e")}.w640.avif 640w`)
    expect(html).toMatch(new RegExp(`<img [^>]*src="${photo("e")}"`))
  })

  it("show the demo SVGs as before: one desktop source and the phone's img", async () => {
    const sources = sourcesOf(await renderInRouter(() => <Carousel items={[demo]} />))
    expect(sources).toEqual([
      {
        media: "(min-width: 768px)",
        srcSet: "/brand/banner-desktop.svg",
        width: "1600",
        height: "500",
      },
    ])
  })

  it("are preloaded from index.html as the very candidates the picture then chooses", async () => {
    const sources = sourcesOf(await renderInRouter(() => <Carousel items={[uploaded]} />))
    const preloads = heroPreloadTags([uploaded]).map((tag) => tag.attrs ?? {})
    const [phone, desktop] = preloads
    expect(phone).toMatchObject({
      imagesrcset: sources[3]?.srcSet,
      imagesizes: sources[3]?.sizes,
      type: "image/avif",
      media: "not all and (min-width: 768px)",
    })
    expect(desktop).toMatchObject({
      imagesrcset: sources[0]?.srcSet,
      imagesizes: sources[0]?.sizes,
      type: "image/avif",
      media: sources[0]?.media,
    })
    for (const preload of preloads) expect(preload).not.toHaveProperty("href")
  })
})
