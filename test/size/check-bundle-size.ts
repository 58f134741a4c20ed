/**
 * The storefront's first page (Home) may load at most 150 KiB of gzipped
 * JavaScript: what a phone on a weak signal downloads before it can show a
 * competition. Sizes of a build are deterministic, so this is a check, not a
 * timing. Reads Vite's manifest: the entry chunk, every chunk it imports
 * statically, and the Home route's chunks with their static imports.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"

const BUDGET_BYTES = 150 * 1024
const dist = path.resolve(import.meta.dirname, "../../apps/web/dist")

interface ManifestChunk {
  readonly file: string
  readonly isEntry?: boolean
  readonly imports?: readonly string[]
}
type Manifest = Record<string, ManifestChunk>

const manifest = JSON.parse(
  readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
) as Manifest

const withStaticImports = (keys: readonly string[], seen = new Set<string>()): Set<string> => {
  for (const key of keys) {
    if (seen.has(key)) continue
    seen.add(key)
    withStaticImports(manifest[key]?.imports ?? [], seen)
  }
  return seen
}

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
const homeRoute = Object.keys(manifest).filter((key) => /src\/routes\/index\.tsx/.test(key))
if (entries.length === 0 || homeRoute.length === 0) {
  console.error("size: cannot find the entry or the Home route in the Vite manifest")
  process.exit(1)
}

const chunks = [...withStaticImports([...entries, ...homeRoute])]
let total = 0
for (const key of chunks) {
  const file = manifest[key]?.file
  if (!file?.endsWith(".js")) continue
  const gz = gzipSync(readFileSync(path.join(dist, file))).length
  total += gz
  console.log(`size: ${(gz / 1024).toFixed(1).padStart(7)} KiB gz  ${file}`)
}
const verdict = total <= BUDGET_BYTES ? "within" : "OVER"
console.log(
  `size: Home loads ${(total / 1024).toFixed(1)} KiB gz of JavaScript, ${verdict} the ${BUDGET_BYTES / 1024} KiB budget`,
)
process.exit(total <= BUDGET_BYTES ? 0 : 1)
