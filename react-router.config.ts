import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts and test runs keep separate builds
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // v8 behaviour now, so the later upgrade is a version bump (DESIGN.md > Stack)
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
