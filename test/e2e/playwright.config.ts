import { defineConfig, devices } from "@playwright/test"

/**
 * Debian's Chromium, never a downloaded browser. The shop runs from the
 * built storefront on an in-memory embedded database seeded with demo data,
 * so each run starts from the same known state.
 */
const port = Number(process.env.E2E_PORT ?? 3197)
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
}

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "mobile",
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: "node --import tsx apps/server/src/main.ts",
    cwd: "../..",
    url: `http://localhost:${port}/health/ping`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PGLITE_DATA_DIR: "memory://",
      SEED_DEMO_DATA: "true",
    },
  },
})
