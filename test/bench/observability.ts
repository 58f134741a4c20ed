/**
 * `npm run bench:observability`: what watching the shop costs a request
 * (docs/decisions/0088), in process, against bare Hono measured in the
 * same run: the request id (an id checked or made, the response header),
 * the metrics' counting (decision 0085), both together, and a span as the
 * API and each use case make one with tracing off (Effect's own spans,
 * nothing exported). The variants take turns in short rounds and each
 * keeps its fastest round: on a shared machine the fastest is the one
 * least disturbed, so the differences are what to compare. Writes its
 * section to BENCH_OUTPUT when that is set.
 */
import { writeFile } from "node:fs/promises"
import os from "node:os"
import { makeMetrics } from "@howzat/http"
import { Effect } from "effect"
import { Hono } from "hono"
import { withRequestIds } from "../../adapters/http/src/request-id"

const REQUESTS = Number(process.env.BENCH_OBSERVE_REQUESTS ?? 20_000)
const ROUNDS = Number(process.env.BENCH_OBSERVE_ROUNDS ?? 25)

const bare = new Hono()
bare.get("/api/Competitions", (c) => c.json({ items: [] }))
const bareFetch = (request: Request) => bare.fetch(request)
const metrics = makeMetrics({ token: "x".repeat(32) })

type Fetch = (request: Request) => Response | Promise<Response>
const variants: Record<string, Fetch> = {
  "bare Hono": bareFetch,
  "+ request id": withRequestIds(bareFetch),
  "+ metrics": metrics.measure(bareFetch),
  "+ request id + metrics": withRequestIds(metrics.measure(bareFetch)),
}

/** Nanoseconds a request: sequential, awaited, one Request reused (no body). */
const timeFetch = async (fetch: Fetch) => {
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
const timeEffect = async (effect: Effect.Effect<number>) => {
  const started = process.hrtime.bigint()
  for (let i = 0; i < REQUESTS; i++) Effect.runSync(effect)
  return Number(process.hrtime.bigint() - started) / REQUESTS
}

const fastest = new Map<string, number>()
const rounds = async (timed: Record<string, () => Promise<number>>) => {
  for (const time of Object.values(timed)) await time() // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, time] of Object.entries(timed)) {
      const ns = await time()
      fastest.set(name, Math.min(ns, fastest.get(name) ?? Number.POSITIVE_INFINITY))
    }
}

await rounds({
  ...Object.fromEntries(Object.entries(variants).map(([name, f]) => [name, () => timeFetch(f)])),
  "an Effect": () => timeEffect(work),
  "the same Effect in a span": () => timeEffect(spanned),
})

const ns = (name: string) => fastest.get(name) ?? 0
const baseline = ns("bare Hono")
const line = (name: string, value: number, base: number, of: string) =>
  `| ${name} | ${value.toFixed(0)} ns | ${value - base >= 0 ? "+" : ""}${(value - base).toFixed(0)} ns | ${((value / base - 1) * 100).toFixed(1)}% of ${of} |`

const section = [
  "## What watching costs a request",
  "",
  `In process (no sockets), ${ROUNDS} rounds of ${REQUESTS.toLocaleString("en-GB")} sequential requests for each path in turn, each path's fastest round; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      " / ",
    )} at the end. The machine was shared with other work, so the absolute figures are slow and noisy: compare each row with bare Hono measured in the same run. \`npm run bench:observability\`; decision 0088.`,
  "",
  "| path | per request | over the base | share |",
  "| --- | --- | --- | --- |",
  `| bare Hono (the base) | ${baseline.toFixed(0)} ns | | |`,
  ...["+ request id", "+ metrics", "+ request id + metrics"].map((name) =>
    line(name, ns(name), baseline, "bare Hono"),
  ),
  line("a span, tracing off", ns("the same Effect in a span"), ns("an Effect"), "Effect.runSync"),
  "",
  "A request to the API makes one server span and one per use case it runs; with",
  "`OTEL_EXPORTER_OTLP_ENDPOINT` unset nothing is exported and no OpenTelemetry module is loaded.",
  "The logs cost nothing a request: the shop writes a line per event, not per request.",
].join("\n")

console.log(section)
if (process.env.BENCH_OUTPUT && process.env.BENCH_OUTPUT !== "-")
  await writeFile(process.env.BENCH_OUTPUT, `${section}\n`)
