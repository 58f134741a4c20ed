import { pictureSources } from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { useEffect, useId, useState, useSyncExternalStore } from "react"
import type { CarouselItem } from "../brand"
import { CAROUSEL_INTERVAL_MS, nextIndex, previousIndex, shouldAutoAdvance } from "../lib/carousel"
import { PICTURE_SIZES } from "../lib/picture-sizes"
import { Icon } from "./Icon"

const reducedMotionQuery = "(prefers-reduced-motion: reduce)"
const subscribeReducedMotion = (onChange: () => void) => {
  const query = matchMedia(reducedMotionQuery)
  query.addEventListener("change", onChange)
  return () => query.removeEventListener("change", onChange)
}
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => matchMedia(reducedMotionQuery).matches,
    // Rendered outside a browser (a component test): no motion to reduce.
    () => false,
  )

/**
 * The Home hero (docs/product/overview.md): banners with a desktop and a mobile picture, each
 * a link, moving on every 5000 ms. It can be paused (WCAG 2.2.2), stops while
 * pointed at or focused, and never moves by itself for reduced motion.
 */
export const Carousel = ({ items }: { items: readonly CarouselItem[] }) => {
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = useReducedMotion()
  const id = useId()
  const count = items.length
  const moving = shouldAutoAdvance({ count, paused, hovered, focused, reducedMotion })

  useEffect(() => {
    if (!moving) return
    const timer = setInterval(() => setIndex((i) => nextIndex(i, count)), CAROUSEL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [moving, count])

  if (count === 0) return null
  const arrow =
    "absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur transition-colors hover:bg-black/65 sm:inline-flex"

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-(--radius-card) bg-primary-900 shadow-(--shadow-card)"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <div
        id={`${id}-slides`}
        aria-live={moving ? "off" : "polite"}
        className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern asks for a group with a role description.
          <div
            key={item.link + item.desktopImageUrl}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="w-full shrink-0"
          >
            <Link to={item.link} className="block">
              {/* Sized as the CSS shows them (16:5, square on phones): room kept before they load. */}
              <picture>
                {/* An uploaded photograph in AVIF/WebP at the banner's width (decision 0049). */}
                {pictureSources(item.desktopImageUrl).map((source) => (
                  <source
                    key={`desktop ${source.type}`}
                    media="(min-width: 768px)"
                    type={source.type}
                    srcSet={source.srcSet}
                    sizes={PICTURE_SIZES.banner}
                    width={1600}
                    height={500}
                  />
                ))}
                <source
                  media="(min-width: 768px)"
                  srcSet={item.desktopImageUrl}
                  width={1600}
                  height={500}
                />
                {pictureSources(item.mobileImageUrl).map((source) => (
                  <source
                    key={`mobile ${source.type}`}
                    type={source.type}
                    srcSet={source.srcSet}
                    sizes={PICTURE_SIZES.banner}
                    width={800}
                    height={800}
                  />
                ))}
                <img
                  src={item.mobileImageUrl}
                  alt={item.alt}
                  width={800}
                  height={800}
                  className="aspect-square w-full object-cover md:aspect-[16/5]"
                  // The first is Home's largest paint (preloaded from index.html, hero-preload.ts).
                  fetchPriority={i === 0 ? "high" : "low"}
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding={i === 0 ? "sync" : "async"}
                />
              </picture>
            </Link>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${arrow} left-3`}
            aria-controls={`${id}-slides`}
            aria-label="Previous slide"
            onClick={() => setIndex((i) => previousIndex(i, count))}
          >
            <Icon name="chevronLeft" className="size-6" />
          </button>
          <button
            type="button"
            className={`${arrow} right-3`}
            aria-controls={`${id}-slides`}
            aria-label="Next slide"
            onClick={() => setIndex((i) => nextIndex(i, count))}
          >
            <Icon name="chevronRight" className="size-6" />
          </button>
          <div className="z-10 flex items-center justify-center gap-2 py-2.5 md:absolute md:inset-x-0 md:bottom-3 md:py-0">
            <button
              type="button"
              className="inline-flex size-9 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
              aria-label={paused ? "Play slides" : "Pause slides"}
              onClick={() => setPaused((p) => !p)}
            >
              <Icon name={paused ? "play" : "pause"} className="size-4" />
            </button>
            <div className="flex items-center gap-1 rounded-full bg-black/45 px-2 py-1 backdrop-blur">
              {items.map((item, i) => (
                <button
                  key={item.link + item.desktopImageUrl}
                  type="button"
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === index ? "true" : undefined}
                  aria-controls={`${id}-slides`}
                  onClick={() => setIndex(i)}
                  className="inline-flex size-7 items-center justify-center"
                >
                  <span
                    className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-white" : "w-2.5 bg-white/55"}`}
                  />
                </button>
              ))}
            </div>
          </div>
        </>
      ) : null}
    </section>
  )
}
