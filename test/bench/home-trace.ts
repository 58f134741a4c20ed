/**
 * Where Home's main-thread time goes at load (`npm run trace:home`; a tool,
 * not a test). Needs `npm run build` first.
 *
 * Starts the production server on the demo data, as the Lighthouse run does
 * (./lighthouse.ts), opens Home in headless Chromium with a phone's viewport
 * and the CPU slowed 4x (Lighthouse's mobile profile), records a DevTools
 * trace with the JavaScript sampler on, and prints every task of 50 ms or
 * more: what ran in it (script by file, style recalculation with how many
 * elements, layout with how many objects, parsing, painting) and the
 * functions that took the most of its time. Long tasks are what Total
 * Blocking Time counts (decision 0092). For readable function names, build
 * the storefront unminified first (`cd apps/web && npx vite build --minify false`).
 *
 * HOME_TRACE_RUNS (3) visits, each in a fresh browser; HOME_TRACE_FILE writes
 * the last raw trace for chrome://tracing or DevTools' Performance panel.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium } from "playwright"
import { startShop } from "./lighthouse"

interface TraceEvent {
  readonly name: string
  readonly cat: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly id?: string
  readonly args?: Record<string, unknown>
}

interface ProfileNode {
  readonly id: number
  readonly parent?: number
  readonly callFrame?: { functionName: string; url: string; lineNumber: number }
}

const LONG_TASK_MS = 50
/** The slices worth naming; the rest (V8's own, loaders) nest inside these or are small. */
const SHOWN = new Set([
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "RunMicrotasks",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Commit",
  "MajorGC",
  "MinorGC",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
])
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
].join(",")

const ms = (microseconds: number) => Math.round(microseconds / 100) / 10
const shortUrl = (url: string | undefined) => url?.replace(/^.*\/(assets\/)?/, "") || "(native)"

/** Self time per function, from the sampler's chunks of the main thread, between two instants. */
const sampledFunctions = (events: readonly TraceEvent[], pid: number, tid: number) => {
  const nodes = new Map<number, ProfileNode>()
  const samples: { ts: number; node: number }[] = []
  // The profile starts on the main thread; its chunks come from the sampler's thread, by id.
  const profile = events.find((e) => e.name === "Profile" && e.pid === pid && e.tid === tid)
  let clock = Number((profile?.args?.data as { startTime?: number })?.startTime ?? 0)
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid || event.id !== profile?.id) continue
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0
      samples.push({ ts: clock, node: id })
    })
  }
  return (from: number, to: number) => {
    const self = new Map<string, number>()
    const inside = samples.filter((s) => s.ts >= from && s.ts < to)
    inside.forEach((sample, i) => {
      const next = inside[i + 1]?.ts ?? to
      const frame = nodes.get(sample.node)?.callFrame
      const name = frame
        ? `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
        : "?"
      self.set(name, (self.get(name) ?? 0) + (next - sample.ts))
    })
    return [...self.entries()].sort((a, b) => b[1] - a[1])
  }
}

/** What one long task did: its slices of work, largest first. */
const describeTask = (task: TraceEvent, children: readonly TraceEvent[]) => {
  const lines: string[] = []
  for (const event of children) {
    const dur = event.dur ?? 0
    if (dur < 2000 || !SHOWN.has(event.name)) continue
    const data = (event.args?.data ?? event.args?.beginData ?? {}) as Record<string, unknown>
    let what = event.name
    if (event.name === "FunctionCall" || event.name === "EvaluateScript")
      what += ` ${shortUrl(String(data.url ?? ""))} ${String(data.functionName ?? "")}`
    if (event.name === "UpdateLayoutTree")
      what += ` elements=${String(event.args?.elementCount ?? data.elementCount ?? "?")}`
    if (event.name === "Layout")
      what += ` dirty=${String(data.dirtyObjects ?? "?")}/${String(data.totalObjects ?? "?")}`
    if (event.name === "TimerFire" || event.name === "EventDispatch")
      what += ` ${String(data.type ?? data.timerId ?? "")}`
    lines.push(`    ${ms(dur).toString().padStart(6)} ms  ${what}`)
  }
  return [`  task at ${ms(task.ts)} ms: ${ms(task.dur ?? 0)} ms`, ...lines]
}

const traceOnce = async (url: string, chromePath: string) => {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox"],
    headless: true,
  })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
    const events: TraceEvent[] = []
    cdp.on("Tracing.dataCollected", (message) => {
      events.push(...(message.value as unknown as TraceEvent[]))
    })
    await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" })
    await page.goto(url, { waitUntil: "load" })
    // Lighthouse waits for the network and the main thread to go quiet; 5 s covers it here.
    await page.waitForTimeout(5000)
    const finished = new Promise<void>((resolve) =>
      cdp.once("Tracing.tracingComplete", () => resolve()),
    )
    await cdp.send("Tracing.end")
    await finished
    return events
  } finally {
    await browser.close()
  }
}

const analyse = (events: readonly TraceEvent[]) => {
  const mainThread = events.find(
    (e) => e.name === "thread_name" && (e.args as { name?: string })?.name === "CrRendererMain",
  )
  if (!mainThread) throw new Error("no renderer main thread in the trace")
  const { pid, tid } = mainThread
  const onMain = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X")
    .sort((a, b) => a.ts - b.ts)
  const navigation = events.find((e) => e.name === "navigationStart" && e.pid === pid)
  const zero = navigation?.ts ?? onMain[0]?.ts ?? 0
  const tasks = onMain.filter(
    (e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask",
  )
  const functions = sampledFunctions(events, pid, tid)
  const out: string[] = []
  let blocking = 0
  let busy = 0
  const totals = new Map<string, number>()
  for (const task of tasks) {
    const dur = task.dur ?? 0
    if (task.ts < zero) continue
    busy += dur
    const end = task.ts + dur
    const children = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    )
    for (const child of children) {
      if (
        [
          "UpdateLayoutTree",
          "Layout",
          "Paint",
          "ParseHTML",
          "EvaluateScript",
          "FunctionCall",
          "v8.compile",
          "PrePaint",
          "Layerize",
          "ParseAuthorStyleSheet",
        ].includes(child.name)
      )
        totals.set(child.name, (totals.get(child.name) ?? 0) + (child.dur ?? 0))
    }
    if (dur < LONG_TASK_MS * 1000) continue
    blocking += dur - LONG_TASK_MS * 1000
    out.push(...describeTask({ ...task, ts: task.ts - zero }, children))
    const top = functions(task.ts, end).slice(0, 12)
    for (const [name, time] of top)
      if (time >= 1000) out.push(`      self ${ms(time).toString().padStart(6)} ms  ${name}`)
  }
  out.unshift(
    `main thread busy ${ms(busy)} ms after navigation; blocking (sum over 50 ms) ${ms(blocking)} ms`,
    `  ${[...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, t]) => `${name} ${ms(t)} ms`)
      .join(", ")}`,
  )
  return out.join("\n")
}

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium"
const runs = Number(process.env.HOME_TRACE_RUNS ?? 3)
const dataDir = await mkdtemp(path.join(tmpdir(), "howzat-home-trace-"))
// The very shop Lighthouse measures, so a trace explains its figures.
const shop = await startShop(dataDir)
try {
  // The first request of a fresh server pays for its lazy start-up; not Home's.
  await fetch(`${shop.origin}/api/Competitions?PageSize=24`)
  await fetch(`${shop.origin}/`)
  for (let i = 0; i < runs; i++) {
    const events = await traceOnce(`${shop.origin}/`, chromePath)
    console.log(`run ${i + 1}/${runs}\n${analyse(events)}\n`)
    if (i === runs - 1 && process.env.HOME_TRACE_FILE)
      await writeFile(process.env.HOME_TRACE_FILE, JSON.stringify({ traceEvents: events }))
  }
} finally {
  await shop.stop()
  await rm(dataDir, { recursive: true, force: true })
}
