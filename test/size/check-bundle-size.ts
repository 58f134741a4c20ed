/**
 * The storefront's first page (Home) may load at most 150 KiB of gzipped
 * JavaScript: what a phone on a weak signal downloads before it can show a
 * competition. Sizes of a build are deterministic, so this is a check, not a
 * timing. Reads Vite's manifest: the entry chunk, every chunk it imports
 * statically, and the Home route's chunks with their static imports. Those
 * must also hold none of the checkout's, the account's or the forms' code,
 * which only their own pages load (decision 0048).
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { PRECOMPRESS_MIN_BYTES } from "../../apps/web/precompress"

const BUDGET_BYTES = 150 * 1024
const dist = path.resolve(import.meta.dirname, "../../apps/web/dist")

interface ManifestChunk {
  readonly file: string
  readonly name?: string
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

/** Pages and form code Home must not load: their routes' chunks and the form library's. */
const NOT_FOR_HOME_ROUTES = /src\/routes\/(?:Checkout|Account|Auth)\//
const NOT_FOR_HOME_CHUNKS =
  /^(?:Fields|SelectField|TextAreaField|HoneyPotBox|useForm|validation|CardForm|StripeCardForm|DetailsForm)$/
const strays = chunks.filter(
  (key) => NOT_FOR_HOME_ROUTES.test(key) || NOT_FOR_HOME_CHUNKS.test(manifest[key]?.name ?? ""),
)
for (const key of strays)
  console.error(`size: Home loads ${manifest[key]?.file} (${key}), which only other pages need`)
let total = 0
// Sent compressed, so the build must have left each one's pre-compressed siblings.
const uncompressed: string[] = []
for (const key of chunks) {
  const file = manifest[key]?.file
  if (!file?.endsWith(".js")) continue
  const bytes = readFileSync(path.join(dist, file))
  for (const sibling of [`${file}.br`, `${file}.gz`])
    if (bytes.length >= PRECOMPRESS_MIN_BYTES && !existsSync(path.join(dist, sibling)))
      uncompressed.push(sibling)
  const gz = gzipSync(bytes).length
  total += gz
  console.log(`size: ${(gz / 1024).toFixed(1).padStart(7)} KiB gz  ${file}`)
}
const verdict = total <= BUDGET_BYTES ? "within" : "OVER"
console.log(
  `size: Home loads ${(total / 1024).toFixed(1)} KiB gz of JavaScript, ${verdict} the ${BUDGET_BYTES / 1024} KiB budget`,
)
for (const sibling of uncompressed) console.error(`size: the build has no ${sibling}`)
process.exit(total <= BUDGET_BYTES && strays.length === 0 && uncompressed.length === 0 ? 0 : 1)
