import { describe, expect, it } from "vitest"
import { declaredPaths, makeRouteTemplates, UNMATCHED_ROUTE } from "./route-templates"

describe("route templates", () => {
  const templateOf = makeRouteTemplates()

  it("names the declared path, never the ids in it", () => {
    expect(templateOf("/api/Competitions")).toBe("/api/Competitions")
    expect(templateOf("/api/Competitions/4b0c6f1e-6a0e-4f61-9d39-2f8f3f7b6a10")).toBe(
      "/api/Competitions/:competitionId",
    )
    expect(templateOf("/api/Competitions/x/tickets")).toBe(
      "/api/Competitions/:competitionId/tickets",
    )
  })

  it("prefers a declared word over a parameter", () => {
    expect(templateOf("/api/Draws/NextLiveDraw")).toBe("/api/Draws/NextLiveDraw")
  })

  it("gives every unknown path one label", () => {
    expect(templateOf("/api/Nothing/here")).toBe(UNMATCHED_ROUTE)
    expect(templateOf("/api/Competitions/")).toBe(UNMATCHED_ROUTE)
  })

  it("knows every endpoint of the contracts", () => {
    const paths = declaredPaths()
    expect(paths.length).toBeGreaterThan(50)
    for (const path of paths) expect(templateOf(path)).toBe(path)
  })

  it("backtracks when a word leads nowhere", () => {
    const of = makeRouteTemplates(["/a/b", "/a/:id/c"])
    expect(of("/a/b/c")).toBe("/a/:id/c")
    expect(of("/a/b")).toBe("/a/b")
  })
})
