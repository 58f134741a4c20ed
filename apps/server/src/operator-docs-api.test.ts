import { readFileSync } from "node:fs"
import path from "node:path"
import { makeMetrics } from "@howzat/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser } from "./test-support/browser"
import { openShop, type Shop } from "./test-support/shop"

/**
 * The Grafana dashboard and the alert rules in docs/ (decision 0088) name
 * only metrics the shop exposes: a renamed or dropped metric fails here,
 * not on the night an alert should have fired.
 */
const TOKEN = "metrics-token-of-the-test-at-least-32-chars"
const docs = path.resolve(import.meta.dirname, "../../../docs")

/** The metric names a PromQL text uses: ours, Node's and the HTTP series (not functions or labels). */
const metricNamesIn = (text: string): Set<string> =>
  new Set(text.match(/\b(?:howzat|http|nodejs|process)_[a-z0-9_]+/g) ?? [])

/** Every name /metrics answers, a histogram's series (_bucket, _sum, _count) included. */
const exposedNames = (scrape: string): Set<string> => {
  const names = new Set<string>()
  for (const line of scrape.split("\n")) {
    const typed = /^# TYPE (\S+) (\S+)/.exec(line)
    if (!typed?.[1]) continue
    names.add(typed[1])
    if (typed[2] === "histogram" || typed[2] === "summary")
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${typed[1]}${suffix}`)
  }
  return names
}

describe("the operator's dashboard and alerts", () => {
  let shop: Shop
  let exposed: Set<string>

  beforeAll(async () => {
    shop = await openShop({ METRICS_TOKEN: TOKEN })
    const response = await new Browser(shop.app).request("GET", "/metrics", { bearer: TOKEN })
    expect(response.status).toBe(200)
    exposed = exposedNames(await response.text())
    // The pool's gauges are a Postgres server's (the tests' shop is embedded): the same code makes them.
    const postgres = makeMetrics({
      token: TOKEN,
      pool: () => ({ total: 2, idle: 1, waiting: 0, max: 10 }),
    })
    for (const name of exposedNames(await postgres.registry.metrics())) exposed.add(name)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it("the dashboard is Grafana's JSON and names only exposed metrics", () => {
    const dashboard = JSON.parse(readFileSync(path.join(docs, "grafana-dashboard.json"), "utf8"))
    const exprs: string[] = dashboard.panels.flatMap(
      (panel: { targets?: { expr: string }[] }) => panel.targets?.map((t) => t.expr) ?? [],
    )
    expect(exprs.length).toBeGreaterThan(15)
    const used = metricNamesIn(exprs.join("\n"))
    expect([...used].filter((name) => !exposed.has(name))).toEqual([])
    // The business series are all on it.
    for (const name of ["howzat_checkouts_total", "howzat_payments_total", "howzat_draws_due"])
      expect(used).toContain(name)
  })

  it("the alert rules name only exposed metrics, and cover what docs/alerts.md promises", () => {
    const rules = readFileSync(path.join(docs, "prometheus-alerts.yml"), "utf8")
    const exprs = [...rules.matchAll(/expr: (\|\n(?:\s{10,}.*\n)+|.*\n)/g)].map((m) => m[1] ?? "")
    expect(exprs.length).toBeGreaterThan(8)
    const used = metricNamesIn(exprs.join("\n"))
    expect([...used].filter((name) => !exposed.has(name))).toEqual([])
    for (const name of [
      "howzat_payments_total",
      "howzat_outbox_oldest_pending_age_seconds",
      "howzat_draws_oldest_due_age_seconds",
      "http_requests_total",
    ])
      expect(used).toContain(name)
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1])
    const explained = readFileSync(path.join(docs, "alerts.md"), "utf8")
    for (const alert of alerts) expect(explained).toContain(alert)
  })
})
