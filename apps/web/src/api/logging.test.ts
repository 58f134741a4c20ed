import { afterEach, describe, expect, it, vi } from "vitest"
import { loggingBody, sendLog } from "./logging"

describe("loggingBody", () => {
  it("keeps texts within the server's limits", () => {
    const body = loggingBody({
      event: "payment-failed",
      requestedUrl: `/x${"a".repeat(3000)}`,
      title: "t".repeat(600),
      detail: "d".repeat(5000),
    })
    expect(body.requestedUrl).toHaveLength(2000)
    expect(body.title).toHaveLength(500)
    expect(body.detail).toHaveLength(4000)
  })

  it("sends an orderId only when it is a uuid, and leaves out empty texts", () => {
    const id = "0b7c8d2e-5f4a-4b3c-9d2e-1f0a9b8c7d6e"
    expect(loggingBody({ event: "create-order", requestedUrl: "/", orderId: id })).toEqual({
      event: "create-order",
      requestedUrl: "/",
      orderId: id,
    })
    expect(
      loggingBody({ event: "create-order", requestedUrl: "/", orderId: "nope", title: "" }),
    ).toEqual({ event: "create-order", requestedUrl: "/" })
  })
})

describe("sendLog", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("posts with keepalive and puts its own failure in the console only", async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError("offline"))
    let logged = () => {}
    const failureLogged = new Promise<void>((resolve) => {
      logged = resolve
    })
    const error = vi.spyOn(console, "error").mockImplementation(() => logged())
    vi.stubGlobal("fetch", fetch)
    expect(() => sendLog({ event: "navigation", requestedUrl: "/FAQ" })).not.toThrow()
    await failureLogged
    expect(error).toHaveBeenCalled()
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe("/api/Logging")
    expect(init.method).toBe("POST")
    expect(init.keepalive).toBe(true)
    expect(JSON.parse(String(init.body))).toEqual({ event: "navigation", requestedUrl: "/FAQ" })
    error.mockRestore()
  })
})
