import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url))
const biome = join(REPO_ROOT, "node_modules/.bin/biome")

/**
 * What `npm run lint` says of `source` as a file under `folder`. Biome's
 * overrides go by path, and its stdin mode reports no diagnostics, so the
 * probe is a real file in a throwaway folder there, removed afterwards.
 */
export const lint = (folder: string, fileName: string, source: string) => {
  const probe = join(REPO_ROOT, folder, `lint-probe-${process.pid}`)
  const file = join(probe, fileName)
  mkdirSync(dirname(file), { recursive: true })
  try {
    writeFileSync(file, source)
    const run = spawnSync(biome, ["lint", file], { cwd: REPO_ROOT, encoding: "utf8" })
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}
