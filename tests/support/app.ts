// Starts the built app (node server.mjs) on a free port with its own database, for
// integration tests that talk HTTP to it. Run `npm run build` first (globalSetup does).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "./db";

export type RunningApp = {
  url: string;
  port: number;
  database: TestDatabase;
  /** everything the server printed, for debugging a failed test */
  output: () => string;
  /** sends a signal to the server process (SIGTERM: graceful stop) */
  kill(signal: NodeJS.Signals): void;
  /** the server process's exit code, once it exits */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Limits high enough that tests not about limits never meet them. */
export const relaxedLimits = {
  RATE_LIMIT_CATALOG_PER_MIN: "100000",
  RATE_LIMIT_PREVIEW_PER_MIN: "100000",
  RATE_LIMIT_PUBLIC_PER_MIN: "100000",
  RATE_LIMIT_LOGIN_PER_15MIN: "100000",
};

/**
 * The local provider's API token test apps run with (the app's own default is random per
 * data directory; tests that check that pass `IDP_API_TOKEN: ""`, which counts as unset).
 */
export const TEST_IDP_API_TOKEN = "local-dev-api-token";

/** The configuration a test app runs with (child process or in-process alike). */
export function appTestEnv(port: number, database: TestDatabase, options: { env?: Record<string, string>; seed?: boolean } = {}) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    SEED_DEMO_DATA: options.seed === false ? "false" : "true",
    IDP_API_TOKEN: TEST_IDP_API_TOKEN,
    ...relaxedLimits,
    ...database.env,
    ...options.env,
  };
}

export async function startApp(options: { env?: Record<string, string>; seed?: boolean; database?: TestDatabase; port?: number } = {}): Promise<RunningApp> {
  const database = options.database ?? (await createTestDatabase());
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const root = path.resolve(import.meta.dirname, "../..");
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...appTestEnv(port, database, options),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + Number(process.env.APP_START_MS ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/courses?pageSize=1`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    port,
    database,
    output: () => output,
    kill: (signal) => void child.kill(signal),
    exited,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.database) await database.drop();
    },
  };
}
