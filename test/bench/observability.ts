/**
 * `npm run bench:observability`: what watching the shop costs a request
 * (docs/decisions/0088), in process, against bare Hono measured in the
 * same run: the request id (an id checked or made, AsyncLocalStorage, the
 * response header), the metrics' counting (decision 0085), both together,
 * and a span as the API and each use case make one with tracing off
 * (Effect's own spans, nothing exported). Medians of several rounds, as
 * nanoseconds a request and as a share of the bare request's time; the
 * machine may be busy, so the ratios are what to compare. Writes its
 * section to BENCH_OUTPUT when that is set.
 */
import { writeFile } from "node:fs/promises"
import os from "node:os"
import { makeMetrics } from "@howzat/http"
import { Effect } from "effect"
import { Hono } from "hono"
import { withRequestIds } from "../../adapters/http/src/request-id"

const REQUESTS = Number(process.env.BENCH_OBSERVE_REQUESTS ?? 100_000)
const ROUNDS = 7

const bare = new Hono()
bare.get("/api/Competitions", (c) => c.json({ items: [] }))
const bareFetch = bare.fetch.bind(bare)
const metrics = makeMetrics({ token: "x".repeat(32) })

const variants: Record<string, (request: Request) => Response | Promise<Response>> = {
  "bare Hono": (request) => bareFetch(request),
  "+ request id": withRequestIds((request: Request) => bareFetch(request)),
  "+ metrics": metrics.measure((request: Request) => bareFetch(request)),
  "+ request id + metrics": withRequestIds(
    metrics.measure((request: Request) => bareFetch(request)),
  ),
}

/** Nanoseconds a request: sequential, awaited, one Request reused (no body). */
const timeFetch = async (fetch: (request: Request) => Response | Promise<Response>) => {
  const request = new Request("http://localhost/api/Competitions?Page=1")
  const started = process.hrtime.bigint()
  for (let i = 0; i < REQUESTS; i++) await fetch(request)
  return Number(process.hrtime.bigint() - started) / REQUESTS
}

const work = Effect.sync(() => 1)
const spanned = work.pipe(
  Effect.withSpan("POST /api/Baskets/:basketId/checkout", {
    kind: "server",
    captureStackTrace: false,
    attributes: { "http.route": "/api/Baskets/:basketId/checkout" },
  }),
)
const timeEffect = (effect: Effect.Effect<number>) => {
  const started = process.hrtime.bigint()
  for (let i = 0; i < REQUESTS; i++) Effect.runSync(effect)
  return Number(process.hrtime.bigint() - started) / REQUESTS
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

// Warm up every path before measuring any.
for (const fetch of Object.values(variants)) await timeFetch(fetch)
timeEffect(work)
timeEffect(spanned)

const results = new Map<string, number[]>()
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fetch] of Object.entries(variants))
    results.set(name, [...(results.get(name) ?? []), await timeFetch(fetch)])
  results.set("an Effect", [...(results.get("an Effect") ?? []), timeEffect(work)])
  results.set("the same Effect in a span", [
    ...(results.get("the same Effect in a span") ?? []),
    timeEffect(spanned),
  ])
}

const ns = Object.fromEntries([...results].map(([name, values]) => [name, median(values)]))
const baseline = ns["bare Hono"] ?? 1
const line = (name: string, value: number, base: number, of: string) =>
  `| ${name} | ${value.toFixed(0)} ns | ${value - base >= 0 ? "+" : ""}${(value - base).toFixed(0)} ns | ${((value / base - 1) * 100).toFixed(1)}% of ${of} |`

const section = [
  "## What watching costs a request",
  "",
  `In process (no sockets), ${REQUESTS.toLocaleString("en-GB")} sequential requests a round, median of ${ROUNDS} rounds, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      " / ",
    )} at the end: the machine was shared with other work, so compare the ratios. \`npm run bench:observability\`; decision 0088.`,
  "",
  "| path | per request | over the base | share |",
  "| --- | --- | --- | --- |",
  ...["+ request id", "+ metrics", "+ request id + metrics"].map((name) =>
    line(name, ns[name] ?? 0, baseline, "bare Hono"),
  ),
  `| bare Hono (the base) | ${baseline.toFixed(0)} ns | | |`,
  line(
    "a span, tracing off",
    ns["the same Effect in a span"] ?? 0,
    ns["an Effect"] ?? 1,
    "a bare Effect.runSync",
  ),
  "",
  "An API request makes one server span and one per use case it runs; with",
  "`OTEL_EXPORTER_OTLP_ENDPOINT` unset nothing is exported and no OpenTelemetry module is loaded.",
  "JSON logs cost nothing a request: the shop writes no line per request, only per event.",
].join("\n")

console.log(section)
if (process.env.BENCH_OUTPUT && process.env.BENCH_OUTPUT !== "-")
  await writeFile(process.env.BENCH_OUTPUT, `${section}\n`)
