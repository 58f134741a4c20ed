/**
 * `npm run bench`: every benchmark, one after another on an
 * otherwise idle machine, joined into docs/benchmarks.md.
 *
 * Each part runs in its own child process so none shares an event loop,
 * a heap or a database with the one before it:
 *   - checkout: test/bench/allocation.ts (checkouts and draws beside pgbench);
 *   - http: test/bench/http-main.ts (the catalogue against bare Hono, on both databases);
 *   - lighthouse: test/bench/lighthouse-run.ts (Home on the production build;
 *     `npm run bench` builds first);
 *   - observability: test/bench/observability.ts (what the request id, the
 *     metrics and a span cost a request, against bare Hono).
 *   - backoffice: test/bench/backoffice.ts (every back-office read on a large
 *     shop seeded by `npm run seed:large`'s code).
 *   - cluster: test/bench/cluster.ts (one built server direct, one behind
 *     HAProxy, three behind HAProxy, on one PostgreSQL; needs HAProxy).
 * BENCH_PARTS (comma-separated, all of them by default) runs fewer; the file is
 * written only when every part asked for succeeded, so a failed run never
 * leaves a half-updated report. BENCH_OUTPUT as for the parts ("-" for none).
 */
import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { SOURCE_NODE_ARGS } from "../support/source-node"

const PARTS = {
  checkout: "allocation.ts",
  http: "http-main.ts",
  lighthouse: "lighthouse-run.ts",
  observability: "observability.ts",
  backoffice: "backoffice.ts",
  cluster: "cluster.ts",
} as const
type Part = keyof typeof PARTS

const asked = (process.env.BENCH_PARTS ?? Object.keys(PARTS).join(","))
  .split(",")
  .map((p) => p.trim())
  .filter((p) => p !== "")
const unknown = asked.filter((p) => !(p in PARTS))
if (unknown.length > 0) {
  console.error(`[bench] unknown BENCH_PARTS: ${unknown.join(", ")} (known: ${Object.keys(PARTS)})`)
  process.exit(2)
}
const output =
  process.env.BENCH_OUTPUT ?? fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url))

const run = (script: string, file: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...SOURCE_NODE_ARGS, fileURLToPath(new URL(script, import.meta.url))],
      { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, BENCH_OUTPUT: file } },
    )
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`)),
    )
  })

const dir = await mkdtemp(path.join(tmpdir(), "howzat-bench-"))
try {
  const sections: string[] = []
  for (const part of asked as Part[]) {
    console.log(`[bench] ${part}`)
    const file = path.join(dir, `${part}.md`)
    await run(PARTS[part], file)
    sections.push((await readFile(file, "utf8")).trim())
  }
  // The checkout part writes the file's title and introduction; without it, give one.
  if (!asked.includes("checkout")) sections.unshift("# Benchmarks")
  if (output !== "-") {
    await writeFile(output, `${sections.join("\n\n")}\n`)
    console.log(`[bench] wrote ${output}`)
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
