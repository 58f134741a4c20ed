import { useSyncExternalStore } from "react"

/** Whether a media query matches now, followed as the window changes (a tablet turned round). */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query)
      list.addEventListener("change", changed)
      return () => list.removeEventListener("change", changed)
    },
    () => window.matchMedia(query).matches,
    () => true,
  )

/**
 * Tailwind's xl: from here a list has room for a column per fact. Below
 * it (a tablet, landscape or portrait, beside the menu) wide lists stack
 * related facts into fewer columns rather than scroll sideways.
 */
export const WIDE_SCREEN = "(min-width: 80rem)"
