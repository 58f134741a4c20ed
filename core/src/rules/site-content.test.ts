import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  checkResourceValue,
  EDITABLE_RESOURCES,
  editableResource,
  MAX_RESOURCE_CHARACTERS,
} from "./site-content.js"

const resource = (key: string) => {
  const found = editableResource(key)
  if (found === undefined) throw new Error(key)
  return found
}

describe("checking a site content value", () => {
  it("refuses styles that could break out of their <style> element or load CSS from elsewhere", () => {
    const styles = resource("config-site-styles")
    expect(checkResourceValue(styles, ":root { --brand-accent: #0f766e; }")._tag).toBe("Valid")
    expect(checkResourceValue(styles, "</style><script>alert(1)</script>")._tag).toBe("Invalid")
    expect(checkResourceValue(styles, "@IMPORT url(https://x.example/a.css);")._tag).toBe("Invalid")
  })

  it("leaves the club-perks list out: it follows the clubs table, not an edited copy", () => {
    expect(editableResource("content-list-clubs")).toBeUndefined()
    expect(EDITABLE_RESOURCES.map((r) => r.key)).not.toContain("content-list-clubs")
  })

  it("has one HTML key for each static page of the footer", () => {
    for (const page of [
      "terms-of-use",
      "terms-and-conditions",
      "privacy-policy",
      "cookie-policy",
      "responsible-play",
      "charity-support",
    ])
      expect(editableResource(`content-page-${page}`)?.kind, page).toBe("Html")
    const keys = EDITABLE_RESOURCES.map((r) => r.key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it("refuses anything longer than the limit, whatever the key", () => {
    const long = "a".repeat(MAX_RESOURCE_CHARACTERS + 1)
    for (const key of [
      "content-banner-hero-sub",
      "config-site-styles",
      "content-page-privacy-policy",
    ])
      expect(checkResourceValue(resource(key), long)._tag).toBe("Invalid")
  })

  it("never lets '<' into stored styles", () => {
    fc.assert(
      fc.property(fc.string(), (css) => {
        const checked = checkResourceValue(resource("config-site-styles"), css)
        if (checked._tag === "Valid") expect(checked.value.includes("<")).toBe(false)
      }),
    )
  })

  it("knows only the storefront's keys", () => {
    expect(editableResource("content-article-how-it-works")?.kind).toBe("Html")
    expect(editableResource("secret-setting")).toBeUndefined()
  })
})
