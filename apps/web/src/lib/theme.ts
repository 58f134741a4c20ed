/** Light or dark: the `dark` class on <html> (docs/product/screens.md). public/theme.js applies it before first paint. */
export type Theme = "light" | "dark"

/** Same key as public/theme.js, which index.html runs before the first paint. */
export const THEME_STORAGE_KEY = "howzat-theme"

/** A remembered choice wins; otherwise the operating system's preference. */
export const initialTheme = (saved: string | null, prefersDark: boolean): Theme => {
  if (saved === "light" || saved === "dark") return saved
  return prefersDark ? "dark" : "light"
}

export const otherTheme = (theme: Theme): Theme => (theme === "dark" ? "light" : "dark")
