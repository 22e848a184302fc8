import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serverOnlyGuard } from "./tooling/server-only-guard.ts";

export default defineConfig({
  plugins: [serverOnlyGuard(), reactRouter()],
  // `#server/*` (tsconfig.json paths) instead of ../../../server/*
  resolve: { tsconfigPaths: true },
  // native drivers and the local identity provider stay in node_modules at run time
  ssr: { external: ["@electric-sql/pglite", "pg", "pg-boss", "oidc-provider"] },
  build: {
    // hls.js (578 kB, one module that cannot be split) is the only piece above Vite's 500 kB;
    // it loads only with Mux Player, only where a Mux video plays
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Mux Player (with hls.js) is loaded lazily, only where a Mux video plays
        // (app/components/video-block.tsx); split into pieces under Vite's 500 kB warning
        // so that the build prints no warning and the pieces download in parallel
        codeSplitting: {
          // React first: a group takes its modules' dependencies too, and React must stay
          // with the entry rather than travel with the player
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: "mux-player",
              priority: 10,
              test: /node_modules[\\/](@mux|hls\.js|media-chrome|castable-video|custom-media-element|media-tracks|mux-embed)/,
              maxSize: 400_000,
            },
          ],
        },
      },
    },
  },
});
