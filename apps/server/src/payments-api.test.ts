import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, problem } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"

/**
 * The card provider as composed: the sandbox (the default) serves its card
 * form's endpoint beside the shop, and signs with a secret generated once
 * and kept in the database for every server process.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const confirm = (body: unknown) =>
  new Browser(shop.app).request("POST", "/sandbox-gateway/confirm", { body, bearer: false })

describe("the sandbox card provider", () => {
  it("serves the card form's endpoint, outside /api and without the XSRF cookie", async () => {
    const unknown = await problem(
      await confirm({
        clientToken: "sbx_ct_never-issued",
        cardNumber: "4242 4242 4242 4242",
        cardholderName: "Ann Smith",
        expiry: "12/39",
        securityCode: "123",
      }),
      400,
    )
    expect(unknown.title).toBe("Unknown payment")
  })

  it("refuses card details it cannot read with a 400 problem", async () => {
    await problem(await confirm({ clientToken: 42 }), 400)
  })

  it("signs with a generated secret kept in the settings table when none is configured", async () => {
    const settings = await shop.db
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "=", "payment-notification-secret")
      .execute()
    expect(settings).toHaveLength(1)
    expect(settings[0]?.value.length).toBeGreaterThanOrEqual(32)
  })
})
