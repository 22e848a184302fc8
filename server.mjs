// HTTP server: Express in front of the React Router build. Start-up (config, database,
// jobs, identity provider) lives in the build's entry module: server/services.ts.
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";

const dev = process.argv.includes("--dev");
const buildDir = process.env.BUILD_DIR ?? "build";
const seedOnly = process.argv.includes("--seed-only");
const MAX_BODY_BYTES = 1024 * 1024;

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
const app = express();
app.disable("x-powered-by");
// 0 hops: req.ip is the socket address, and a client cannot dodge limits with X-Forwarded-For
app.set("trust proxy", config.TRUST_PROXY_HOPS);
app.use(compression());
app.use((req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  // request bodies are small forms and JSON; uploads go straight to the video provider
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > MAX_BODY_BYTES) {
    res.status(413).type("application/json").send(
      JSON.stringify({ error: "payload_too_large", message: "Požiadavka je príliš veľká.", details: { maxBytes: MAX_BODY_BYTES } }),
    );
    return;
  }
  next();
});
// One canonical host: a page opened as 127.0.0.1 while PUBLIC_URL names localhost (or
// the reverse) moves to the PUBLIC_URL host first, so the sign-in cookies, which belong to
// one host, come back to the callback (else it fails with state_missing).
const allowedHosts = new Set(config.allowedOrigins.map((origin) => new URL(origin).host));
app.use((req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || allowedHosts.has(req.headers.host ?? "")) return next();
  res.redirect(302, new URL(req.originalUrl, config.publicUrl).href);
});
for (const mount of appProcess.mounts) app.use(mount.path, mount.handler);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
  app.use(express.static(`${buildDir}/client`, { maxAge: "1h" }));
}
app.use(express.static("public", { maxAge: "1h" }));

app.use(
  createRequestHandler({
    build: dev ? () => loadBuild() : initial,
    mode: dev ? "development" : "production",
    getLoadContext: (req) => initial.entry.module.createLoadContext(services, { clientIp: req.ip ?? "unknown" }),
  }),
);

const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info(`listening on http://localhost:${port} (student origin ${config.publicUrl})`);
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections?.();
  try {
    await appProcess.stop();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
