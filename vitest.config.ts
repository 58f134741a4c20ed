import { defaultClientConditions, defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

/**
 * Four projects, so the inner loop runs only what it needs:
 * `npx vitest run core/src/rules` touches the core project alone and never
 * starts PostgreSQL; `npm test` (`vitest run`) runs them all. The adapters
 * project's global set-up migrates one embedded database, the postgres
 * project's starts a throwaway cluster with one migrated template, and
 * every test file starts from a copy (test/support/migrated-template.ts).
 *
 * How they run was measured on a 2-core machine (docs/decisions/0058):
 * one worker per core (vitest's own default leaves one core idle), and the
 * node-only projects share a worker's module cache across its test files
 * rather than importing Effect, Kysely and the server again for each one,
 * which was most of a file's cost. Those files leave the process as they
 * found it (test/support/keep-globals.ts); the browser-like web project's
 * files keep their own module state, so it stays isolated.
 */
const POSTGRES = "**/*.postgres.test.ts"

/** The repository runs @howzat/core and @howzat/contracts from source (see their exports maps). */
const SOURCE = "@howzat/source"

/** Leaves the process as each file found it, for a worker's next file; see above. */
const SHARED_MODULES = { setupFiles: ["test/support/keep-globals.ts"] }

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  // Vitest hands the server conditions to the test processes' Node (--conditions), where
  // "module", a bundlers' condition, makes require() load ES builds Node cannot run
  // (prom-client's @opentelemetry/api); node, as `npm start` runs, never has it.
  ssr: {
    resolve: {
      conditions: [SOURCE, ...defaultServerConditions.filter((c) => c !== "module")],
    },
  },
  test: {
    exclude: ["**/node_modules/**", "**/dist/**", "test/e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: "100%",
    minWorkers: "100%",
    // The pool decides isolation for all its projects: forks share modules,
    // and the web project runs in isolated threads.
    pool: "forks",
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          include: ["core/**/*.test.{ts,tsx}", "contracts/**/*.test.ts", "tools/**/*.test.ts"],
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: { name: "web", include: ["apps/{web,admin}/**/*.test.{ts,tsx}"], pool: "threads" },
      },
      {
        extends: true,
        test: {
          name: "adapters",
          include: ["adapters/**/*.test.{ts,tsx}", "apps/server/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**", "test/e2e/**", POSTGRES],
          globalSetup: ["test/support/pglite-global-setup.ts"],
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [`{adapters,apps,test}/${POSTGRES}`],
          globalSetup: ["test/support/global-setup.ts"],
          ...SHARED_MODULES,
        },
      },
    ],
  },
})
