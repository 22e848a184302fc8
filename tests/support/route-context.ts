// Route modules in-process: the app's real services (startServices, as server.mjs starts
// them) over a test database, and React Router's context built by createLoadContext, so a
// test calls a route module's `loader`/`action` with a plain Request, without a server.
// The root middleware does not run: the visitor is anonymous unless `auth` is handed in.
import { startServices, type AppProcess, type AppServices } from "#server/services";
import { authContext, createLoadContext, type AuthState } from "../../app/context";
import { relaxedLimits } from "./app";
import { createTestDatabase, type TestDatabase } from "./db";

export type RouteArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: ReturnType<typeof createLoadContext>;
};

export type TestServices = {
  services: AppServices;
  process: AppProcess;
  database: TestDatabase;
  /** the arguments React Router hands a loader/action for `url` (relative to PUBLIC_URL) */
  args(url: string, init?: RequestInit & { params?: Record<string, string>; clientIp?: string; auth?: AuthState }): RouteArgs;
  /** calls `fn` (a loader or action) with args(url, init) */
  call<T>(fn: (args: never) => T, url: string, init?: Parameters<TestServices["args"]>[1]): T;
  close(): Promise<void>;
};

export const TEST_PUBLIC_URL = "http://localhost:3999";

/**
 * Starts the services on `database` (a fresh one when omitted; write fixtures into it
 * first: an embedded PGlite directory is open in one place at a time). No job workers.
 */
export async function startTestServices(options: { database?: TestDatabase; env?: Record<string, string>; seed?: boolean } = {}): Promise<TestServices> {
  const database = options.database ?? (await createTestDatabase());
  const appProcess = await startServices(
    {
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "route-context-test-secret-0123456789abcdef",
      SEED_DEMO_DATA: options.seed ? "true" : "false",
      ...relaxedLimits,
      ...database.env,
      ...options.env,
    },
    { startJobs: false },
  );
  const services = appProcess.services;
  const args: TestServices["args"] = (url, init = {}) => {
    const { params = {}, clientIp = "127.0.0.1", auth, ...requestInit } = init;
    const request = new Request(new URL(url, TEST_PUBLIC_URL), requestInit);
    const context = createLoadContext(services, { clientIp });
    if (auth) context.set(authContext, auth);
    return { request, url: new URL(request.url), pattern: new URL(request.url).pathname, params, context };
  };
  return {
    services,
    process: appProcess,
    database,
    args,
    call: (fn, url, init) => {
      const result = fn(args(url, init) as never);
      // as the front door does after a write request: caches check before their next read
      const method = (init?.method ?? "GET").toUpperCase();
      if (method === "GET" || method === "HEAD") return result;
      return Promise.resolve(result).finally(() => appProcess.afterWrite()) as typeof result;
    },
    async close() {
      await appProcess.stop();
      if (!options.database) await database.drop();
    },
  };
}
