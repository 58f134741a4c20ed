import type { HtmlTagDescriptor, Plugin } from "vite"
// By path, not package name: Vite's config loader leaves workspace packages to Node, which cannot load TypeScript.
import { pictureSources } from "../../core/src/rules/image-variants"
import type { CarouselItem } from "./src/brand"
import { PICTURE_SIZES } from "./src/lib/picture-sizes"

/** The Carousel's own breakpoint: its <source> takes the desktop picture from here up. */
export const DESKTOP_MEDIA = "(min-width: 768px)"
const MOBILE_MEDIA = "not all and (min-width: 768px)"

/**
 * Home's largest paint is the first banner, but the page names it only once
 * its script has run. Preloading it from index.html lets it download beside
 * the script; one link per picture, each only for the screens whose media
 * the Carousel's <picture> gives it to, so no screen fetches both.
 */
export const heroPreloadTags = (items: readonly CarouselItem[]): HtmlTagDescriptor[] => {
  const first = items[0]
  if (!first) return []
  const link = (url: string, media: string): HtmlTagDescriptor => {
    // An uploaded photograph: the Carousel's first source, AVIF at the banner's sizes, so the
    // preloaded candidate is the one the <picture> then picks. A browser without AVIF skips
    // the preload (its type) rather than fetch a picture it would not show (decision 0049).
    const [best] = pictureSources(url)
    const picture =
      best === undefined
        ? { href: url }
        : { imagesrcset: best.srcSet, imagesizes: PICTURE_SIZES.banner, type: best.type }
    return {
      tag: "link",
      attrs: { rel: "preload", as: "image", ...picture, media, fetchpriority: "high" },
      injectTo: "head",
    }
  }
  return [link(first.mobileImageUrl, MOBILE_MEDIA), link(first.desktopImageUrl, DESKTOP_MEDIA)]
}

interface ChunkLike {
  readonly type: "chunk" | "asset"
  readonly fileName: string
  readonly facadeModuleId?: string | null
  readonly imports?: readonly string[]
}

/** Home's route chunks and what they import, by file name: the router asks for them only after the entry ran. */
export const homeChunkFiles = (bundle: Record<string, ChunkLike>, homeRoute: RegExp): string[] => {
  const chunks = Object.values(bundle).filter(
    (chunk) => chunk.type === "chunk" && homeRoute.test(chunk.facadeModuleId ?? ""),
  )
  const files = new Set<string>()
  for (const chunk of chunks) {
    files.add(chunk.fileName)
    for (const imported of chunk.imports ?? []) files.add(imported)
  }
  return [...files]
}

/**
 * Puts the first banner's preloads and modulepreloads of Home's route chunks
 * into index.html at build time, so Home's picture and code start loading
 * with the entry script instead of after it (decision 0048).
 */
export const homeHints = (items: readonly CarouselItem[]): Plugin => ({
  name: "howzat-home-hints",
  transformIndexHtml: {
    order: "post",
    handler: (html, context) => {
      const base = context.server ? [] : heroPreloadTags(items)
      if (!context.bundle) return base
      const preloads = homeChunkFiles(
        context.bundle as Record<string, ChunkLike>,
        /\/src\/routes\/index\.tsx(?:\?|$)/,
      )
        .filter((file) => !html.includes(`/${file}"`))
        .map(
          (file): HtmlTagDescriptor => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head",
          }),
        )
      return [...base, ...preloads]
    },
  },
})
