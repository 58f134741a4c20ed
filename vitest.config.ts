import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["{core,contracts,adapters,apps,tools}/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**", "test/e2e/**"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
