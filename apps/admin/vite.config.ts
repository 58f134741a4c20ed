import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defineConfig } from "vite"
import { precompress } from "../web/precompress"

const here = fileURLToPath(new URL(".", import.meta.url))
const api = process.env.HOWZAT_API ?? "http://localhost:3000"
const proxy = {
  "/api": { target: api, changeOrigin: true },
  "/files": { target: api, changeOrigin: true },
}

/**
 * The back office is its own build, served by the same server under /admin:
 * nothing of it is ever part of the storefront's bundle (decision 0034).
 */
export default defineConfig({
  root: here,
  // @howzat/core and @howzat/contracts from source, not their built dist/.
  resolve: { conditions: ["@howzat/source", ...defaultClientConditions] },
  base: "/admin/",
  plugins: [
    // Must run before the React plugin so it can split route files first.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${here}src/routes`,
      generatedRouteTree: `${here}src/routeTree.gen.ts`,
      tmpDir: `${here}.tanstack/tmp`,
      quoteStyle: "double",
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    // Last: brotli and gzip siblings of the finished output, served by Accept-Encoding (decision 0048).
    precompress(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    target: "es2022",
  },
})
