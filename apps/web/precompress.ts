import { readdir, readFile, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import type { Plugin } from "vite"

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats worth compressing; images and fonts in this build are already compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i
/** Below this a compressed body saves less than its headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full])
    }),
  )
  return nested.flat()
}

/**
 * Writes a `.br` and a `.gz` sibling beside every compressible file of a
 * build, at the highest levels: done once at build time, so the server only
 * picks a file by Accept-Encoding and never spends CPU per request. A
 * sibling that would not be smaller is not written (the server then sends
 * the file as it is). Returns the files compressed.
 */
export const precompressDirectory = async (dir: string): Promise<string[]> => {
  const done: string[] = []
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const { size } = await stat(file)
    if (size < PRECOMPRESS_MIN_BYTES) continue
    const original = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
    ])
    if (br.length < size) await writeFile(`${file}.br`, br)
    if (gz.length < size) await writeFile(`${file}.gz`, gz)
    done.push(file)
  }
  return done
}

/** The Vite plugin: pre-compresses the whole output folder (public files included) after a build. */
export const precompress = (): Plugin => {
  let outDir = ""
  return {
    name: "howzat-precompress",
    apply: "build",
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler: async () => {
        await precompressDirectory(outDir)
      },
    },
  }
}
