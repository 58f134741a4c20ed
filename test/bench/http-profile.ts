/**
 * `npm run bench:http:profile`: the shop (demo data, in a child process)
 * under autocannon on the catalogue's uncached reads, with V8's sampling
 * profiler on, and the heaviest frames printed (self time and total time).
 * The way decision 0089 found where an uncached read's milliseconds go.
 *
 * Knobs: PROFILE_DATABASE ("postgres" or "pglite"), PROFILE_SECONDS (10),
 * PROFILE_ROUTE ("list" or "one"), PROFILE_DIR (where the .cpuprofile is
 * kept; a temporary directory when not given).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startPostgresCluster } from "../support/pg-cluster"
import { createTestDatabase } from "../support/postgres-database"
import { load } from "./http-load"
import { startChild } from "./http-processes"

const database = process.env.PROFILE_DATABASE ?? "postgres"
const seconds = Number(process.env.PROFILE_SECONDS ?? 10)
const route = process.env.PROFILE_ROUTE ?? "list"
const UNCACHED = { authorization: "Bearer not-a-session" }

interface ProfileNode {
  readonly id: number
  readonly callFrame: {
    readonly functionName: string
    readonly url: string
    readonly lineNumber: number
  }
  readonly children?: readonly number[]
}
interface Profile {
  readonly nodes: readonly ProfileNode[]
  readonly samples: readonly number[]
  /** Microseconds on the monotonic clock, as process.hrtime reads it (Linux's CLOCK_MONOTONIC). */
  readonly startTime: number
  readonly timeDeltas: readonly number[]
}

/** Microseconds on the clock the profiler stamps its samples with. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n)

/** Where the time goes, by the code on the stack (a sample counts once per area). */
const AREAS: readonly (readonly [string, RegExp])[] = [
  ["pg driver (node-postgres)", /\/pg\/lib\/|pg-protocol|postgres-date|postgres-array/],
  ["PGlite", /pglite/],
  ["Kysely (build, compile, camel-case)", /\/kysely\//],
  ["the catalogue's repository", /repos\/(competitions|competition-loader)\.ts/],
  ["Schema encode/decode (ParseResult)", /ParseResult/],
  ["HttpApi handler (HttpApp, HttpApiBuilder)", /HttpApp\.js|HttpApiBuilder/],
  ["JSON body (httpBody)", /httpBody/],
  ["token check (jose)", /\/jose\//],
  ["undici Request/Headers", /undici/],
  ["Hono and its middleware", /hono\/dist/],
  ["Effect fiber runtime", /fiberRuntime/],
  ["node http response write", /_http_outgoing/],
  ["writev syscall", /^writev /],
  ["garbage collector", /^\(garbage collector\)/],
  ["idle", /^\(idle\)/],
]

/**
 * Whose code a sample is in, exclusively: the innermost frame that is a
 * package's or the shop's own. Node's internals and native frames (the
 * writev syscall, a JSON.parse) count for the code that called them; GC and
 * idle stand alone. The shares add up to 100%.
 */
const ownerOf = (url: string, functionName: string): string | undefined => {
  if (url === "") {
    if (functionName === "(garbage collector)" || functionName === "(idle)") return functionName
    return undefined
  }
  if (url.startsWith("node:")) return undefined
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inModules?.[1]) return inModules[1]
  const own = /\/(core|contracts|adapters\/[^/]+|apps\/[^/]+)\/src\//.exec(url)
  return own?.[1] ? `howzat ${own[1]}` : "other"
}

const frameName = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame
  const file = url.replace(/^file:\/\//, "").replace(/.*\/node_modules\//, "~/")
  return `${functionName || "(anonymous)"} ${file.split("/").slice(-3).join("/")}:${lineNumber + 1}`
}

/**
 * Self and total samples per frame name (a frame counted once per stack in
 * total), of the samples taken while the load ran: not the start, the demo
 * data's seeding or the warm-up.
 */
const summarise = (profile: Profile, top: number, from: number, to: number) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<string, number>()
  const areaCounts = new Map<string, number>()
  const owners = new Map<string, number>()
  const total = new Map<string, number>()
  let at = profile.startTime
  let counted = 0
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0
    if (at < from || at > to) continue
    counted++
    const node = byId.get(id)
    if (!node) continue
    const name = frameName(node)
    self.set(name, (self.get(name) ?? 0) + 1)
    let owner: string | undefined
    for (
      let up: number | undefined = id;
      up !== undefined && owner === undefined;
      up = parent.get(up)
    ) {
      const frame = byId.get(up)
      if (!frame) break
      owner = ownerOf(frame.callFrame.url, frame.callFrame.functionName)
    }
    owners.set(owner ?? "node itself", (owners.get(owner ?? "node itself") ?? 0) + 1)
    const inAreas = new Set<string>()
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)
      if (!frame) break
      const where = `${frame.callFrame.functionName} ${frame.callFrame.url}`
      for (const [area, pattern] of AREAS) if (pattern.test(where)) inAreas.add(area)
    }
    for (const area of inAreas) areaCounts.set(area, (areaCounts.get(area) ?? 0) + 1)
    const seen = new Set<string>()
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)
      if (!frame) break
      const n = frameName(frame)
      if (seen.has(n)) continue
      seen.add(n)
      total.set(n, (total.get(n) ?? 0) + 1)
    }
  }
  const all = counted

  const pct = (v: number): string => `${((100 * v) / all).toFixed(1).padStart(5)}%`
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, v]) => `${pct(v)}  ${name}`)
      .join("\n")
  const areas = [...AREAS.map(([area]) => area)]
    .map((area) => `${pct(areaCounts.get(area) ?? 0)}  ${area}`)
    .join("\n")
  return `samples: ${all}\n\nBY CODE (exclusive: node's internals and syscalls count for their caller)\n${rank(owners)}\n\nsamples: ${all}\n\nAREAS (a sample counts in every area on its stack)\n${areas}\n\nSELF\n${rank(self)}\n\nTOTAL\n${rank(total)}`
}

const run = async (env: Record<string, string>) => {
  const work = await mkdtemp(join(tmpdir(), "howzat-profile-"))
  const profileDir = process.env.PROFILE_DIR ?? join(work, "profile")
  await writeFile(join(work, "index.html"), "<!doctype html><title>Howzat</title>")
  let from = 0
  let to = 0
  const shop = await startChild(
    "apps/server/src/main.ts",
    {
      ...env,
      SEED_DEMO_DATA: "true",
      WEB_DIST_DIR: work,
      FILES_DIR: join(work, "files"),
      RATE_LIMIT: "false",
    },
    "/health/ping",
    undefined,
    ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  )
  try {
    const list = await (await fetch(`${shop.origin}/api/Competitions?PageSize=12`)).json()
    const id = (list as { competitions: { id: string }[] }).competitions[0]?.id
    const url =
      route === "one"
        ? `${shop.origin}/api/Competitions/${id}`
        : `${shop.origin}/api/Competitions?PageSize=12`
    await load(url, 100, 2, UNCACHED)
    from = nowMicros()
    const result = await load(url, 100, seconds, UNCACHED)
    to = nowMicros()
    console.log(JSON.stringify(result))
  } finally {
    await shop.stop()
  }
  const files = (await readdir(profileDir)).filter((f) => f.endsWith(".cpuprofile"))
  // The server is the largest: tsx's loader processes profile too.
  const sized = await Promise.all(
    files.map(async (f) => ({ f, text: await readFile(join(profileDir, f), "utf8") })),
  )
  const biggest = sized.sort((a, b) => b.text.length - a.text.length)[0]
  if (!biggest) throw new Error(`no profile written in ${profileDir}`)
  console.log(`profile: ${join(profileDir, biggest.f)} (load from ${from} to ${to} µs)`)
  console.log(
    summarise(JSON.parse(biggest.text) as Profile, Number(process.env.PROFILE_TOP ?? 45), from, to),
  )
  if (!process.env.PROFILE_DIR) await rm(work, { recursive: true, force: true })
}

const saved = process.env.PROFILE_FILE
if (saved) {
  // A profile kept by an earlier run: PROFILE_FROM and PROFILE_TO are the load's window it printed.
  const profile = JSON.parse(await readFile(saved, "utf8")) as Profile
  const window = [Number(process.env.PROFILE_FROM ?? 0), Number(process.env.PROFILE_TO ?? Infinity)]
  console.log(
    summarise(
      profile,
      Number(process.env.PROFILE_TOP ?? 45),
      window[0] ?? 0,
      window[1] ?? Infinity,
    ),
  )
} else if (database === "pglite") await run({ PGLITE_DATA_DIR: "memory://" })
else {
  const cluster = await startPostgresCluster()
  try {
    const db = await createTestDatabase(cluster.connectionString)
    try {
      await run({ DATABASE_URL: db.connectionString })
    } finally {
      await db.drop()
    }
  } finally {
    await cluster.stop()
  }
}
