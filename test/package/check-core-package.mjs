// `npm run test:package`: lints @howzat/core as another service receives it.
// Packs core the way a release would (`npm pack`, whose prepack builds dist/ with
// tsc -b) into a temporary folder, then runs publint (the package.json against
// the files the tarball holds) and Are the Types Wrong (every entry point's
// types resolve as TypeScript resolves them) on the tarball. Either one's
// complaint fails the stage. What each is told to ignore, and why, is in
// docs/decisions/0103-a-deliberate-surface-for-core.md.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))
const bin = (name) => join(root, "node_modules/.bin", name)

/** Runs a command with its output shown; its exit code. */
const run = (command, args) => {
  console.log(`$ ${[command, ...args].join(" ")}`)
  // Plain Node for the tools: no @howzat/source condition inherited from a caller.
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_OPTIONS: "" },
  })
  return result.status ?? 1
}

const folder = mkdtempSync(join(tmpdir(), "howzat-core-pack-"))
let failed = false
try {
  if (run("npm", ["pack", "--silent", "--pack-destination", folder, "./core"]) !== 0) {
    console.error("core package: npm pack failed (its prepack builds core with tsc -b)")
    process.exit(1)
  }
  const tarball = readdirSync(folder).find((name) => name.endsWith(".tgz"))
  if (!tarball) {
    console.error(`core package: npm pack left no tarball in ${folder}`)
    process.exit(1)
  }
  const packed = join(folder, tarball)
  // --strict: a warning fails too; the package has none today, so a new one is news.
  if (run(bin("publint"), ["run", "--strict", packed]) !== 0) failed = true
  // ESM only (core is "type": "module" with no require condition), so attw's
  // CommonJS and node10 resolutions are not promises the package makes.
  if (run(bin("attw"), [packed, "--profile", "esm-only", "--format", "table-flipped"]) !== 0)
    failed = true
} finally {
  rmSync(folder, { recursive: true, force: true })
}
if (failed) {
  console.error("core package: publint or attw found a problem in the packed @howzat/core")
  process.exit(1)
}
console.log("core package: publint and attw find nothing wrong with the packed @howzat/core")
