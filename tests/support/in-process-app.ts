// The built app served from the test process itself: the build's startServices and
// request handler behind a small Express server (the same order as server.mjs: the
// local provider's mount, then React Router; no compression, static files or security
// headers). For tests that must read and write the app's own database while it runs on
// embedded PGlite, which only one process can open: `db` is the app's own client.
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import type { Database } from "#server/db";
import type { AppProcess } from "#server/services";
import { buildEntry } from "../../scripts/build-app.mjs";
import { appTestEnv, freePort } from "./app";
import { createTestDatabase, type TestDatabase } from "./db";

export type InProcessApp = { url: string; port: number; database: TestDatabase; db: Database; process: AppProcess; stop(): Promise<void> };

export async function startInProcessApp(options: { env?: Record<string, string>; seed?: boolean; database?: TestDatabase } = {}): Promise<InProcessApp> {
  const database = options.database ?? (await createTestDatabase());
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const build = await import(/* @vite-ignore */ pathToFileURL(buildEntry()).href);
  const appProcess: AppProcess = await build.entry.module.startServices(appTestEnv(port, database, options));
  const app = express();
  app.set("trust proxy", appProcess.config.trustProxy);
  // as the front door does: a write request answered → caches check before their next read
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") res.once("finish", () => appProcess.afterWrite());
    next();
  });
  for (const mount of appProcess.mounts) app.use(mount.path, mount.handler);
  app.use(
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req) => build.entry.module.createLoadContext(appProcess.services, { clientIp: req.ip ?? "unknown" }),
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    url,
    port,
    database,
    db: appProcess.services.db,
    process: appProcess,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await appProcess.stop();
      if (!options.database) await database.drop();
    },
  };
}
