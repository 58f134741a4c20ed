// `npm test`: every stage in order, each timed, stopping at the first that
// fails, with a table of the stages' times at the end, so a slow stage shows
// in every run (CI's included) rather than only when someone measures.
import { spawn } from "node:child_process"

const STAGES = [
  ["lint", "lint"],
  ["types", "typecheck"],
  ["unit (vitest)", "test:unit"],
  ["build", "build"],
  ["bundle size", "test:size"],
  ["first run", "test:first-run"],
  ["end-to-end", "test:e2e"],
]

const runScript = (script) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: "inherit" })
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on("error", () => resolve(1))
  })

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9)

const times = []
let failed
const started = Date.now()
for (const [name, script] of STAGES) {
  const stageStarted = Date.now()
  console.log(`\n▶ ${name} (npm run ${script})`)
  const code = await runScript(script)
  times.push([name, Date.now() - stageStarted, code === 0 ? "ok" : `failed (exit ${code})`])
  if (code !== 0) {
    failed = name
    break
  }
}

console.log("\nStage times:")
for (const [name, ms, outcome] of times)
  console.log(`  ${name.padEnd(14)}${seconds(ms)}  ${outcome}`)
console.log(`  ${"total".padEnd(14)}${seconds(Date.now() - started)}`)
if (failed) {
  console.log(`\nnpm test failed at ${failed}.`)
  process.exit(1)
}
