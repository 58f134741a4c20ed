import type { ResourceResponseJson } from "@howzat/contracts/catalogue"
import type { ClubDetailJson, ClubListJson, ClubResponseJson } from "@howzat/contracts/clubs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { addItem, checkout, competitionOnSale, newBasket, payForOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Clubs for staff through the real composition: made with their code,
 * credited by a paid order that used it, reversed by a refund, paid out,
 * kept once they earned, audited, and the storefront's club-perks list
 * answered from the same table.
 */
let shop: Shop
let staff: Browser
let anonymous: Browser

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
  anonymous = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

const create = async (name: string, voucherCode: string) =>
  (await json<ClubResponseJson>(await staff.post("/api/Clubs", { name, voucherCode }), 201)).club

const detail = async (id: string, query = "") =>
  json<ClubDetailJson>(await staff.get(`/api/Clubs/${id}${query}`))

const clubsList = async () =>
  JSON.parse(
    (await json<ResourceResponseJson>(await anonymous.get("/api/Resources/content-list-clubs")))
      .resource.value,
  ) as { id: string; name: string; voucherCode: string }[]

/** A customer buys 4 × £2.50 with the code and pays: £1 off, 90p to the club. */
const buyWithCode = async (code: string) => {
  const customer = await new Browser(shop.app).open()
  await register(customer)
  const basket = await newBasket(customer)
  await addItem(customer, basket.id, await competitionOnSale(shop), 4)
  await json(await customer.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: code }))
  const { order } = await checkout(customer, basket.id)
  expect((await payForOrder(customer, order.id)).status).toBe("Completed")
  return order.id
}

const auditOf = (clubId: string) =>
  shop.db
    .selectFrom("auditLog")
    .select(["action", "before", "after"])
    .where("subjectType", "=", "Club")
    .where("subjectId", "=", clubId)
    .orderBy("at")
    .execute()

describe("clubs for staff", () => {
  it("answer 401 to nobody and 403 to a customer", async () => {
    await problem(await new Browser(shop.app).get("/api/Clubs"), 401)
    const customer = await new Browser(shop.app).open()
    await register(customer)
    await problem(await customer.get("/api/Clubs"), 403)
    await problem(await customer.post("/api/Clubs", { name: "Mine", voucherCode: "MINE10" }), 403)
  })

  it("makes a club with a 10% code, lists and finds it, serves it to the storefront, audits it", async () => {
    const kent = await create("  Kent   CCC ", "kent10")
    expect(kent).toMatchObject({
      name: "Kent CCC",
      voucherCode: "KENT10",
      vouchers: [{ code: "KENT10", current: true, usageCount: 0 }],
      creditEarned: 0,
      balanceOwed: 0,
      orderCount: 0,
    })
    const voucher = await shop.db
      .selectFrom("promotions")
      .select(["percent", "clubId"])
      .where("code", "=", "KENT10")
      .executeTakeFirstOrThrow()
    expect(voucher).toEqual({ percent: 10, clubId: kent.id })
    const found = await json<ClubListJson>(await staff.get("/api/Clubs?Name=kent"))
    expect(found.clubs.map((c) => c.id)).toEqual([kent.id])
    expect(await clubsList()).toContainEqual({
      id: kent.id,
      name: "Kent CCC",
      voucherCode: "KENT10",
    })
    expect(await auditOf(kent.id)).toMatchObject([
      { action: "Club.Create", before: null, after: { name: "Kent CCC", voucherCode: "KENT10" } },
    ])
  })

  it("refuses a taken name or another club's code (409) and names bad fields (400)", async () => {
    await create("Essex CCC", "ESSEX10")
    const name = await problem(
      await staff.post("/api/Clubs", { name: "Essex CCC", voucherCode: "ESSEX20" }),
      409,
    )
    expect(name.detail).toBe('There is already a club named "Essex CCC".')
    await problem(
      await staff.post("/api/Clubs", { name: "essex ccc", voucherCode: "ESSEX30" }),
      409,
    )
    const code = await problem(
      await staff.post("/api/Clubs", { name: "Hampshire", voucherCode: "essex10" }),
      409,
    )
    expect(code.detail).toContain("ESSEX10 already earns credit for another club")
    const bad = await problem(await staff.post("/api/Clubs", { name: " ", voucherCode: "E!" }), 400)
    expect(bad.detail).toContain("name: Give the club a name")
    expect(bad.detail).toContain("voucherCode: Use 3 to 32 letters and digits")
    // Nothing half-made: no Hampshire, no ESSEX20.
    expect(
      (await json<ClubListJson>(await staff.get("/api/Clubs?Name=Hampshire"))).totalCount,
    ).toBe(0)
    const stray = await shop.db
      .selectFrom("promotions")
      .select("code")
      .where("code", "=", "ESSEX20")
      .execute()
    expect(stray).toEqual([])
  })

  it("credits the club from a paid order, reverses it on refund, and records a payout", async () => {
    const club = await create("Sussex CCC", "SUSSEX10")
    const kept = await buyWithCode("sussex10")
    const refunded = await buyWithCode("SUSSEX10")
    expect(await detail(club.id)).toMatchObject({
      club: { creditEarned: 180, creditReversed: 0, balanceOwed: 180, orderCount: 2 },
    })
    await json(await staff.post(`/api/Orders/${refunded}/refund`))
    const after = await detail(club.id)
    expect(after.club).toMatchObject({ creditEarned: 180, creditReversed: 90, balanceOwed: 90 })
    expect(after.ledger.map((e) => [e.kind, e.orderId, e.amount])).toEqual([
      ["Reversal", refunded, -90],
      ["Credit", refunded, 90],
      ["Credit", kept, 90],
    ])

    const over = await problem(
      await staff.post(`/api/Clubs/${club.id}/payouts`, { amount: 91, reference: "BACS 77" }),
      400,
    )
    expect(over.detail).toContain("The club is owed £0.90: a payout cannot be more than that.")
    const paid = await json<ClubResponseJson>(
      await staff.post(`/api/Clubs/${club.id}/payouts`, { amount: 90, reference: "BACS 77" }),
      201,
    )
    expect(paid.club).toMatchObject({ paidOut: 90, balanceOwed: 0 })
    const page = await detail(club.id, "?PageSize=1")
    expect(page).toMatchObject({ totalCount: 4, totalPages: 4 })
    expect(page.ledger).toMatchObject([{ kind: "Payout", amount: -90, reference: "BACS 77" }])
    expect((await auditOf(club.id)).at(-1)).toMatchObject({
      action: "Club.Payout",
      before: { balanceOwed: 90 },
      after: { balanceOwed: 0, payout: { amount: 90, reference: "BACS 77" } },
    })

    // It earned, so it stays with its ledger.
    const kept409 = await problem(await staff.request("DELETE", `/api/Clubs/${club.id}`), 409)
    expect(kept409.detail).toContain("has earned credit from paid orders")
  })

  it("adopts a voucher no club has, keeping its own terms", async () => {
    await json(
      await staff.post("/api/Promotions", {
        code: "GLAMORGAN15",
        discountKind: "Percentage",
        percent: 15,
      }),
      201,
    )
    const club = await create("Glamorgan", "glamorgan15")
    expect(club.vouchers).toMatchObject([{ code: "GLAMORGAN15", current: true }])
    const voucher = await shop.db
      .selectFrom("promotions")
      .select(["percent", "clubId"])
      .where("code", "=", "GLAMORGAN15")
      .executeTakeFirstOrThrow()
    expect(voucher).toEqual({ percent: 15, clubId: club.id })
  })

  it("renames and recodes a club: the old code ends, the storefront shows the new one", async () => {
    const club = await create("Derbyshire", "DERBY10")
    const changed = await json<ClubResponseJson>(
      await staff.put(`/api/Clubs/${club.id}`, { name: "Derbyshire CCC", voucherCode: "DERBY25" }),
    )
    expect(changed.club).toMatchObject({ name: "Derbyshire CCC", voucherCode: "DERBY25" })
    expect(changed.club.vouchers.find((v) => v.code === "DERBY10")).toMatchObject({
      current: false,
      validTo: expect.any(String),
    })
    const listed = await clubsList()
    expect(listed).toContainEqual(
      expect.objectContaining({ name: "Derbyshire CCC", voucherCode: "DERBY25" }),
    )
    expect(listed.map((c) => c.voucherCode)).not.toContain("DERBY10")
    await problem(
      await staff.put("/api/Clubs/00000000-0000-4000-8000-000000000000", {
        name: "X",
        voucherCode: "XXX10",
      }),
      404,
    )
  })

  it("deletes a club that never earned; it leaves the storefront's list", async () => {
    const club = await create("Durham", "DURHAM10")
    expect((await staff.request("DELETE", `/api/Clubs/${club.id}`)).status).toBe(204)
    await problem(await staff.get(`/api/Clubs/${club.id}`), 404)
    expect((await clubsList()).map((c) => c.name)).not.toContain("Durham")
    expect((await auditOf(club.id)).at(-1)).toMatchObject({ action: "Club.Delete", after: null })
  })

  it("no longer lets staff edit the club-perks list as text: it follows the clubs table", async () => {
    await problem(
      await staff.put("/api/Resources/content-list-clubs", {
        value: '[{"name":"Ghost CC","voucherCode":"GHOST10"}]',
      }),
      404,
    )
    expect((await clubsList()).map((c) => c.name)).not.toContain("Ghost CC")
  })

  it("is in the OpenAPI document", async () => {
    const document = await json<{ paths: Record<string, unknown> }>(
      await anonymous.get("/api/openapi.json"),
    )
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/Clubs", "/api/Clubs/{clubId}", "/api/Clubs/{clubId}/payouts"]),
    )
  })
})
