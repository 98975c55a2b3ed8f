import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

// The page is built into web/dist and served by the Worker as static assets (wrangler.toml [assets]).
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    // Strict CSP (web/public/_headers): never inline anything as data: URIs.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    proxy: { "/api": "http://localhost:8787", "/dev": "http://localhost:8787" },
  },
});
