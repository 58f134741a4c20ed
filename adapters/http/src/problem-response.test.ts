import { describe, expect, it } from "vitest"
import { asProblemResponse, withoutEcho } from "./problem-response"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

describe("asProblemResponse", () => {
  it("leaves successes alone", async () => {
    const ok = json(200, { competitions: [] })
    expect(await asProblemResponse(ok)).toBe(ok)
  })

  it("turns HttpApi decode errors into a validation problem listing each field", async () => {
    const response = await asProblemResponse(
      json(400, {
        _tag: "HttpApiDecodeError",
        message: "bad",
        issues: [
          { _tag: "Type", path: ["PageSize"], message: "Expected a number <= 100" },
          { _tag: "Type", path: ["PageSize"], message: "Expected an integer" },
          { _tag: "Type", path: ["PageSize"], message: 'Expected undefined, actual "x"' },
          { _tag: "Type", path: ["TimePeriod"], message: 'Expected "Current"' },
        ],
      }),
    )
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toBe("application/problem+json")
    const problem = await response.json()
    expect(problem.title).toContain("validation error")
    expect(problem.errors).toEqual({
      PageSize: ["Expected a number <= 100", "Expected an integer"],
      TimePeriod: ['Expected "Current"'],
    })
    expect(problem.detail).toContain(" -- PageSize: Expected an integer Severity: Error")
  })

  it("gives an unknown path a not-found problem", async () => {
    const response = await asProblemResponse(new Response(null, { status: 404 }))
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ title: "Not Found", status: 404 })
  })

  it("never leaks a failure's body: a 500 becomes a plain problem", async () => {
    const response = await asProblemResponse(json(500, { stack: "at secret.ts:1" }))
    const problem = await response.json()
    expect(problem).toMatchObject({ status: 500, title: "Internal Server Error" })
    expect(JSON.stringify(problem)).not.toContain("secret")
  })

  it("passes problems through untouched", async () => {
    const problem = new Response('{"status":404}', {
      status: 404,
      headers: { "content-type": "application/problem+json" },
    })
    expect(await asProblemResponse(problem)).toBe(problem)
  })
})

describe("withoutEcho", () => {
  it("keeps what was expected and never what the caller sent", () => {
    expect(withoutEcho(`Expected a string, actual ${"x".repeat(5_000)}`)).toBe("Expected a string")
    expect(withoutEcho('Expected "Live" | "Automatic", actual "<script>"')).toBe(
      'Expected "Live" | "Automatic"',
    )
    expect(withoutEcho("must be at most 255 characters")).toBe("must be at most 255 characters")
    expect(withoutEcho("y".repeat(1_000))).toHaveLength(200)
  })

  it("drops a nullable field's 'Expected null' alongside its real failure", async () => {
    const response = await asProblemResponse(
      json(400, {
        _tag: "HttpApiDecodeError",
        message: "bad",
        issues: [
          {
            path: ["billingAddress"],
            message: `Expected null, actual {"line2":"${"x".repeat(80)}"}`,
          },
          { path: ["billingAddress", "line2"], message: "must be at most 1000 characters" },
        ],
      }),
    )
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toEqual({ "billingAddress.line2": ["must be at most 1000 characters"] })
  })
})
