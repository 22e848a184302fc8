import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts and test runs keep separate builds
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router's own action-origin guard (Origin must equal the Host, else a bare 400)
  // is handed to the root middleware's check, which compares with PUBLIC_URL/ADMIN_URL
  // and answers 403 origin_not_allowed everywhere (server/http/origin.ts)
  allowedActionOrigins: ["**"],
} satisfies Config;
