// Jobs keep up: how long 200 paid orders take to get their invoice PDFs and confirmation
// e-mails (docs/decisions/platform/jobs-keep-up.md > Jobs keep up; target: within 30 s on a 2-core machine).
// The production build on a fresh PostgreSQL database, e-mail over real SMTP (smtp-server
// on loopback), the orders inserted pending and then paid by 200 signed payment.completed
// webhooks sent 20 at a time, as the gateway would. Measured from the first webhook to the
// last invoice PDF stored and the last e-mail received.
//
// `npm run bench:jobs` prints it and writes it as the `jobs` key of bench/results.json (the
// other keys kept; BENCH_ONLY=1 leaves the file as it was); `npm run bench` runs it too
// and writes the same key. The result carries its own date, commit, machine and load
// averages: on a machine shared with other work the figure swings with the load.
// JOBS_ORDERS changes the count.
import { execSync, spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePort, scratchDatabase, waitUntilAnswering } from "../scripts/harness.mjs";

const root = path.resolve(import.meta.dirname, "..");

const hex = () => randomBytes(12).toString("hex");

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

export async function measureJobs({ base, orders: count = Number(process.env.JOBS_ORDERS ?? 200), concurrency = 20 } = {}) {
  const loadAverageAtStart = loadAverage();
  const { name, url, admin } = await scratchDatabase(base, "bench_jobs");

  let received = 0;
  let lastMailAt = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received++;
        lastMailAt = Date.now();
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

  const secret = randomBytes(24).toString("hex");
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: url.href,
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      SMTP_URL: smtpUrl,
      PAYMENT_WEBHOOK_SECRET: secret,
    },
  });
  const db = new pg.Client({ connectionString: url.href });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/readyz`, { what: "the app" });
    await db.connect();
    const { rows: courses } = await db.query(
      `select id, title, price_cents, vat_rate_bp, coalesce((select min(c2.id) from courses c2 where c2.slug = c.slug and c2.version = 1), c.id) as root_id
       from courses c where state = 'published' order by slug`,
    );
    const orders = [];
    for (let i = 0; i < count; i++) {
      const course = courses[i % courses.length];
      const id = hex();
      orders.push({ id, amount: course.price_cents });
      await db.query(
        `insert into orders (id, course_id, course_version_id, course_title, student_id, student_display_name, student_email,
           billing_type, billing_details, amount_cents, currency, vat_rate_bp, state, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'personal', $8, $9, 'EUR', $10, 'pending', now() + interval '1 day')`,
        [
          id,
          course.root_id,
          course.id,
          course.title,
          `bench-${i}`,
          `Študent ${i}`,
          `student${i}@bench.example`,
          JSON.stringify({
            firstName: "Študent",
            lastName: String(i),
            email: `student${i}@bench.example`,
            street: "Hlavná 1",
            city: "Bratislava",
            postalCode: "81101",
            country: "SK",
          }),
          course.price_cents,
          course.vat_rate_bp,
        ],
      );
    }

    const started = Date.now();
    let next = 0;
    const deliver = async () => {
      while (next < orders.length) {
        const order = orders[next++];
        const eventId = `evt_bench_${order.id}`;
        const body = JSON.stringify({
          eventId,
          eventType: "payment.completed",
          occurredAt: new Date().toISOString(),
          payment: {
            id: `pay_${order.id}`,
            merchantOrderId: order.id,
            amount: order.amount,
            currency: "EUR",
            method: "card",
            transactionId: `tx_${order.id}`,
            settledAt: new Date().toISOString(),
          },
        });
        const res = await fetch(`http://127.0.0.1:${port}/api/webhooks/payment`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "x-payment-signature": createHmac("sha256", secret).update(body).digest("hex"),
            "x-payment-event-id": eventId,
            "x-payment-timestamp": String(Math.floor(Date.now() / 1000)),
          },
          body,
        });
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, deliver));
    const acknowledgedAfterMs = Date.now() - started;

    let pdfsDoneAt = 0;
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const { rows } = await db.query("select count(*)::int as n from invoices where pdf is not null");
      if (!pdfsDoneAt && rows[0].n >= count) pdfsDoneAt = Date.now();
      if (pdfsDoneAt && received >= count) break;
      if (Date.now() > deadline) throw new Error(`jobs did not finish: ${rows[0].n} PDFs, ${received} e-mails`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const allDoneMs = Math.max(pdfsDoneAt, lastMailAt) - started;
    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
    } catch {}
    const cpus = os.cpus();
    return {
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
      paidOrders: count,
      webhookConcurrency: concurrency,
      webhooksAcknowledgedSeconds: Math.round(acknowledgedAfterMs / 100) / 10,
      invoicePdfsDoneSeconds: Math.round((pdfsDoneAt - started) / 100) / 10,
      emailsDoneSeconds: Math.round((lastMailAt - started) / 100) / 10,
      allDoneSeconds: Math.round(allDoneMs / 100) / 10,
      targetSeconds: 30,
      met: allDoneMs <= 30_000,
    };
  } finally {
    await db.end().catch(() => {});
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    await new Promise((r) => smtp.close(r));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildAppIfMissing } = await import("../scripts/build-app.mjs");
  if (!buildAppIfMissing()) process.exit(1);
  const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const result = await measureJobs({ base });
  console.log(JSON.stringify(result, null, 2));
  if (process.env.BENCH_ONLY) {
    console.log("BENCH_ONLY: bench/results.json left as it was");
    process.exit(0);
  }
  const file = path.join(root, "bench/results.json");
  const existing = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(file, JSON.stringify({ ...existing, jobs: result }, null, 2) + "\n");
  console.log("wrote the jobs key of bench/results.json");
}
