import { HttpApi } from "@effect/platform"
import { Option, SchemaAST } from "effect"
import { describe, expect, it } from "vitest"
import { HowzatApi } from "./api.js"

/**
 * Decision 0097's casing for new API paths, held on every endpoint of the
 * contracts: a PascalCase resource after `/api`, lower-case (kebab-case)
 * segments below it, camelCase path parameters, PascalCase query names.
 * Existing paths never change, so what broke the rule before it was written
 * is listed below, by the branch that breaks it: a new endpoint under one of
 * these branches keeps the branch as it is and names only its own segments
 * by the rule. A listed branch no endpoint uses any more fails too, so the
 * list only shrinks.
 */
const BRANCHES_BEFORE_THE_RULE = [
  "/api/auth",
  "/api/Baskets/:basketId/PickedNumbers",
  "/api/Baskets/:basketId/PickedNumbers/Release",
  "/api/CompetitionWinners/InstantWinPrizeWinners",
  "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Notes",
  "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Status",
  "/api/CompetitionWinners/InstantWinPrizeWinners/:instantWinId/Visibility",
  "/api/CompetitionWinners/InstantWinPrizeWinners/Notes",
  "/api/CompetitionWinners/MainPrizeWinners",
  "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Notes",
  "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/PrizeAwarded",
  "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Status",
  "/api/CompetitionWinners/MainPrizeWinners/:competitionId/:ticketNumber/Visibility",
  "/api/CompetitionWinners/MainPrizeWinners/Notes",
  "/api/Competitions/:competitionId/FreeNumbers",
  "/api/Dashboard/Charts",
  "/api/Draws/CompetitionsWaitingToBeDrawn",
  "/api/Draws/NextAutoDraw",
  "/api/Draws/NextLiveDraw",
  "/api/Reports/settlements.csv",
]

/** Query names in lower case before the rule (`contracts/src/reports.ts`, `payments.ts`, `images.ts`). */
const QUERY_NAMES_BEFORE_THE_RULE = ["directory", "from", "method", "to"]

const RESOURCE = /^[A-Z][A-Za-z0-9]*$/
const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/
const PARAMETER = /^:[a-z][A-Za-z0-9]*$/
/** A nested query object is named PascalCase at each level: `OrderCreatedDateRange.FromDate`. */
const QUERY_NAME = /^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)*$/

interface Endpoint {
  readonly name: string
  readonly path: string
  readonly queryNames: readonly string[]
}

const endpoints = (): Endpoint[] => {
  const found: Endpoint[] = []
  HttpApi.reflect(HowzatApi, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint }) =>
      found.push({
        name: `${group.identifier}.${endpoint.name} ${endpoint.method} ${endpoint.path}`,
        path: endpoint.path,
        queryNames: Option.match(endpoint.urlParamsSchema, {
          onNone: () => [],
          onSome: (schema) =>
            SchemaAST.getPropertySignatures(schema.ast).map((p) => String(p.name)),
        }),
      }),
  })
  return found
}

/** Each branch of a path that breaks the rule, named by the path up to and including it. */
const branchesBreakingTheRule = (path: string): string[] => {
  const [empty, api, ...segments] = path.split("/")
  if (empty !== "" || api !== "api" || segments.length === 0) return [path]
  const broken: string[] = []
  segments.forEach((segment, i) => {
    const fits =
      i === 0
        ? RESOURCE.test(segment)
        : segment.startsWith(":")
          ? PARAMETER.test(segment)
          : SEGMENT.test(segment)
    if (!fits) broken.push(["", api, ...segments.slice(0, i + 1)].join("/"))
  })
  return broken
}

describe("API path casing (decision 0097)", () => {
  const all = endpoints()

  it("reads every endpoint of the contracts", () => {
    expect(all.length).toBeGreaterThan(150)
  })

  it("names new branches by the rule: PascalCase resources, kebab-case below, camelCase parameters", () => {
    const allowed = new Set(BRANCHES_BEFORE_THE_RULE)
    const offenders = all.flatMap((e) =>
      branchesBreakingTheRule(e.path)
        .filter((branch) => !allowed.has(branch))
        .map((branch) => `${e.name}: "${branch.split("/").at(-1)}" in ${branch}`),
    )
    expect(offenders, "see docs/decisions/0097-conventions-for-new-code.md § 1").toEqual([])
  })

  it("lists only branches some endpoint still uses", () => {
    const used = new Set(all.flatMap((e) => branchesBreakingTheRule(e.path)))
    expect(BRANCHES_BEFORE_THE_RULE.filter((branch) => !used.has(branch))).toEqual([])
  })

  it("names new query parameters in PascalCase", () => {
    const allowed = new Set(QUERY_NAMES_BEFORE_THE_RULE)
    const offenders = all.flatMap((e) =>
      e.queryNames
        .filter((name) => !QUERY_NAME.test(name) && !allowed.has(name))
        .map((name) => `${e.name}: ?${name}`),
    )
    expect(offenders).toEqual([])
  })
})

describe("branchesBreakingTheRule", () => {
  it.each([
    ["/api/Refunds", []],
    ["/api/Customers/:customerId/spend-limit", []],
    ["/api/Competitions/:competitionId/bring-draw-forward", []],
    ["/api/refunds", ["/api/refunds"]],
    ["/api/Orders/:order_id", ["/api/Orders/:order_id"]],
    ["/api/Orders/:orderId/CancelOrder", ["/api/Orders/:orderId/CancelOrder"]],
    ["/api/Orders/cancel_order", ["/api/Orders/cancel_order"]],
    ["/Orders", ["/Orders"]],
  ])("%s breaks %j", (path, broken) => {
    expect(branchesBreakingTheRule(path)).toEqual(broken)
  })
})
