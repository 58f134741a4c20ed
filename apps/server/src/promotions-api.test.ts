import type { PromotionListJson, PromotionResponseJson } from "@howzat/contracts/promotions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/** Vouchers for staff through the real composition: made, judged, changed, ended, audited. */
let shop: Shop
let staff: Browser
let vouchers = 0

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const voucher = (overrides: Record<string, unknown> = {}) => ({
  code: `spring${++vouchers}`,
  description: "Spring sale",
  discountKind: "Percentage",
  percent: 15,
  validFrom: "2026-03-01T00:00:00Z",
  validTo: "2026-06-01T00:00:00Z",
  usageLimit: 50,
  perCustomerLimit: 2,
  ...overrides,
})

const create = async (body: Record<string, unknown>) =>
  (await json<PromotionResponseJson>(await staff.post("/api/Promotions", body), 201)).promotion

describe("vouchers for staff", () => {
  it("answer 401 to nobody and 403 to a customer", async () => {
    await problem(await new Browser(shop.app).get("/api/Promotions"), 401)
    const customer = await new Browser(shop.app).open()
    await register(customer)
    await problem(await customer.get("/api/Promotions"), 403)
    await problem(await customer.post("/api/Promotions", voucher()), 403)
  })

  it("makes a voucher for one competition, code in capitals, and audits it", async () => {
    const competitionId = await competitionOnSale(shop)
    const made = await create(voucher({ code: "bats20", competitionId, percent: 20 }))
    expect(made).toMatchObject({
      code: "BATS20",
      discountKind: "Percentage",
      percent: 20,
      amount: null,
      competitionId,
      usageCount: 0,
    })
    const { promotions } = await json<PromotionListJson>(
      await staff.get("/api/Promotions?Code=bats"),
    )
    expect(promotions.map((p) => p.id)).toEqual([made.id])
    const audit = await shop.db
      .selectFrom("auditLog")
      .select(["action", "before", "after"])
      .where("subjectId", "=", made.id)
      .execute()
    expect(audit).toMatchObject([
      { action: "Promotion.Create", before: null, after: { code: "BATS20" } },
    ])
  })

  it("names each bad field, refuses a code in use and an unknown competition", async () => {
    const bad = await problem(
      await staff.post("/api/Promotions", voucher({ code: "x", percent: 101, usageLimit: 0 })),
      400,
    )
    expect(bad.detail).toContain("code: Use 3 to 32 letters and digits")
    expect(bad.detail).toContain("percent: Give a whole percentage from 1 to 100.")
    expect(bad.detail).toContain("usageLimit:")
    const taken = await create(voucher())
    const again = await problem(
      await staff.post("/api/Promotions", voucher({ code: taken.code })),
      400,
    )
    expect(again.detail).toContain("Another voucher already has this code.")
    const nowhere = await problem(
      await staff.post(
        "/api/Promotions",
        voucher({ competitionId: "00000000-0000-4000-8000-000000000000" }),
      ),
      400,
    )
    expect(nowhere.detail).toContain("There is no competition with this id.")
  })

  it("changes a voucher; once used, keeps its code and a limit no lower than its uses", async () => {
    const made = await create(voucher())
    const changed = await json<PromotionResponseJson>(
      await staff.put(
        `/api/Promotions/${made.id}`,
        voucher({ code: made.code, discountKind: "Fixed", percent: null, amount: 500 }),
      ),
    )
    expect(changed.promotion).toMatchObject({ discountKind: "Fixed", amount: 500, percent: null })
    await shop.db
      .updateTable("promotions")
      .set({ usageCount: 3 })
      .where("id", "=", made.id)
      .execute()
    const refused = await problem(
      await staff.put(`/api/Promotions/${made.id}`, voucher({ code: "renamed1", usageLimit: 2 })),
      400,
    )
    expect(refused.detail).toContain("its code cannot change")
    expect(refused.detail).toContain("used 3 times already")
  })

  it("deletes an unused voucher, and refuses a used one (end it instead)", async () => {
    const unused = await create(voucher())
    expect((await staff.request("DELETE", `/api/Promotions/${unused.id}`)).status).toBe(204)
    await problem(await staff.get(`/api/Promotions/${unused.id}`), 404)
    const used = await create(voucher())
    await shop.db
      .updateTable("promotions")
      .set({ usageCount: 1 })
      .where("id", "=", used.id)
      .execute()
    const kept = await problem(await staff.request("DELETE", `/api/Promotions/${used.id}`), 409)
    expect(kept.detail).toContain("end it by setting its end date instead")
  })
})
