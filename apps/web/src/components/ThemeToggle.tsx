import { useState } from "react"
import { otherTheme, THEME_STORAGE_KEY, type Theme } from "../lib/theme"
import { Icon } from "./Icon"

const currentTheme = (): Theme =>
  document.documentElement.classList.contains("dark") ? "dark" : "light"

const applyTheme = (theme: Theme) => {
  document.documentElement.classList.toggle("dark", theme === "dark")
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private browsing may refuse storage; the switch still works for this visit.
  }
}

/** The dark-mode switch: a toggle button, cross-faded through a view transition where supported. */
export const ThemeToggle = () => {
  const [theme, setTheme] = useState<Theme>(currentTheme)
  const dark = theme === "dark"

  const toggle = () => {
    const next = otherTheme(theme)
    const change = () => {
      applyTheme(next)
      setTheme(next)
    }
    const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches
    if (typeof document.startViewTransition === "function" && !reducedMotion) {
      document.startViewTransition(change)
    } else {
      change()
    }
  }

  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? "Switch to light mode" : "Switch to dark mode"}
      onClick={toggle}
    >
      <Icon name={dark ? "sun" : "moon"} />
    </button>
  )
}
