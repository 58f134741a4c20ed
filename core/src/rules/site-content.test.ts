import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { checkResourceValue, editableResource, MAX_RESOURCE_CHARACTERS } from "./site-content"

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

  it("stores the clubs list normalised, and refuses a bad or repeated code", () => {
    const clubs = resource("content-list-clubs")
    expect(checkResourceValue(clubs, '[{"name":" Kent CCC ","voucherCode":"kent10"}]')).toEqual({
      _tag: "Valid",
      value: '[{"name":"Kent CCC","voucherCode":"KENT10"}]',
    })
    for (const bad of [
      "not json",
      '{"name":"x"}',
      '[{"name":"","voucherCode":"KENT10"}]',
      '[{"name":"Kent","voucherCode":"K!"}]',
      '[{"name":"A","voucherCode":"SAME1"},{"name":"B","voucherCode":"same1"}]',
    ])
      expect(checkResourceValue(clubs, bad)._tag, bad).toBe("Invalid")
  })

  it("refuses anything longer than the limit, whatever the key", () => {
    const long = "a".repeat(MAX_RESOURCE_CHARACTERS + 1)
    for (const key of ["content-banner-hero-sub", "config-site-styles", "content-list-clubs"])
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
