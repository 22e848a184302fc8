import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serverOnlyGuard } from "./tooling/server-only-guard.ts";

export default defineConfig({
  plugins: [serverOnlyGuard(), reactRouter()],
  // `#server/*` (tsconfig.json paths) instead of ../../../server/*
  resolve: { tsconfigPaths: true },
  // native drivers and the local identity provider stay in node_modules at run time
  ssr: { external: ["@electric-sql/pglite", "pg", "pg-boss", "oidc-provider"] },
});
