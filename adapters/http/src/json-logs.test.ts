import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { installJsonConsole, jsonLoggerLayer } from "./json-logs"
import { acceptedRequestId, requestIdOf, withRequestIds } from "./request-id"

/** LOG_FORMAT=json and the request id (docs/decisions/0088). */
describe("JSON log lines", () => {
  it("write an Effect log as one object with its annotations, span ids and cause", async () => {
    const lines: string[] = []
    await Effect.runPromise(
      Effect.logWarning("refund not made yet", { orderId: "order-1" }).pipe(
        Effect.annotateLogs("requestId", "req-12345678"),
        Effect.withSpan("StaffOrders.refund"),
        Effect.provide(jsonLoggerLayer((line) => lines.push(line))),
      ),
    )
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0] ?? "")
    expect(line).toMatchObject({
      level: "warn",
      msg: "refund not made yet",
      requestId: "req-12345678",
      data: { orderId: "order-1" },
    })
    expect(line.traceId).toMatch(/^[0-9a-f]+$/)
    expect(Date.parse(line.time)).not.toBeNaN()
  })

  it("keep a message with a line break in one line", async () => {
    const lines: string[] = []
    await Effect.runPromise(
      Effect.logError("first\nsecond").pipe(
        Effect.provide(jsonLoggerLayer((line) => lines.push(line))),
      ),
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain("\n")
    expect(JSON.parse(lines[0] ?? "").msg).toBe("first\nsecond")
  })

  it("write the console's lines as JSON, a request's id among their fields", async () => {
    const lines: string[] = []
    const restore = installJsonConsole((line) => lines.push(line))
    try {
      const fetch = withRequestIds((request: Request) => {
        console.error("API defect: GET /api/x answered", 500, new Error("boom"), {
          requestId: requestIdOf(request),
        })
        return new Response("oops", { status: 500 })
      })
      const response = await fetch(
        new Request("http://shop/api/x", { headers: { "x-request-id": "lb-0123456789" } }),
      )
      expect(response.headers.get("x-request-id")).toBe("lb-0123456789")
      console.log("outside any request", [1, 2])
    } finally {
      restore()
    }
    const [inside, outside] = lines.map((l) => JSON.parse(l))
    expect(inside).toMatchObject({
      level: "error",
      msg: "API defect: GET /api/x answered 500",
      requestId: "lb-0123456789",
      error: { name: "Error", message: "boom" },
    })
    expect(outside).toMatchObject({ level: "info", msg: "outside any request [ 1, 2 ]" })
    expect(outside.requestId).toBeUndefined()
  })
})

describe("request ids", () => {
  it("keep a proxy's sane id and replace anything else with a UUID", () => {
    for (const sane of ["0f8fad5b-d9cb-469f-a165-70867728950e", "haproxy:7F3A.0001_x"])
      expect(acceptedRequestId(sane)).toBe(sane)
    for (const insane of [
      undefined,
      null,
      "",
      "short",
      "a".repeat(129),
      "x y 12345678",
      "bad\nline1",
      '"quoted"12',
    ])
      expect(acceptedRequestId(insane)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
  })

  it("stamp an answer whose headers cannot change, by copying it", async () => {
    const immutable = Response.redirect("http://shop/elsewhere", 302)
    const response = await withRequestIds(() => immutable)(new Request("http://shop/"))
    expect(response.status).toBe(302)
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })
})
