// HTTP server: Express in front of the React Router build (the JSON API under /api/ is
// served by the same handlers without Express's router: server/http/fast-api.ts). Start-up (config, database,
// jobs, identity provider) lives in the build's entry module: server/services.ts; so does
// the front door every request meets first (server/http/front.ts: request id and log line,
// methods, Host, body cap, security headers, /healthz, /readyz, /metrics).
// The production switch implies Node's: Express and React Router hide error details then.
// The built server (anything but --dev) runs React and Express in their production mode
// too unless NODE_ENV says otherwise: React's development build renders pages several
// times slower. (Static imports run before this line; none of them reads NODE_ENV until
// express() is called. React is read by the build, imported dynamically below.)
if (process.env.APP_ENV === "production" || (process.env.NODE_ENV === undefined && !process.argv.includes("--dev"))) {
  process.env.NODE_ENV = "production";
}
import http from "node:http";
import express from "express";
import compression from "compression";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";
const seedOnly = process.argv.includes("--seed-only");

let viteDevServer;
let loadBuild;
if (dev) {
  const vite = await import("vite");
  viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  loadBuild = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build");
} else {
  const build = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  loadBuild = async () => build;
}

const initial = await loadBuild();
// `npm run migrate`: the migrations (under the migration lock) and nothing else
if (process.argv.includes("--migrate-only")) {
  try {
    const { kind, applied } = await initial.entry.module.migrateDatabase(process.env);
    console.log(`migrations current: ${applied} applied (${kind === "pglite" ? "embedded PGlite" : "PostgreSQL server"})`);
    process.exit(0);
  } catch (error) {
    if (error instanceof initial.entry.module.ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
let appProcess;
try {
  appProcess = await initial.entry.module.startServices(process.env, { seedOnly });
} catch (error) {
  if (error instanceof initial.entry.module.ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (seedOnly) {
  await appProcess.stop();
  process.exit(0);
}

const { config, services } = appProcess;
const { log } = services;
const entry = initial.entry.module;
const front = entry.createFrontDoor({
  log,
  production: config.production,
  routes: initial.routes,
  ready: () => appProcess.ready(),
  metricsToken: config.METRICS_TOKEN,
  // the local video stand-in's upload path takes bodies above the 1 MiB cap (its own cap)
  bodyLimits: appProcess.bodyLimits,
  // the catalog cache checks the database before its next read (read-your-writes here)
  afterWrite: () => appProcess.afterWrite(),
});
const app = express();
app.disable("x-powered-by");
// TRUST_PROXY (required in production): hops or the proxies' addresses. 0: req.ip is the
// socket address, and a client cannot dodge limits with X-Forwarded-For
app.set("trust proxy", config.trustProxy);
// X-Forwarded-For from an untrusted peer is ignored, and said so in the log (rate-limited)
const warnForwarding = entry.warnUntrustedForwarding({ log, trusts: app.get("trust proxy fn") });
app.use(warnForwarding);
// request id + log line, methods, target and Host, security headers, the 1 MiB body cap
app.use(front.begin);
// probes answer before the canonical-host redirect: a load balancer asks by IP address
app.use(front.probes);
const compress = compression();
app.use(compress);
// One canonical host: a page opened as 127.0.0.1 while PUBLIC_URL names localhost (or
// the reverse) moves to the PUBLIC_URL host first, so the sign-in cookies, which belong to
// one host, come back to the callback (else it fails with state_missing).
const allowedHosts = new Set(config.allowedOrigins.map((origin) => new URL(origin).host));
const canonicalHost = (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || allowedHosts.has(req.headers.host ?? "")) return next();
  res.redirect(302, new URL(req.originalUrl, config.publicUrl).href);
};
app.use(canonicalHost);
for (const mount of appProcess.mounts) app.use(mount.path, mount.handler);

let staticFiles;
if (viteDevServer) {
  app.use(viteDevServer.middlewares);
  app.use(express.static("public", { maxAge: "1h" }));
} else {
  // the files are listed once at start: a page or API request costs no filesystem lookup
  staticFiles = entry.createStaticFiles([
    { dir: `${buildDir}/client`, prefix: "/assets", options: { immutable: true, maxAge: "1y" } },
    { dir: `${buildDir}/client`, options: { maxAge: "1h" }, versioned: true },
    { dir: "public", options: { maxAge: "1h" }, versioned: true },
  ]);
  app.use(staticFiles);
}

// React Router (server/http/respond.ts: the answer in one write, ETag and 304,
// Cache-Control public for answers without credentials, private for a signed-in person's;
// server/http/answer-cache.ts)
const appHandler = entry.createAppHandler({
  build: dev ? () => loadBuild() : initial,
  mode: dev ? "development" : "production",
  getLoadContext: (req) => entry.createLoadContext(services, { clientIp: req.ip ?? "unknown" }),
  // anonymous visitors' public answers made from memory, given again for a few seconds
  answers: dev ? undefined : (appProcess.answers ?? undefined),
});
app.use(appHandler);
// anything thrown above: logged, answered 500 with the error body, never a stack
app.use(front.errors);

// The JSON API straight from node:http: the same handlers as above in the same order,
// without Express's router (server/http/fast-api.ts,
// docs/decisions/platform/json-api-without-express.md). Not under `npm run dev` (Vite's
// middleware stays in front of everything there).
const api = entry.createApiPipeline({
  app,
  before: [warnForwarding, front.begin],
  compress,
  canonicalHost,
  handler: appHandler,
  errors: front.errors,
  mounts: appProcess.mounts.map((mount) => mount.path),
  staticPaths: staticFiles?.files.keys() ?? [],
});
if (!api.enabled) log.warn("a mount or a static file lies under /api/: the JSON API is served through Express");
const server = http.createServer((req, res) => {
  if (!viteDevServer && api.takes(req)) api.handle(req, res);
  else app(req, res);
});
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info(`listening on http://${config.HOST}:${port} (student origin ${config.publicUrl})`, {
    appEnv: config.APP_ENV,
    nodeEnv: process.env.NODE_ENV ?? null,
  });
});
// 431 and malformed requests get the error body too
entry.installClientErrorHandler(server, log);

// Prometheus metrics on their own listener (loopback unless METRICS_HOST says otherwise)
let metricsServer;
if (config.METRICS_PORT) {
  metricsServer = http.createServer((req, res) => {
    if (req.method === "GET" && req.url?.split("?")[0] === "/metrics") {
      entry.serveMetrics(res).catch(() => res.destroy());
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
  });
  metricsServer.listen(config.METRICS_PORT, config.METRICS_HOST, () => log.info(`metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`));
}

// SIGTERM: /readyz says 503 at once; after SHUTDOWN_DRAIN_SECONDS (0: at once) stop
// accepting, finish the requests in flight (each answer closes its connection), stop the job workers after their current job, close
// the database, exit. Past SHUTDOWN_TIMEOUT_SECONDS the remaining connections are cut.
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const graceMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
  log.info("shutting down", { signal, inFlight: front.inFlight(), drainSeconds: config.SHUTDOWN_DRAIN_SECONDS });
  front.beginShutdown();
  // the whole stop is bounded: the drain, grace for requests, then up to 10 s for workers and pools
  setTimeout(
    () => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    },
    drainMs + graceMs + 10_000,
  ).unref();
  // drain: /readyz answers 503 while the listener stays open and requests are served as
  // usual, so the load balancer stops sending before new connections are refused
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  const cut = setTimeout(() => {
    log.warn("requests still running at the end of the grace period; closing their connections", { inFlight: front.inFlight() });
    server.closeAllConnections();
  }, graceMs);
  metricsServer?.close();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  clearTimeout(cut);
  let code = 0;
  try {
    await appProcess.stop();
  } catch (error) {
    log.error("error while stopping", { error });
    code = 1;
  }
  log.info("stopped");
  process.exit(code);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
