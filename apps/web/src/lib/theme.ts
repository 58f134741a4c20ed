/** Light or dark: the `dark` class on <html> (SPEC §2). index.html applies it before first paint. */
export type Theme = "light" | "dark"

/** Same key as the inline script in index.html. */
export const THEME_STORAGE_KEY = "howzat-theme"

/** A remembered choice wins; otherwise the operating system's preference. */
export const initialTheme = (saved: string | null, prefersDark: boolean): Theme => {
  if (saved === "light" || saved === "dark") return saved
  return prefersDark ? "dark" : "light"
}

export const otherTheme = (theme: Theme): Theme => (theme === "dark" ? "light" : "dark")
