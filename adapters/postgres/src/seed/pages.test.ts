import { EDITABLE_RESOURCES, STATIC_PAGE_PREFIX } from "@howzat/core/rules"
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

  it("give the competition rules a UK entrant needs: free entry, the draw, cash alternatives, complaints", () => {
    const rules = STATIC_PAGES["content-page-terms-and-conditions"] ?? ""
    for (const heading of [
      "Free entry route",
      "How winners are chosen",
      "Prizes and cash alternatives",
      "Complaints",
    ])
      expect(rules).toContain(heading)
    // How to complain, how long we take, and where it goes next.
    expect(rules).toContain("within 2 working days")
    expect(rules).toContain("within 14 days")
    expect(rules).toContain("within 8 weeks")
    expect(rules).toContain("Escalate it.")
  })

  it("say in the privacy policy what is kept, on what basis, for how long, the rights and the ICO", () => {
    const privacy = STATIC_PAGES["content-page-privacy-policy"] ?? ""
    for (const text of [
      "What we keep, and why",
      "a legal obligation",
      "How long we keep it",
      "6 years",
      "Your rights",
      "portability",
      "https://ico.org.uk/make-a-complaint/",
    ])
      expect(privacy).toContain(text)
  })

  it("publish the voluntary code in plain English, pointing at the account tools that carry it", () => {
    const play = STATIC_PAGES["content-page-responsible-play"] ?? ""
    for (const heading of [
      "Your monthly spend limit",
      "Credit cards",
      "Taking a break or closing your account",
      "Complaints",
    ])
      expect(play).toContain(`<h2>${heading}</h2>`)
    for (const route of ["/Account/SpendLimit", "/Account/TakeABreak", "/Home/Complaints"])
      expect(play).toContain(`href="${route}"`)
    expect(play).toContain("after 24 hours")
    expect(play).toContain("£250 a calendar month")
    expect(play).not.toContain("does not yet have")
  })

  it("leave the page's title to the page: content starts below the heading", () => {
    for (const key of [
      "content-page-terms-of-use",
      "content-page-terms-and-conditions",
      "content-page-privacy-policy",
      "content-page-cookie-policy",
      "content-page-responsible-play",
      "content-page-charity-support",
    ])
      expect(STATIC_PAGES[key], key).toMatch(/^<p>/)
  })

  it("hold no placeholder text", () => {
    for (const [key, html] of Object.entries(STATIC_PAGES))
      expect(html, key).not.toMatch(/lorem|ipsum|TODO|TBC|\[[A-Z ]+\]/i)
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
