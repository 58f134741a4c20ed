import { brand } from "../brand"

const REPEATS = 6

/**
 * The scrolling banner (docs/product/overview.md: "Live draws every Thursday at 8:30pm!",
 * one loop every 60 s). Two identical halves slide left by half their width,
 * so the loop has no seam. With reduced motion it stands still.
 */
export const Ticker = () => {
  if (!brand.banner.active) return null
  const half = (hidden: boolean) => (
    <div className="flex shrink-0" aria-hidden={hidden || undefined}>
      {Array.from({ length: REPEATS }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: identical repeats of one text.
          key={i}
          className="flex items-center gap-6 px-6"
          aria-hidden={i > 0 || undefined}
        >
          <Ball />
          <span>{brand.banner.text}</span>
        </span>
      ))}
    </div>
  )
  return (
    <section
      aria-label="News"
      className="overflow-hidden border-b border-primary-900/40 bg-primary-800 py-2 text-sm font-bold tracking-wide text-white uppercase dark:bg-primary-900"
    >
      <div className="flex w-max motion-safe:animate-ticker motion-safe:hover:[animation-play-state:paused]">
        {half(false)}
        {half(true)}
      </div>
    </section>
  )
}

const Ball = () => (
  <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
    <circle cx="8" cy="8" r="7" fill="#c0262d" />
    <path
      d="M5 2.5c1.6 3.3 1.6 7.7 0 11M11 2.5c-1.6 3.3-1.6 7.7 0 11"
      stroke="#fde2e2"
      strokeWidth="0.9"
      fill="none"
      strokeDasharray="1.2 1"
    />
  </svg>
)
