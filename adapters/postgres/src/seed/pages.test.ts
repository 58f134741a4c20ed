import { EDITABLE_RESOURCES, STATIC_PAGE_PREFIX } from "@howzat/core/rules/site-content"
import { describe, expect, it } from "vitest"
import { sanitiseRichText } from "../rich-text"
import { STATIC_PAGES } from "./pages"

describe("the demo brand's static pages", () => {
  it("fill every static page key staff can edit, and nothing else", () => {
    const pageKeys = EDITABLE_RESOURCES.filter((r) => r.key.startsWith(STATIC_PAGE_PREFIX)).map(
      (r) => r.key,
    )
    expect(Object.keys(STATIC_PAGES).sort()).toEqual([...pageKeys].sort())
  })

  it("are stored exactly as a save would store them (the sanitiser changes nothing)", () => {
    for (const [key, html] of Object.entries(STATIC_PAGES))
      expect(sanitiseRichText(html), key).toBe(html)
  })

  it("give the free entry route and the gambling-support links the footer shows", () => {
    expect(STATIC_PAGES["content-page-terms-and-conditions"]).toContain("Free entry route")
    expect(STATIC_PAGES["content-page-responsible-play"]).toContain("https://www.gamcare.org.uk")
    expect(STATIC_PAGES["content-page-responsible-play"]).toContain("https://www.begambleaware.org")
    expect(STATIC_PAGES["content-page-cookie-policy"]).toContain("howzat_refresh")
    expect(STATIC_PAGES["content-page-cookie-policy"]).toContain("XSRF-TOKEN")
  })

  it("list the cookies in tables by name, kind, purpose, category and how long (decision 0040)", () => {
    const policy = STATIC_PAGES["content-page-cookie-policy"] ?? ""
    expect(policy.match(/<table>/g)).toHaveLength(3)
    for (const column of ["Name", "Kind", "What it is for", "Category", "How long"])
      expect(policy).toContain(`<th scope="col">${column}</th>`)
    for (const name of ["howzat-cookie-consent", "_clck", "_clsk", "_fbp", "_fbc"])
      expect(policy).toContain(`<td>${name}</td>`)
  })
})
