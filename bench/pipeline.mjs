// What the JSON API's path costs before the route runs, with Express's router and without
// (server/http/fast-api.ts; docs/decisions/platform/json-api-without-express.md). One
// child process serves the same stack twice from the production build's own functions —
// port A through Express (warning, front door, probes, compression, canonical host, the
// route), port B from node:http through createApiPipeline — around a stand-in route that
// answers a small JSON body as respond.ts does. The parent loads A and B in turns
// (BENCH_SLICES, default 6, of BENCH_DURATION / slices seconds each, default 12 s in all;
// 50 connections) and reads the child's CPU time from /proc after each slice, so the CPU
// per answer of each path is measured on the same machine under the same background load.
// Usage: npm run build, then node bench/pipeline.mjs. Prints the figures; writes nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR ?? "build";

if (process.argv[2] === "--serve") {
  process.env.NODE_ENV = "production";
  const http = await import("node:http");
  const { default: express } = await import("express");
  const { default: compression } = await import("compression");
  const entry = (await import(path.join(root, buildDir, "server/index.js"))).entry.module;
  const noop = () => {};
  const log = { debug: noop, info: noop, warn: noop, error: noop };
  const front = entry.createFrontDoor({ log, production: false, ready: async () => ({ ready: true, checks: {} }) });
  const body = JSON.stringify({ data: [{ _id: "6b0a29067b2176b700f75512", state: "active", progress: { percent: 40 } }] });
  const route = (req, res) => {
    res.statusCode = 200;
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(body);
  };
  const ports = [];
  for (const fast of [false, true]) {
    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", 0);
    const warn = entry.warnUntrustedForwarding({ log, trusts: app.get("trust proxy fn") });
    app.use(warn);
    app.use(front.begin);
    app.use(front.probes);
    const compress = compression();
    app.use(compress);
    const hosts = new Set();
    const canonicalHost = (req, res, next) =>
      (req.method !== "GET" && req.method !== "HEAD") || hosts.has(req.headers.host ?? "") ? next() : res.redirect(302, "http://localhost/");
    app.use(canonicalHost);
    app.use(route);
    app.use(front.errors);
    const api = entry.createApiPipeline({
      app,
      before: [warn, front.begin],
      compress,
      canonicalHost,
      handler: route,
      errors: front.errors,
      mounts: [],
      staticPaths: [],
    });
    const server = http.createServer((req, res) => (fast && api.takes(req) ? api.handle(req, res) : app(req, res)));
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    hosts.add(`127.0.0.1:${server.address().port}`);
    ports.push(server.address().port);
  }
  process.send(ports);
} else {
  const child = spawn(process.execPath, [import.meta.filename, "--serve"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [expressPort, fastPort] = await new Promise((resolve) => child.once("message", resolve));
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const slices = Number(process.env.BENCH_SLICES ?? 6);
  const seconds = Number(process.env.BENCH_DURATION ?? 12) / slices;
  const totals = { express: { cpu: 0, requests: 0 }, fast: { cpu: 0, requests: 0 } };
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 10) / 10);
  // warm both up first
  for (const port of [expressPort, fastPort]) await autocannon({ url: `http://127.0.0.1:${port}/api/enrollments/me`, connections: 50, duration: 1 });
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? ["express", "fast"] : ["fast", "express"];
    for (const name of order) {
      const port = name === "express" ? expressPort : fastPort;
      const before = cpuMs();
      const r = await autocannon({ url: `http://127.0.0.1:${port}/api/enrollments/me`, connections: 50, duration: seconds });
      totals[name].cpu += cpuMs() - before;
      totals[name].requests += r.requests.total;
      if (r.non2xx || r.errors) console.log(`${name}: non-2xx ${r.non2xx}, errors ${r.errors}`);
    }
  }
  child.kill();
  const perAnswer = (t) => Math.round((t.cpu / t.requests) * 1000); // µs
  console.log(
    `the same stand-in route behind the front door, ${slices} slices of ${seconds} s each, load average ${loadAverageAtStart.join(" ")} → ${os
      .loadavg()
      .map((x) => Math.round(x * 10) / 10)
      .join(" ")}\n` +
      `through Express: ${perAnswer(totals.express)} µs CPU per answer (${totals.express.requests} answers)\n` +
      `from node:http:  ${perAnswer(totals.fast)} µs CPU per answer (${totals.fast.requests} answers)`,
  );
}
