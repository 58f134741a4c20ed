import { describe, expect, it } from "vitest"
import { needsXsrfToken, readCookie, XSRF_HEADER, xsrfHeaders } from "./xsrf"

describe("readCookie", () => {
  it("finds one cookie among several, trimmed and decoded", () => {
    const cookies = "theme=dark; XSRF-TOKEN=abc%2Bdef ; other=1"
    expect(readCookie(cookies, "XSRF-TOKEN")).toBe("abc+def")
    expect(readCookie(cookies, "theme")).toBe("dark")
  })

  it("does not mistake a cookie whose name only ends the same", () => {
    expect(readCookie("MY-XSRF-TOKEN=nope", "XSRF-TOKEN")).toBeUndefined()
    expect(readCookie("", "XSRF-TOKEN")).toBeUndefined()
  })

  it("keeps a value it cannot decode as it is", () => {
    expect(readCookie("XSRF-TOKEN=%E0%A4%A", "XSRF-TOKEN")).toBe("%E0%A4%A")
  })
})

describe("needsXsrfToken", () => {
  it("is needed for every method that changes something", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "post"]) {
      expect(needsXsrfToken(method, "/api/auth/authenticate")).toBe(true)
    }
  })

  it("is not needed for reads", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(needsXsrfToken(method, "/api/Customers/1")).toBe(false)
    }
  })

  it("is never sent to another host", () => {
    expect(needsXsrfToken("POST", "https://evil.example/api/x")).toBe(false)
    expect(needsXsrfToken("POST", "//evil.example/api/x")).toBe(false)
    expect(needsXsrfToken("POST", "HTTP://evil.example/api/x")).toBe(false)
  })
})

describe("xsrfHeaders", () => {
  const cookies = "XSRF-TOKEN=t0k3n"

  it("echoes the cookie in X-XSRF-TOKEN on a relative non-GET", () => {
    expect(xsrfHeaders("POST", "/api/Customers", cookies)).toEqual({ [XSRF_HEADER]: "t0k3n" })
    expect(XSRF_HEADER).toBe("X-XSRF-TOKEN")
  })

  it("adds nothing to a GET, to another host, or when there is no cookie yet", () => {
    expect(xsrfHeaders("GET", "/api/Customers", cookies)).toEqual({})
    expect(xsrfHeaders("POST", "https://other.example/api", cookies)).toEqual({})
    expect(xsrfHeaders("POST", "/api/Customers", "theme=dark")).toEqual({})
  })
})
