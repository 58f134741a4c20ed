import { afterAll } from "vitest"

/**
 * The projects that share one module cache across a worker's test files
 * (`isolate: false` in vitest.config.ts) leave the process's web globals as
 * each file found them: @hono/node-server puts its own Request and Response
 * on the global object when a test starts a real HTTP server, and a later
 * file's msw would then answer with the wrong class.
 */
const GLOBALS = ["Request", "Response", "Headers", "fetch"] as const
const found = new Map(GLOBALS.map((name) => [name, globalThis[name]]))

afterAll(() => {
  for (const [name, value] of found) {
    if (globalThis[name] !== value) {
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true })
    }
  }
})
