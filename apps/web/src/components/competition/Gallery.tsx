import { type KeyboardEvent, useId, useRef, useState } from "react"
import { wrapIndex } from "../../lib/carousel"
import type { ShownImage } from "../../lib/competition"
import { PICTURE_SIZES } from "../../lib/picture-sizes"
import { Picture } from "../Picture"

/**
 * The competition's pictures: a large one and thumbnails as tabs, so arrow
 * keys, Home and End move between them (WAI-ARIA tabs pattern).
 */
export const Gallery = ({ images }: { images: readonly ShownImage[] }) => {
  const [selected, setSelected] = useState(0)
  const thumbs = useRef<(HTMLButtonElement | null)[]>([])
  const id = useId()
  const current = images[Math.min(selected, images.length - 1)]

  const select = (index: number) => {
    const next = wrapIndex(index, images.length)
    setSelected(next)
    thumbs.current[next]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: images.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  const picture = (
    <Picture
      src={current?.url}
      sizes={PICTURE_SIZES.gallery}
      width={800}
      height={600}
      alt={current?.alt ?? ""}
      className="aspect-[4/3] w-full bg-sunken object-cover"
      fetchPriority="high"
    />
  )

  return (
    <div className="space-y-3">
      {images.length > 1 ? (
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${selected}`}
          className="card overflow-hidden"
        >
          {picture}
        </div>
      ) : (
        <div className="card overflow-hidden">{picture}</div>
      )}
      {images.length > 1 ? (
        <div role="tablist" aria-label="Pictures" className="flex gap-3 overflow-x-auto p-1">
          {images.map((image, i) => (
            <button
              key={image.url + String(i)}
              ref={(el) => {
                thumbs.current[i] = el
              }}
              id={`${id}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={i === selected}
              aria-controls={`${id}-panel`}
              aria-label={image.alt}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => setSelected(i)}
              onKeyDown={onKeyDown}
              className={`shrink-0 overflow-hidden rounded-xl border-2 transition-colors ${i === selected ? "border-accent" : "border-transparent opacity-70 hover:opacity-100"}`}
            >
              <Picture
                src={image.url}
                sizes={PICTURE_SIZES.galleryThumb}
                width={96}
                height={72}
                alt=""
                className="aspect-[4/3] w-24 bg-sunken object-cover"
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
