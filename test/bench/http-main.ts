/**
 * `npm run bench:http`: prints the catalogue's HTTP benchmark section
 * (test/bench/http.ts) and writes it to BENCH_OUTPUT when that is set.
 */
import { writeFile } from "node:fs/promises"
import { httpBenchmark } from "./http"

const section = await httpBenchmark()
console.log(section)
if (process.env.BENCH_OUTPUT) await writeFile(process.env.BENCH_OUTPUT, section)
