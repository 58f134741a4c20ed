/**
 * A prototype to measure, not to ship (`npm run prototype:home-first-screen`;
 * decision 0095). Needs `npm run build` first.
 *
 * Asks what Home would score if the page the server sends already held
 * Home's first screen as HTML, before any script runs: it starts the shop as
 * the Lighthouse run does (./lighthouse.ts), opens Home in headless Chromium
 * at a phone's size, copies the built storefront to HOME_FIRST_SCREEN_DIR
 * (/tmp/howzat-home-first-screen) and writes what React rendered into the
 * copy's `<div id="root">`. React's `createRoot` replaces it on its first
 * render, so nothing shifts (new nodes are not layout shifts). With
 * HOME_FIRST_SCREEN_LOW_PRIORITY=1 the entry script and the modulepreloads
 * are also asked at low fetch priority, so the HTML's own paint is not queued
 * behind them. Measure it with
 * `WEB_DIST_DIR=/tmp/howzat-home-first-screen npm run bench:lighthouse`.
 *
 * The snapshot is the demo data of the moment it was taken, and the copy
 * serves it for every path: fit for a Lighthouse run on `/`, nothing else.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { brotliCompress, gzip } from "node:zlib"
import { chromium } from "playwright"
import { REPO_ROOT } from "./http-processes"
import { startShop } from "./lighthouse"

const target = process.env.HOME_FIRST_SCREEN_DIR ?? path.join(tmpdir(), "howzat-home-first-screen")
const lowPriority = process.env.HOME_FIRST_SCREEN_LOW_PRIORITY === "1"
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium"

const dataDir = await mkdtemp(path.join(tmpdir(), "howzat-first-screen-"))
const shop = await startShop(dataDir)
const browser = await chromium.launch({ executablePath: chromePath, args: ["--headless=new"] })
let firstScreen: string
try {
  // Lighthouse's mobile viewport, so the tiles and carousel take their phone layout.
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
  await page.goto(`${shop.origin}/`, { waitUntil: "load" })
  await page.locator("main").first().waitFor()
  await page.waitForLoadState("networkidle")
  firstScreen = await page.evaluate(() => document.getElementById("root")?.innerHTML ?? "")
} finally {
  await browser.close()
  await shop.stop()
  await rm(dataDir, { recursive: true, force: true })
}

await rm(target, { recursive: true, force: true })
await cp(path.join(REPO_ROOT, "apps/web/dist"), target, { recursive: true })
let html = (await readFile(path.join(target, "index.html"), "utf8")).replace(
  '<div id="root"></div>',
  () => `<div id="root">${firstScreen}</div>`,
)
if (lowPriority)
  html = html
    .replace(
      '<script type="module" crossorigin',
      '<script type="module" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      'rel="modulepreload" crossorigin',
      'rel="modulepreload" fetchpriority="low" crossorigin',
    )
await writeFile(path.join(target, "index.html"), html)
// Compressed siblings as the build writes them (decision 0048): the page is served compressed,
// as a server-written first screen would be, not as 60-odd KiB of raw HTML.
await writeFile(path.join(target, "index.html.br"), await promisify(brotliCompress)(html))
await writeFile(path.join(target, "index.html.gz"), await promisify(gzip)(html))
console.log(
  `Home's first screen (${(firstScreen.length / 1024).toFixed(1)} KiB of HTML) written into ${target}/index.html` +
    (lowPriority ? ", its scripts at low priority" : ""),
)
