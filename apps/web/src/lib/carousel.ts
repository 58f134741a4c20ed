/** docs/product/constants.md: the hero carousel moves on every five seconds. */
export const CAROUSEL_INTERVAL_MS = 5000

/** Index arithmetic for a carousel that wraps around at both ends. */
export const wrapIndex = (index: number, count: number): number => {
  if (count <= 0) return 0
  return ((Math.trunc(index) % count) + count) % count
}

export const nextIndex = (index: number, count: number): number => wrapIndex(index + 1, count)
export const previousIndex = (index: number, count: number): number => wrapIndex(index - 1, count)

/**
 * The carousel moves by itself only with more than one slide, when nobody
 * paused it, is pointing at it or has focus in it, and the visitor has not
 * asked for reduced motion.
 */
export const shouldAutoAdvance = (state: {
  readonly count: number
  readonly paused: boolean
  readonly hovered: boolean
  readonly focused: boolean
  readonly reducedMotion: boolean
}): boolean =>
  state.count > 1 && !state.paused && !state.hovered && !state.focused && !state.reducedMotion
