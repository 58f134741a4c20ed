import { pictureSources } from "@howzat/core/rules"
import type { ComponentProps } from "react"

/**
 * An image in modern formats at the width it is shown (decision 0049,
 * decision 0049): for a photograph uploaded to the shop, AVIF then WebP
 * sources at every width of the ladder, the original as the fallback.
 * Anything else (the demo SVGs, another site's picture) is the plain
 * `<img>` it always was.
 */
export const Picture = ({
  src,
  sizes,
  ...img
}: Omit<ComponentProps<"img">, "src" | "sizes" | "srcSet"> & {
  src: string | undefined
  sizes: string
}) => {
  const sources = pictureSources(src)
  // biome-ignore lint/a11y/useAltText: alt is the caller's, passed on in img.
  const fallback = <img src={src} {...img} />
  if (sources.length === 0) return fallback
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {fallback}
    </picture>
  )
}
