/**
 * `npm run bench:lighthouse`: prints the storefront's Lighthouse section, and
 * writes it to BENCH_OUTPUT when set. Needs `npm run build` first.
 */
import { writeFile } from "node:fs/promises"
import { runLighthouseBenchmark } from "./lighthouse"

const section = await runLighthouseBenchmark({
  log: (message) => console.error(`[lighthouse] ${message}`),
})
console.log(section)
if (process.env.BENCH_OUTPUT) await writeFile(process.env.BENCH_OUTPUT, section)
