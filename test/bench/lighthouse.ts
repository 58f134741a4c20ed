/**
 * The storefront's Lighthouse run (`npm run bench:lighthouse`; not a test).
 *
 * Builds nothing: it needs `npm run build` first. Starts the production server
 * as `npm start` would (the real main.ts, the embedded database in a throwaway
 * folder with the demo data) on a free port, runs Lighthouse's mobile profile
 * (simulated slow 4G and a 4x slower CPU, its defaults) on Home with Debian's
 * Chromium, and returns a markdown section with the scores, the timings and
 * the JavaScript Home transferred. Several runs, the median by performance
 * score, because one run on a shared machine is noisy.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { cpus, loadavg, tmpdir } from "node:os"
import path from "node:path"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import { type Child, startChild } from "./http-processes"

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const

export interface LighthouseOptions {
  /** How many runs to take the median of (LIGHTHOUSE_RUNS, 3). */
  readonly runs?: number
  /** Chromium to drive (CHROME_PATH, /usr/bin/chromium). */
  readonly chromePath?: string
  readonly log?: (message: string) => void
}

export interface HomeRun {
  readonly scores: Record<(typeof CATEGORIES)[number], number>
  readonly fcpMs: number
  readonly lcpMs: number
  readonly tbtMs: number
  readonly cls: number
  readonly siMs: number
  /** Bytes of script Home transferred (on the wire, so after compression). */
  readonly scriptTransferBytes: number
  readonly scriptResourceBytes: number
  readonly totalTransferBytes: number
  /** Lighthouse's measure of the host CPU during the run (its own docs: ~1000+ for a desktop). */
  readonly benchmarkIndex: number
  /**
   * What the unthrottled page load showed, before simulation: the first contentful paint and
   * Speed Index. Lighthouse's Speed Index weighs the observed one 1.4 times, and its simulated
   * paints count every request that ended before the observed one (decision 0095).
   */
  readonly observedFcpMs?: number
  readonly observedSiMs?: number
}

/** The production server as `npm start` runs it, on a fresh embedded database with demo data. */
export const startShop = async (dataDir: string): Promise<Child> => {
  const shop = await startChild(
    "apps/server/src/main.ts",
    {
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      FILES_DIR: path.join(dataDir, "files"),
      SEED_DEMO_DATA: "on",
      DATABASE_URL: "",
      RATE_LIMIT: "off",
    },
    "/health/ping",
    Number(process.env.LIGHTHOUSE_PORT ?? 0) || undefined,
  )
  // The storefront itself, not only the API: a missing build is a 503 page.
  const home = await fetch(`${shop.origin}/`)
  if (!home.ok) {
    await shop.stop()
    throw new Error(`Home answered ${home.status}: run \`npm run build\` first`)
  }
  return shop
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN

/** The unthrottled load's own paints, from the metrics audit (absent from an older report). */
const observed = (lhr: { audits: Record<string, { details?: unknown }> }) => {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] })?.items?.[0]
  return {
    observedFcpMs: metrics?.observedFirstContentfulPaint,
    observedSiMs: metrics?.observedSpeedIndex,
  }
}

/** One run in a line: the score beside the host's speed at the time, and the paints behind it. */
export const runLine = (run: HomeRun): string =>
  [
    `performance ${run.scores.performance}`,
    `benchmark index ${Math.round(run.benchmarkIndex)}`,
    `FCP ${Math.round(run.fcpMs)} ms`,
    `LCP ${Math.round(run.lcpMs)} ms`,
    `SI ${Math.round(run.siMs)} ms`,
    `TBT ${Math.round(run.tbtMs)} ms`,
    `CLS ${run.cls.toFixed(3)}`,
    run.observedFcpMs === undefined
      ? ""
      : `(observed FCP ${Math.round(run.observedFcpMs)} ms, SI ${Math.round(run.observedSiMs ?? Number.NaN)} ms)`,
  ]
    .filter(Boolean)
    .join(", ")

interface NetworkItem {
  readonly resourceType?: string
  readonly transferSize?: number
  readonly resourceSize?: number
}

const runOnce = async (url: string, chromePath: string): Promise<HomeRun> => {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking"],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // Mobile with simulated throttling: Lighthouse's defaults, spelled out.
      formFactor: "mobile",
      throttlingMethod: "simulate",
    })
    if (!result) throw new Error("Lighthouse returned no result")
    const lhr = result.lhr
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    // The whole report, for reading what stands in the way (LIGHTHOUSE_REPORT=file.json).
    if (process.env.LIGHTHOUSE_REPORT) await writeFile(process.env.LIGHTHOUSE_REPORT, result.report)
    const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ??
      []) as NetworkItem[]
    const scripts = items.filter((item) => item.resourceType === "Script")
    const sum = (list: NetworkItem[], key: "transferSize" | "resourceSize") =>
      list.reduce((total, item) => total + (item[key] ?? 0), 0)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    return {
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      },
      fcpMs: numeric(lhr, "first-contentful-paint"),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      siMs: numeric(lhr, "speed-index"),
      scriptTransferBytes: sum(scripts, "transferSize"),
      scriptResourceBytes: sum(scripts, "resourceSize"),
      totalTransferBytes: sum(items, "transferSize"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...observed(lhr),
    }
  } finally {
    await chrome.kill()
  }
}

/** Runs Lighthouse on Home `runs` times against one fresh server; the runs in order. */
export const measureHome = async (options: LighthouseOptions = {}): Promise<HomeRun[]> => {
  const runs = options.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3)
  const chromePath = options.chromePath ?? process.env.CHROME_PATH ?? "/usr/bin/chromium"
  const log = options.log ?? (() => {})
  const dataDir = await mkdtemp(path.join(tmpdir(), "howzat-lighthouse-"))
  let shop: Child | undefined
  try {
    shop = await startShop(dataDir)
    const { origin } = shop
    log(`server up at ${origin}`)
    // One unmeasured visit: the first request of a fresh server pays for its lazy start-up.
    await fetch(`${origin}/api/Competitions?PageSize=24`)
    const results: HomeRun[] = []
    for (let i = 0; i < runs; i++) {
      const run = await runOnce(`${origin}/`, chromePath)
      log(`run ${i + 1}/${runs}: ${runLine(run)}`)
      results.push(run)
    }
    return results
  } finally {
    await shop?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const medianRun = (runs: readonly HomeRun[]): HomeRun => {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)
  const middle = sorted[Math.floor(sorted.length / 2)]
  if (!middle) throw new Error("no Lighthouse run")
  return middle
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

export const lighthouseSection = (runs: readonly HomeRun[]): string => {
  const median = medianRun(runs)
  const all = runs.map((run) => run.scores.performance).join(", ")
  const indexes = runs.map((run) => Math.round(run.benchmarkIndex)).join(", ")
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")
  return [
    "## Storefront: Home under Lighthouse (mobile)",
    "",
    "`npm run bench:lighthouse` (after `npm run build`) starts the production server as",
    "`npm start` does, on a fresh embedded database with the demo data, and runs Lighthouse",
    "on Home with its mobile profile (simulated slow 4G, 150 ms round trips, a 4x slower",
    `CPU) in Debian's Chromium, ${runs.length} time${runs.length === 1 ? "" : "s"}; the table is the median run by`,
    "performance score. The goal is performance ≥ 95 and Home's JavaScript ≤ 150 KiB",
    "gzipped, compressed on the wire (decision 0048). Simulated throttling multiplies the",
    "CPU time observed on this host, so a busy host inflates TBT: Lighthouse's benchmark",
    `index for the runs was ${indexes} and the load average ${load} (1, 5, 15 min)`,
    `on ${cpus().length} cores when the section was written.`,
    "",
    "| what | median run | goal |",
    "|---|---|---|",
    `| performance | ${median.scores.performance} (runs: ${all}) | ≥ 95 |`,
    `| accessibility | ${median.scores.accessibility} | — |`,
    `| best practices | ${median.scores["best-practices"]} | — |`,
    `| SEO | ${median.scores.seo} | — |`,
    `| First Contentful Paint | ${seconds(median.fcpMs)} | — |`,
    `| Largest Contentful Paint | ${seconds(median.lcpMs)} | — |`,
    `| Total Blocking Time | ${Math.round(median.tbtMs)} ms | — |`,
    `| Cumulative Layout Shift | ${median.cls.toFixed(3)} | — |`,
    `| Speed Index | ${seconds(median.siMs)} | — |`,
    `| Home JavaScript on the wire | ${kib(median.scriptTransferBytes)} (${kib(median.scriptResourceBytes)} uncompressed) | ≤ 150 KiB, compressed |`,
    `| everything Home transferred | ${kib(median.totalTransferBytes)} | — |`,
    "",
    median.scores.performance >= 95
      ? "The performance goal is met in this run."
      : "The performance goal is not met in this run: decision 0095 shows, from Lighthouse's own trace, what holds First Contentful Paint, Largest Contentful Paint and Speed Index back on this host (its first frames shown late, the main chunk counted before them), and what would move them.",
    "",
  ].join("\n")
}

/** The section for `npm run bench`: measures, then describes. */
export const runLighthouseBenchmark = async (options: LighthouseOptions = {}) =>
  lighthouseSection(await measureHome(options))
