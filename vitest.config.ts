import { defaultClientConditions, defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

/**
 * Four projects (issue 14 §4), so the inner loop runs only what it needs:
 * `npx vitest run core/src/rules` touches the core project alone and never
 * starts PostgreSQL; `npm test` (`vitest run`) runs them all. Only the
 * postgres project has the global set-up that starts a throwaway cluster.
 */
const POSTGRES = "**/*.postgres.test.ts"

/** The repository runs @howzat/core and @howzat/contracts from source (see their exports maps). */
const SOURCE = "@howzat/source"

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  test: {
    exclude: ["**/node_modules/**", "**/dist/**", "test/e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          include: ["core/**/*.test.{ts,tsx}", "contracts/**/*.test.ts", "tools/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "web", include: ["apps/{web,admin}/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "adapters",
          include: ["adapters/**/*.test.{ts,tsx}", "apps/server/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**", "test/e2e/**", POSTGRES],
          globalSetup: ["test/support/pglite-global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [`{adapters,apps,test}/${POSTGRES}`],
          globalSetup: ["test/support/global-setup.ts"],
        },
      },
    ],
  },
})
