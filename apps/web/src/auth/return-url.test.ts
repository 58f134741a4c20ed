import { describe, expect, it } from "vitest"
import { returnUrlSearch, safeReturnPath } from "./return-url"

describe("safeReturnPath", () => {
  it("follows a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/Account/PersonalDetails", "/")).toBe("/Account/PersonalDetails")
    expect(safeReturnPath("/Competitions?page=2#top", "/")).toBe("/Competitions?page=2#top")
    expect(safeReturnPath("/", "/Account")).toBe("/")
  })

  it("never leaves the site", () => {
    for (const evil of [
      "https://evil.example/",
      "http://evil.example",
      "//evil.example/path",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "Account",
    ]) {
      expect(safeReturnPath(evil, "/fallback")).toBe("/fallback")
    }
  })

  it("does not send a fresh login back to the login or logout page", () => {
    expect(safeReturnPath("/Auth/Logout", "/")).toBe("/")
    expect(safeReturnPath("/auth/login?returnUrl=/x", "/")).toBe("/")
    expect(safeReturnPath("/Auth/LoginHelp", "/")).toBe("/Auth/LoginHelp")
  })

  it("falls back when there is nothing usable", () => {
    expect(safeReturnPath(undefined, "/")).toBe("/")
    expect(safeReturnPath(42, "/")).toBe("/")
    expect(safeReturnPath("", "/Account")).toBe("/Account")
  })

  it("normalises dot segments so they cannot climb out", () => {
    expect(safeReturnPath("/a/../../Account", "/")).toBe("/Account")
  })
})

describe("returnUrlSearch", () => {
  it("keeps a safe returnUrl and drops anything else", () => {
    expect(returnUrlSearch({ returnUrl: "/Account/Tickets" })).toEqual({
      returnUrl: "/Account/Tickets",
    })
    expect(returnUrlSearch({ returnUrl: "https://evil.example" })).toEqual({})
    expect(returnUrlSearch({})).toEqual({})
  })
})
