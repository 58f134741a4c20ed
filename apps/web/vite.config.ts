import { fileURLToPath } from "node:url"
import tailwindcss from "@tailwindcss/vite"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defineConfig, type Plugin } from "vite"
import { homeHints } from "./hero-preload"
import { precompress } from "./precompress"
import { brand, metaTags } from "./src/brand"

const here = fileURLToPath(new URL(".", import.meta.url))
const api = process.env.HOWZAT_API ?? "http://localhost:3000"

/** Crawlers and link previews read index.html before any script runs, so the brand's meta goes in at build time. */
const brandMeta = (): Plugin => ({
  name: "howzat-brand-meta",
  transformIndexHtml: () => [
    { tag: "title", children: brand.fullName, injectTo: "head" },
    ...metaTags().map((attrs) => ({ tag: "meta", attrs, injectTo: "head" as const })),
  ],
})

export default defineConfig({
  root: here,
  // @howzat/core and @howzat/contracts from source, not their built dist/.
  resolve: { conditions: ["@howzat/source", ...defaultClientConditions] },
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
    brandMeta(),
    homeHints(brand.carouselItems),
    // Last: brotli and gzip siblings of the finished output, served by Accept-Encoding (decision 0048).
    precompress(),
  ],
  server: {
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/health": { target: api, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/health": { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    // The bundle-size check (test/size) reads the manifest to find Home's chunks.
    manifest: true,
    target: "es2022",
  },
})
