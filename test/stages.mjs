// `npm test`: every stage, each timed, stopping after the first step that
// fails, with a table of the stages' times at the end, so a slow stage shows
// in every run (CI's included) rather than only when someone measures.
//
// A step's lanes run side by side, each lane's stages in order. TypeScript
// checks on one core, so the build, the bundle budget, the first run and the
// cluster suite (which need no types, only the sources) take the other core meanwhile;
// vitest and the journeys use both cores and run alone
// (docs/decisions/0058-a-test-suite-that-answers-in-minutes.md).
import { spawn } from "node:child_process"

const STEPS = [
  [
    [
      ["lint", "lint"],
      ["types", "typecheck"],
    ],
    [
      ["build", "build"],
      // publint and attw on the packed @howzat/core (decision 0103): after the
      // build, so its prepack's tsc -b finds core built and writes nothing.
      ["core package", "test:package"],
      ["bundle size", "test:size"],
      ["first run", "test:first-run"],
      // Three built servers behind HAProxy (docs/decisions/0087): needs the build.
      ["cluster", "test:cluster"],
    ],
  ],
  [[["unit (vitest)", "test:unit"]]],
  [[["end-to-end", "test:e2e"]]],
]

/**
 * Runs `npm run <script>`. Alone, its output streams as it comes; beside
 * another lane, it is held and printed whole when the stage ends, so two
 * stages' lines never interleave.
 */
const runScript = (script, alone) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    })
    const held = []
    child.stdout?.on("data", (chunk) => held.push(chunk))
    child.stderr?.on("data", (chunk) => held.push(chunk))
    child.on("exit", (code, signal) => {
      if (held.length > 0) process.stdout.write(Buffer.concat(held))
      resolve(code ?? (signal ? 1 : 0))
    })
    child.on("error", () => resolve(1))
  })

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9)

const times = []
const failed = []

const runLane = async (lane, alone) => {
  for (const [name, script] of lane) {
    const started = Date.now()
    console.log(`\n▶ ${name} (npm run ${script})${alone ? "" : ": output when it ends"}`)
    const code = await runScript(script, alone)
    console.log(`${code === 0 ? "✔" : "✘"} ${name}`)
    times.push([name, Date.now() - started, code === 0 ? "ok" : `failed (exit ${code})`])
    if (code !== 0) {
      failed.push(name)
      return
    }
  }
}

const started = Date.now()
for (const lanes of STEPS) {
  await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)))
  if (failed.length > 0) break
}

console.log("\nStage times (stages in one step overlap):")
for (const [name, ms, outcome] of times)
  console.log(`  ${name.padEnd(14)}${seconds(ms)}  ${outcome}`)
console.log(`  ${"total".padEnd(14)}${seconds(Date.now() - started)}`)
if (failed.length > 0) {
  console.log(`\nnpm test failed at ${failed.join(", ")}.`)
  process.exit(1)
}
