import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import {
  mountPaymentNotifications,
  type NotificationVerdict,
  PAYMENT_NOTIFICATION_PATH,
  paymentNotificationPathOf,
} from "./payment-notifications"

const appWith = (verdict: () => Promise<NotificationVerdict>) => {
  const seen: { rawBody: string; headers: Readonly<Record<string, string>> }[] = []
  const app = new Hono()
  mountPaymentNotifications(app, async (rawBody, headers) => {
    seen.push({ rawBody, headers })
    return verdict()
  })
  return { app, seen }
}

const post = (app: Hono, body: string, headers: Record<string, string> = {}) =>
  app.request(PAYMENT_NOTIFICATION_PATH, { method: "POST", body, headers })

describe("the status-notification route", () => {
  it("hands over the body byte for byte and the headers with lower-case names", async () => {
    const { app, seen } = appWith(async () => ({ kind: "Accepted" }))
    const body = '{ "id":"evt_1",  "b": [1,2] }\n'
    const response = await post(app, body, { "Howzat-Signature": "t=1,v1=ab" })
    expect(response.status).toBe(200)
    expect(seen[0]?.rawBody).toBe(body)
    expect(seen[0]?.headers["howzat-signature"]).toBe("t=1,v1=ab")
  })

  it("acknowledges a replay with 200, so the provider stops sending it", async () => {
    const { app } = appWith(async () => ({ kind: "Replayed" }))
    const response = await post(app, "{}")
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true, replayed: true, ignored: false })
  })

  it("acknowledges a genuine event the shop does not act on with 200, so it is not retried", async () => {
    const { app } = appWith(async () => ({ kind: "Ignored" }))
    const response = await post(app, '{"id":"evt_1","type":"charge.refunded"}')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true, replayed: false, ignored: true })
  })

  it("refuses a rejected signature with a 400 problem naming why", async () => {
    const { app } = appWith(async () => ({ kind: "Rejected", reason: "The signature is wrong." }))
    const response = await post(app, "{}")
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toContain("application/problem+json")
    expect((await response.json()).detail).toBe("The signature is wrong.")
  })

  it("answers 503 (deliver again) when recording fails, never a 500", async () => {
    const { app } = appWith(() => Promise.reject(new Error("database away")))
    const original = console.error
    console.error = () => {}
    try {
      expect((await post(app, "{}")).status).toBe(503)
    } finally {
      console.error = original
    }
  })

  it("refuses an oversized body before handling it", async () => {
    const { app, seen } = appWith(async () => ({ kind: "Accepted" }))
    expect((await post(app, "x".repeat(70_000))).status).toBe(400)
    expect(seen).toHaveLength(0)
  })

  it("hands each provider's own address the provider's name, the default address none", async () => {
    const providers: (string | undefined)[] = []
    const app = new Hono()
    mountPaymentNotifications(
      app,
      async (_rawBody, _headers, provider) => {
        providers.push(provider)
        return { kind: "Accepted" }
      },
      ["stripe", "truelayer"],
    )
    for (const path of [
      PAYMENT_NOTIFICATION_PATH,
      paymentNotificationPathOf("truelayer"),
      paymentNotificationPathOf("stripe"),
    ]) {
      expect((await app.request(path, { method: "POST", body: "{}" })).status).toBe(200)
    }
    expect(providers).toEqual([undefined, "truelayer", "stripe"])
    expect(
      (await app.request(paymentNotificationPathOf("nobody"), { method: "POST" })).status,
    ).toBe(404)
  })
})
