import { describe, expect, it } from "vitest"
import { initialTheme, otherTheme } from "./theme"

describe("initialTheme", () => {
  it("remembers the visitor's own choice over the system's", () => {
    expect(initialTheme("light", true)).toBe("light")
    expect(initialTheme("dark", false)).toBe("dark")
  })

  it("follows prefers-color-scheme the first time", () => {
    expect(initialTheme(null, true)).toBe("dark")
    expect(initialTheme(null, false)).toBe("light")
    expect(initialTheme("sepia", true)).toBe("dark")
  })

  it("toggles", () => {
    expect(otherTheme("dark")).toBe("light")
    expect(otherTheme("light")).toBe("dark")
  })
})
