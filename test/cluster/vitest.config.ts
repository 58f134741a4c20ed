import { fileURLToPath } from "node:url"
import { defaultClientConditions, defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

/**
 * `npm run test:cluster` (docs/decisions/0087): three built servers behind
 * HAProxy on a throwaway PostgreSQL. Its own configuration, not a project of
 * the root one: it needs the built server (apps/server/dist) and takes the
 * whole machine for a couple of minutes, so `vitest run` never picks it up.
 */
const SOURCE = "@howzat/source"

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: [SOURCE, ...defaultServerConditions.filter((c) => c !== "module")],
    },
  },
  test: {
    include: ["test/cluster/**/*.cluster.ts"],
    pool: "forks",
    maxWorkers: 1,
    minWorkers: 1,
    testTimeout: 420_000,
    hookTimeout: 180_000,
  },
})
