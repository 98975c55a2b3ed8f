import { defineConfig } from "vite";
import preact from "@preact/preset-vite";

const GAME_PAGE = /\/web\/(pages\/Game\.tsx|live\.ts|replay\.ts|components\/[^/]+)$|\/worker\/engine\/hex\.ts$/;
// loaded only when opened or needed (the game menu's parts, the end of a game, a ruleset's own
// pieces): a component the page loads with import() must be named here, or it joins "game"
const LOADED_LATER = /\/components\/(GameMenuBody|NotifyEntry|OtherDeviceEntry|Pause|Vacation|Notify|NotifyChannels|OtherDevice|GameOver|Rematch|Placement|CrtTable|Counter|MyGames)\.tsx$|\/components\/(home|notify)\//;

// The page is built into web/dist and served by the Worker as static assets (wrangler.toml [assets]).
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [preact()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Strict CSP (web/public/_headers): never inline anything as data: URIs.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // every game page loads all of these: one file, not six small ones each with its own overhead
        // (not what they import besides: preact and the API stay in the entry, and the home page loads none of this)
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [{ name: "game", test: (id: string) => GAME_PAGE.test(id) && !LOADED_LATER.test(id) }],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:8787", "/dev": "http://localhost:8787" },
  },
});
