// `npm run bench:files` (issue 32, item 3): uploads stream, never buffer. On a fresh
// PostgreSQL database with the demo seed, the production build is started and the demo
// content manager signs in; BENCH_FILES (default 20) distinct PDFs of BENCH_FILE_MIB
// (default 40) MiB each are sent at once, in parallel, to POST /api/admin/files (kind
// `attachment`, 50 MiB cap), each generated while it is sent (random bytes inside a valid
// one-page PDF, so no two are the same content and nothing is deduplicated). The server's
// resident memory is sampled from /proc every 20 ms: the figure is the peak growth over
// the resident size just before the uploads (goal < 150 MiB). The same files then go to a
// bare twin (`node:http` + busboy + pg, nothing else): the body is parsed as a stream,
// hashed and spooled to the temporary directory as the app does, then written in 1 MiB
// chunks into the same tables (file_contents, file_chunks) of the same database in one
// transaction. Throughput is the bytes sent over the wall time from the first byte to the
// last answer. Prints the figures and writes the `files` key of bench/results.json (other
// keys kept; BENCH_ONLY=1 leaves the file as it was). Not part of `npm test`.
import { execSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import busboy from "busboy";
import pg from "pg";
import { freePort, scratchDatabase, waitUntilAnswering } from "../scripts/harness.mjs";
import { signIn } from "./scale-data.mjs";

const root = path.resolve(import.meta.dirname, "..");
const FILES = Number(process.env.BENCH_FILES ?? 20);
const FILE_BYTES = Number(process.env.BENCH_FILE_MIB ?? 40) * 1024 * 1024;
const CHUNK = 1024 * 1024;
const MiB = 1024 * 1024;
const CONTENT_MANAGER = "martin.simko@demo.sk";
const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** A valid one-page PDF of exactly `size` bytes whose padding stream is random: yielded in 1 MiB pieces. */
function* pdfPieces(size) {
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n",
  ];
  const head = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const headBytes = Buffer.from(head, "latin1");
  const offsets = [];
  let at = headBytes.length;
  for (const o of objects) {
    offsets.push(at);
    at += o.length;
  }
  offsets.push(at);
  // the tail's length depends on the numbers in it: fix their widths (10 digits)
  const tailOf = (length, startxref) =>
    `\nendstream\nendobj\nxref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${String(startxref).padStart(10, "0")}\n%%EOF\n`;
  const streamHeadOf = (length) => `4 0 obj\n<< /Length ${String(length).padStart(10, "0")} >>\nstream\n`;
  const fixed = headBytes.length + objects.join("").length + streamHeadOf(0).length + tailOf(0, 0).length;
  const length = size - fixed;
  const streamStart = at + streamHeadOf(length).length;
  yield Buffer.concat([headBytes, Buffer.from(objects.join("") + streamHeadOf(length), "latin1")]);
  for (let left = length; left > 0; left -= CHUNK) yield randomBytes(Math.min(CHUNK, left));
  yield Buffer.from(tailOf(length, streamStart + length + "\nendstream\nendobj\n".length), "latin1");
}

/** Sends one multipart upload as it is generated; resolves with the status and body. */
function upload(target, headers, index, size = FILE_BYTES) {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(target, {
      method: "POST",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + size + tail.length },
    });
    req.on("response", (res) => {
      const parts = [];
      res.on("data", (d) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString() }));
    });
    req.on("error", reject);
    const pieces = pdfPieces(size);
    const write = () => {
      for (;;) {
        const next = pieces.next();
        if (next.done) return req.end(tail);
        if (!req.write(next.value)) return req.once("drain", write);
      }
    };
    req.write(head);
    write();
  });
}

/** Samples a process's resident memory (VmRSS, /proc) every 20 ms until stopped. */
function sampleRss(pid) {
  const read = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  const baseline = read();
  let peak = baseline;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {}
  }, 20);
  return {
    baseline,
    stop: () => (clearInterval(timer), { baselineMiB: round(baseline / MiB), peakMiB: round(peak / MiB), peakGrowthMiB: round((peak - baseline) / MiB) }),
  };
}

const round = (x) => Math.round(x * 10) / 10;

async function runAll(target, headers) {
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: FILES }, (_, i) => upload(target, headers, i)));
  const seconds = (Date.now() - started) / 1000;
  const refused = answers.filter((a) => a.status !== 201);
  if (refused.length) throw new Error(`${refused.length} uploads refused, e.g. ${refused[0].status} ${refused[0].body.slice(0, 300)}`);
  return { seconds: round(seconds), throughputMiBps: round((FILES * FILE_BYTES) / MiB / seconds) };
}

/** The bare twin's process: node:http + busboy, spooled and hashed as it arrives, then the chunks into PostgreSQL. */
export function bareServer(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return http
    .createServer((req, res) => {
      if (req.method !== "POST") return void res.writeHead(200).end("bare");
      const parser = busboy({ headers: req.headers, preservePath: true, defParamCharset: "utf8" });
      let spooled = null;
      let written = Promise.resolve();
      parser.on("file", (_field, stream, info) => {
        const file = path.join(os.tmpdir(), `bare-upload-${randomBytes(12).toString("hex")}`);
        const hash = createHash("sha256");
        const entry = { file, name: info.filename, size: 0, sha256: "" };
        spooled = entry;
        const meter = new Transform({
          transform(chunk, _enc, done) {
            entry.size += chunk.length;
            hash.update(chunk);
            done(null, chunk);
          },
        });
        written = pipeline(stream, meter, fs.createWriteStream(file, { mode: 0o600 })).then(() => {
          entry.sha256 = hash.digest("hex");
        });
      });
      parser.on("close", async () => {
        const client = await pool.connect();
        try {
          await written;
          await client.query("begin");
          const inserted = await client.query(
            "insert into file_contents (sha256, size_bytes, chunk_bytes) values ($1, $2, $3) on conflict do nothing returning sha256",
            [spooled.sha256, spooled.size, CHUNK],
          );
          if (inserted.rowCount) {
            const handle = await fs.promises.open(spooled.file, "r");
            const buffer = Buffer.allocUnsafe(CHUNK);
            for (let seq = 0, offset = 0; offset < spooled.size; seq++) {
              const { bytesRead } = await handle.read(buffer, 0, CHUNK, offset);
              await client.query("insert into file_chunks (sha256, seq, data) values ($1, $2, $3)", [spooled.sha256, seq, buffer.subarray(0, bytesRead)]);
              offset += bytesRead;
            }
            await handle.close();
          }
          await client.query("commit");
          res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ file: { sha256: spooled.sha256, sizeBytes: spooled.size } }));
        } catch (error) {
          await client.query("rollback").catch(() => {});
          res.writeHead(500).end(String(error));
        } finally {
          client.release();
          if (spooled) await fs.promises.rm(spooled.file, { force: true });
        }
      });
      req.pipe(parser);
    })
    .on("close", () => pool.end());
}

async function main() {
  const { buildAppIfMissing } = await import("../scripts/build-app.mjs");
  if (!buildAppIfMissing()) process.exit(1);
  const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const loadAverageAtStart = loadAverage();
  const { name, url, admin } = await scratchDatabase(base, "bench_files");
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATABASE_URL: url.href,
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_LOGIN_PER_15MIN: "100000",
    },
  });
  const db = new pg.Client({ connectionString: url.href });
  db.on("error", () => {});
  let bare;
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/readyz`, { what: "the app" });
    await db.connect();
    const cookie = await signIn(origin, CONTENT_MANAGER, { returnTo: "/admin" });
    const headers = { cookie, origin, host: `localhost:${port}` };
    // one small upload first, so the route's modules and the pool are warm for both
    const warm = async (target) => {
      const r = await upload(target, headers, "warm", 256 * 1024);
      if (r.status !== 201) throw new Error(`warm-up upload: ${r.status} ${r.body.slice(0, 300)}`);
    };
    await warm(`http://127.0.0.1:${port}/api/admin/files`);
    await new Promise((r) => setTimeout(r, 2000));
    const appRss = sampleRss(child.pid);
    const appRun = await runAll(`http://127.0.0.1:${port}/api/admin/files`, headers);
    const appMemory = appRss.stop();
    const {
      rows: [stored],
    } = await db.query(
      "select count(*)::int as n, coalesce(sum(size_bytes), 0)::bigint as bytes from files where name like 'bench-%' and name <> 'bench-warm.pdf'",
    );
    if (stored.n !== FILES) throw new Error(`the app stored ${stored.n} files, not ${FILES}`);

    // the bare twin in its own process, so its memory is measured the same way
    const barePort = await freePort();
    bare = spawn(process.execPath, [fileURLToPath(import.meta.url), "--bare", String(barePort), url.href], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitUntilAnswering(`http://127.0.0.1:${barePort}/`, { what: "the bare twin" }).catch(() => {});
    await warm(`http://127.0.0.1:${barePort}/`);
    await new Promise((r) => setTimeout(r, 2000));
    const bareRss = sampleRss(bare.pid);
    const bareRun = await runAll(`http://127.0.0.1:${barePort}/`, headers);
    const bareMemory = bareRss.stop();

    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
    } catch {}
    const cpus = os.cpus();
    const result = {
      date: new Date().toISOString(),
      commit,
      machine: {
        cpu: cpus[0]?.model?.trim() ?? "unknown",
        cores: cpus.length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverageAtStart,
        loadAverageAtEnd: loadAverage(),
      },
      node: process.version,
      database: "PostgreSQL server (a scratch database of its own)",
      files: FILES,
      fileMiB: FILE_BYTES / MiB,
      app: { ...appRun, rss: appMemory },
      bare: { ...bareRun, rss: bareMemory },
      throughputRatio: Math.round((appRun.throughputMiBps / bareRun.throughputMiBps) * 100) / 100,
      goalPeakGrowthMiB: 150,
      met: appMemory.peakGrowthMiB < 150,
    };
    return result;
  } finally {
    await db.end().catch(() => {});
    bare?.kill("SIGTERM");
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === "--bare") {
    bareServer(process.argv[4]).listen(Number(process.argv[3]), "127.0.0.1");
  } else {
    const result = await main();
    console.log(JSON.stringify(result, null, 2));
    if (process.env.BENCH_ONLY) {
      console.log("BENCH_ONLY: bench/results.json left as it was");
    } else {
      const file = path.join(root, "bench/results.json");
      const existing = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
      fs.writeFileSync(file, JSON.stringify({ ...existing, files: result }, null, 2) + "\n");
      console.log("wrote the files key of bench/results.json");
    }
    process.exit(0);
  }
}
