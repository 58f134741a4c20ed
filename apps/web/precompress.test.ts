import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { precompressDirectory } from "./precompress"

const script = `export const tiles = ${JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Competition ${i}` })),
)}\n`

describe("pre-compression at build time", () => {
  it("writes brotli and gzip siblings that decompress to the very file", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "howzat-precompress-"))
    mkdirSync(path.join(dist, "assets"))
    const file = path.join(dist, "assets", "index-abc.js")
    writeFileSync(file, script)
    await precompressDirectory(dist)
    const br = readFileSync(`${file}.br`)
    const gz = readFileSync(`${file}.gz`)
    expect(br.length).toBeLessThan(script.length)
    expect(gz.length).toBeLessThan(script.length)
    expect(brotliDecompressSync(br).toString()).toBe(script)
    expect(gunzipSync(gz).toString()).toBe(script)
  })

  it("leaves tiny files, images and already-compressed files alone", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "howzat-precompress-"))
    writeFileSync(path.join(dist, "tiny.js"), "console.log(1)")
    writeFileSync(path.join(dist, "photo.webp"), Buffer.alloc(4096, 7))
    writeFileSync(path.join(dist, "index.html"), `<html>${"<p>Win</p>".repeat(200)}</html>`)
    await precompressDirectory(dist)
    expect(existsSync(path.join(dist, "tiny.js.br"))).toBe(false)
    expect(existsSync(path.join(dist, "photo.webp.br"))).toBe(false)
    expect(existsSync(path.join(dist, "index.html.br"))).toBe(true)
    // Run twice (a rebuild into the same folder): no `.br.br`.
    await precompressDirectory(dist)
    expect(existsSync(path.join(dist, "index.html.br.br"))).toBe(false)
    expect(existsSync(path.join(dist, "index.html.br.gz"))).toBe(false)
  })
})
