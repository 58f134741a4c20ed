// `npm start` runs the server as built JavaScript, not through a TypeScript
// loader (decision 0052). esbuild bundles the server's own code and every
// workspace package (@howzat/*, whose sources are TypeScript) into
// apps/server/dist; every other package stays an import from node_modules, so
// native and WebAssembly packages (PGlite, sharp, argon2) load their files
// as they expect. dist/ sits at the same depth as src/, so paths the server
// finds from its own folder (config.ts's repository root) are unchanged.
import { build } from "esbuild"

const here = new URL(".", import.meta.url).pathname

/** A bare import is external unless it is one of ours. */
const nodeModulesExternal = {
  name: "node-modules-external",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@howzat/") ? undefined : { path: args.path, external: true },
    )
  },
}

await build({
  absWorkingDir: here,
  entryPoints: {
    main: "src/main.ts",
    staff: "src/cli/staff.ts",
    preflight: "src/cli/preflight.ts",
    backup: "src/cli/backup.ts",
    restore: "src/cli/restore.ts",
    migrate: "src/cli/migrate.ts",
  },
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  // The workspace packages' exports send this condition to their sources.
  conditions: ["@howzat/source"],
  plugins: [nodeModulesExternal],
  sourcemap: "linked",
  // Kept readable: a stack trace in production names the real functions.
  minify: false,
  keepNames: true,
  logLevel: "warning",
  metafile: false,
})
