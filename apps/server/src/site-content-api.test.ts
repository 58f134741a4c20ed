import type { ResourceResponseJson } from "@howzat/contracts/catalogue"
import type {
  EditableResourceListJson,
  EditableResourceResponseJson,
} from "@howzat/contracts/site-content"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Staff editing the storefront's content through the real composition:
 * the value is sanitised, served to the storefront at once, and audited.
 */
let shop: Shop
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const put = (browser: Browser, key: string, value: string) =>
  browser.put(`/api/Resources/${key}`, { value })

describe("site content for staff", () => {
  it("lists what staff can edit, with what each is for; only to staff", async () => {
    const { resources } = await json<EditableResourceListJson>(await staff.get("/api/SiteContent"))
    expect(resources.map((r) => r.key)).toContain("content-article-how-it-works")
    expect(resources.find((r) => r.key === "config-site-styles")?.kind).toBe("Styles")
    await problem(await new Browser(shop.app).get("/api/SiteContent"), 401)
    const customer = await new Browser(shop.app).open()
    await register(customer)
    await problem(await customer.get("/api/SiteContent"), 403)
    await problem(await put(customer, "content-banner-hero-sub", "<p>Mine</p>"), 403)
  })

  it("saves sanitised HTML, serves it to the storefront and audits the change", async () => {
    const saved = await json<EditableResourceResponseJson>(
      await put(
        staff,
        "content-banner-hero-sub",
        '<p>Win <strong>big</strong><img src=x onerror="alert(1)"></p>',
      ),
    )
    expect(saved.resource.value).toBe("<p>Win <strong>big</strong></p>")
    const served = await json<ResourceResponseJson>(
      await new Browser(shop.app).get("/api/Resources/content-banner-hero-sub"),
    )
    expect(served.resource.value).toBe("<p>Win <strong>big</strong></p>")
    const entries = await shop.db
      .selectFrom("auditLog")
      .selectAll()
      .where("subjectId", "=", "content-banner-hero-sub")
      .execute()
    expect(entries).toMatchObject([
      { action: "Resource.Update", actorRole: "Staff", after: "<p>Win <strong>big</strong></p>" },
    ])
  })

  it("refuses an unknown key (404) and a bad value (400, named), storing nothing", async () => {
    await problem(await put(staff, "jwt-secret", "x"), 404)
    const bad = await problem(await put(staff, "config-site-styles", "</style><script>"), 400)
    expect(bad.detail).toContain("Styles may not contain '<'.")
    // The club-perks list follows the clubs table (/api/Clubs), so it is not edited here.
    await problem(await put(staff, "content-list-clubs", "[]"), 404)
  })

  it("edits a static page of the footer, sanitised, and serves it at its key", async () => {
    const { resources } = await json<EditableResourceListJson>(await staff.get("/api/SiteContent"))
    expect(resources.filter((r) => r.key.startsWith("content-page-")).map((r) => r.key)).toEqual([
      "content-page-terms-of-use",
      "content-page-terms-and-conditions",
      "content-page-privacy-policy",
      "content-page-cookie-policy",
      "content-page-responsible-play",
      "content-page-charity-support",
    ])
    await json(
      await put(
        staff,
        "content-page-privacy-policy",
        '<h2>Privacy policy</h2><p onclick="steal()">We keep little.</p>',
      ),
    )
    const served = await json<ResourceResponseJson>(
      await new Browser(shop.app).get("/api/Resources/content-page-privacy-policy"),
    )
    expect(served.resource.value).toBe("<h2>Privacy policy</h2><p>We keep little.</p>")
  })
})
