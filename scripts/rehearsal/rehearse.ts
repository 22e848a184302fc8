// The production rehearsal (docs/operations.md > Production rehearsal), bundled and run by
// scripts/rehearse-production.mjs. It starts the built app (`node server.mjs` in APP_DIR)
// with APP_ENV=production, fresh secrets and plain-HTTP loopback addresses
// (ALLOW_INSECURE_URLS=true: a private rehearsal) against outside systems that each run as
// their own process (this file run as `serve <name>`): an OpenID provider (oidc-provider,
// the identity provider stand-in's module as a stand-alone server: prefixed roles, the
// organizations claim, the person API), an SMTP server requiring AUTH, the payment gateway
// (the contract in docs/decisions/README.md) and the Mux-protocol stand-in. None of the app's own
// embedded stand-ins run: production refuses them. It then walks over HTTP as a browser
// without JavaScript and the admin's API client would:
//   an admin signs in, builds a course (with a video uploaded through Mux) and publishes it
//   → a student signs in and buys it at the gateway → the e-mail with the invoice PDF
//   arrives at the SMTP server → the student completes the part (watching the video) and
//   passes the final test → the admin issues the certificate → it verifies → sign-out.
// Any failure prints one line `rehearsal FAILED at <step>: <why>` (and the app's last log
// lines) and exits 1; every process started here is stopped and the database dropped.
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import express from "express";
import Mux from "@mux/mux-node";
import pg from "pg";
import { SMTPServer } from "smtp-server";
// each stand-in's own module (not the stand-ins index, which loads them all)
import { startLocalIdp } from "../../server/stand-ins/identity-provider/index";
import { startMuxStandIn } from "../../server/stand-ins/mux/index";
import { startSandboxGateway } from "../../server/stand-ins/payment-gateway/index";
import { CookieJar, loginAtLocalIdp } from "../../tests/support/idp-login";

const secret = () => randomBytes(32).toString("base64url");
const line = (text: string) => process.stdout.write(`rehearsal: ${text}\n`);

// ---------------------------------------------------------------------------------------
// the outside systems, one process each
// ---------------------------------------------------------------------------------------

type ServiceSpec =
  | { name: "idp"; port: number; appUrl: string; clientId: string; clientSecret: string; apiToken: string }
  | { name: "smtp"; port: number; user: string; password: string }
  | { name: "gateway"; port: number; secret: string }
  | { name: "mux"; port: number; tokenId: string; tokenSecret: string; webhookSecret: string; webhookUrl: string };

async function serve(spec: ServiceSpec) {
  const ready = (info: Record<string, unknown> = {}) => process.stdout.write(`READY ${JSON.stringify(info)}\n`);
  const base = `http://127.0.0.1:${spec.port}`;
  switch (spec.name) {
    case "idp": {
      const idp = await startLocalIdp({
        issuer: `${base}/idp`,
        appUrl: spec.appUrl,
        claimPrefix: "sportup",
        rolePrefix: "academy",
        clientId: spec.clientId,
        clientSecret: spec.clientSecret,
        apiToken: spec.apiToken,
        cookieKeys: [secret()],
        production: false,
      });
      const web = express();
      web.use("/idp", idp.handler);
      web.listen(spec.port, "127.0.0.1", () => ready({ issuer: idp.issuer, apiUrl: idp.apiUrl }));
      return;
    }
    case "smtp": {
      const server = new SMTPServer({
        authOptional: false,
        // AUTH over plain TCP on loopback; a real relay would be reached with STARTTLS
        allowInsecureAuth: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === spec.user && auth.password === spec.password) return callback(null, { user: auth.username });
          callback(new Error("Invalid username or password"));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? "";
            const mail = { to: session.envelope.rcptTo.map((r) => r.address), subject, user: session.user, pdf: /^Content-Type: application\/pdf/im.test(raw) };
            process.stdout.write(`MAIL ${JSON.stringify(mail)}\n`);
            callback();
          });
        },
      });
      server.listen(spec.port, "127.0.0.1", () => ready());
      return;
    }
    case "gateway": {
      const gateway = startSandboxGateway({ baseUrl: base, secret: spec.secret, production: false, refundDelayMs: 1000 });
      http.createServer(gateway.handler).listen(spec.port, "127.0.0.1", () => ready());
      return;
    }
    case "mux": {
      const mux = await startMuxStandIn({ ...spec, host: "127.0.0.1", production: false });
      ready({ url: mux.url });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------
// the rehearsal
// ---------------------------------------------------------------------------------------

class StepError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Child = { name: string; process: ChildProcess; output: string[]; exited: () => boolean; lines: (fn: (line: string) => void) => void };

function startChild(name: string, command: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Child {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on("line", (l) => {
      output.push(l);
      if (output.length > 400) output.shift();
      for (const fn of listeners) fn(l);
    });
  }
  let exited = false;
  child.on("exit", () => (exited = true));
  // a child that cannot start (a missing folder or program) reads as one that exited
  child.on("error", (error) => {
    output.push(`${name} could not start: ${error.message}`);
    if (!exited) child.emit("exit", 127, null);
  });
  return { name, process: child, output, exited: () => exited, lines: (fn) => listeners.push(fn) };
}

function waitForLine(child: Child, prefix: string, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StepError(`${child.name} did not say "${prefix}" within ${ms / 1000} s; it printed:\n${child.output.slice(-20).join("\n")}`)),
      ms,
    );
    const found = child.output.find((l) => l.startsWith(prefix));
    if (found) {
      clearTimeout(timer);
      return resolve(found.slice(prefix.length).trim());
    }
    child.lines((l) => {
      if (l.startsWith(prefix)) {
        clearTimeout(timer);
        resolve(l.slice(prefix.length).trim());
      }
    });
    child.process.once("exit", (code) =>
      reject(new StepError(`${child.name} exited (code ${code}) before "${prefix}":\n${child.output.slice(-20).join("\n")}`)),
    );
  });
}

async function stop(child: Child) {
  if (child.exited()) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.kill("SIGTERM");
  const timer = setTimeout(() => child.process.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new StepError(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A signed-in person: a cookie jar, JSON calls with the Origin a browser sends. */
class Client {
  readonly jar = new CookieJar();
  constructor(
    readonly appUrl: string,
    readonly who: string,
  ) {}
  async call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; res: Response }> {
    const res = await this.jar.fetch(`${this.appUrl}${p}`, {
      method,
      headers: { Origin: this.appUrl, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, res };
  }
  /** the call must answer `status`; else the step fails naming the request and the answer */
  async expect(status: number, method: string, p: string, body?: unknown, headers?: Record<string, string>) {
    const answer = await this.call(method, p, body, headers);
    if (answer.status !== status)
      throw new StepError(`${this.who}: ${method} ${p} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body).slice(0, 600)}`);
    return answer.body;
  }
}

async function signIn(appUrl: string, email: string, password: string): Promise<Client> {
  const client = new Client(appUrl, email);
  const start = await client.jar.fetch(`${appUrl}/api/auth/login?returnTo=%2F`);
  if (start.status !== 302) throw new StepError(`/api/auth/login answered ${start.status}, expected a redirect to the provider`);
  const callbackUrl = await loginAtLocalIdp(
    client.jar,
    { url: new URL(start.headers.get("location")!, appUrl).href, redirectUri: `${appUrl}/api/auth/callback`, state: "", nonce: "", verifier: "" },
    { email, password },
  );
  const callback = await client.jar.fetch(callbackUrl);
  const location = callback.headers.get("location") ?? "";
  if (callback.status !== 302 || location.startsWith("/prihlasenie")) throw new StepError(`the app's callback answered ${callback.status} → ${location}`);
  const me = await client.expect(200, "GET", "/api/me");
  if (me.user?.email !== email) throw new StepError(`/api/me names ${me.user?.email}, expected ${email}`);
  return client;
}

async function main() {
  const appDir = path.resolve(process.env.REHEARSAL_APP_DIR ?? process.cwd());
  const self = process.argv[1]!;
  const adminDbUrl = process.env.REHEARSAL_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sample = path.resolve(process.env.REHEARSAL_REPO_DIR ?? process.cwd(), "media/video/sample.mp4");
  const started = Date.now();
  const children: Child[] = [];
  let app: Child | null = null;
  let step = "start";
  const dbName = `rehearsal_${randomBytes(6).toString("hex")}`;
  let dbCreated = false;
  const timer = setTimeout(() => {
    line(`FAILED at ${step}: the rehearsal took longer than 4 minutes`);
    // nothing started here outlives the rehearsal (the database is left for the server's owner)
    for (const child of [...children, ...(app ? [app] : [])]) child.process.kill("SIGKILL");
    process.exit(1);
  }, 240_000);
  const admin = new pg.Client({ connectionString: adminDbUrl });
  try {
    step = "database";
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    dbCreated = true;
    const databaseUrl = (() => {
      const u = new URL(adminDbUrl);
      u.pathname = `/${dbName}`;
      return u.href;
    })();

    step = "outside systems";
    const ports = { app: await freePort(), idp: await freePort(), smtp: await freePort(), gateway: await freePort(), mux: await freePort() };
    const appUrl = `http://127.0.0.1:${ports.app}`;
    const creds = {
      clientId: "academy-rehearsal",
      clientSecret: secret(),
      apiToken: secret(),
      smtpUser: "academy",
      smtpPassword: secret(),
      gatewaySecret: secret(),
      muxTokenId: `rehearsal-${randomBytes(4).toString("hex")}`,
      muxTokenSecret: secret(),
      muxWebhookSecret: secret(),
    };
    const specs: ServiceSpec[] = [
      { name: "idp", port: ports.idp, appUrl, clientId: creds.clientId, clientSecret: creds.clientSecret, apiToken: creds.apiToken },
      { name: "smtp", port: ports.smtp, user: creds.smtpUser, password: creds.smtpPassword },
      { name: "gateway", port: ports.gateway, secret: creds.gatewaySecret },
      {
        name: "mux",
        port: ports.mux,
        tokenId: creds.muxTokenId,
        tokenSecret: creds.muxTokenSecret,
        webhookSecret: creds.muxWebhookSecret,
        webhookUrl: `${appUrl}/api/webhooks/video`,
      },
    ];
    const info: Record<string, Record<string, string>> = {};
    await Promise.all(
      specs.map(async (spec) => {
        const child = startChild(spec.name, process.execPath, [self, "serve"], {
          env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", REHEARSAL_SERVICE: JSON.stringify(spec) },
        });
        children.push(child);
        info[spec.name] = JSON.parse(await waitForLine(child, "READY", 60_000));
      }),
    );
    const mail: { to: string[]; subject: string; pdf: boolean; user: string }[] = [];
    children
      .find((c) => c.name === "smtp")!
      .lines((l) => {
        if (l.startsWith("MAIL ")) mail.push(JSON.parse(l.slice(5)));
      });
    // the playback signing key, made at Mux as an operator makes it
    const muxApi = new Mux({
      tokenId: creds.muxTokenId,
      tokenSecret: creds.muxTokenSecret,
      baseURL: info.mux!.url,
      webhookSecret: null,
      jwtSigningKey: null,
      jwtPrivateKey: null,
      authorizationToken: null,
      logLevel: "off",
    });
    const signingKey = await muxApi.system.signingKeys.create();
    line(`outside systems up (OpenID provider, SMTP with AUTH, payment gateway, Mux stand-in), ${Date.now() - started} ms`);

    step = "app start";
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      APP_ENV: "production",
      PORT: String(ports.app),
      HOST: "127.0.0.1",
      PUBLIC_URL: appUrl,
      ALLOW_INSECURE_URLS: "true",
      TRUST_PROXY: "0",
      DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "rehearsal-data-")),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: secret(),
      OIDC_ISSUER: info.idp!.issuer,
      OIDC_CLIENT_ID: creds.clientId,
      OIDC_CLIENT_SECRET: creds.clientSecret,
      IDP_API_URL: info.idp!.apiUrl,
      IDP_API_TOKEN: creds.apiToken,
      PAYMENT_GATEWAY_URL: `http://127.0.0.1:${ports.gateway}`,
      PAYMENT_WEBHOOK_SECRET: creds.gatewaySecret,
      MUX_TOKEN_ID: creds.muxTokenId,
      MUX_TOKEN_SECRET: creds.muxTokenSecret,
      MUX_SIGNING_KEY_ID: signingKey.id,
      MUX_SIGNING_KEY_PRIVATE: signingKey.private_key!,
      MUX_WEBHOOK_SECRET: creds.muxWebhookSecret,
      MUX_API_URL: info.mux!.url,
      MUX_STREAM_URL: info.mux!.url,
      MUX_IMAGE_URL: info.mux!.url,
      SMTP_URL: `smtp://${creds.smtpUser}:${encodeURIComponent(creds.smtpPassword)}@127.0.0.1:${ports.smtp}`,
      MAIL_FROM: "Skúšobná akadémia <kurzy@skusobna-akademia.example>",
      CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      INVOICE_SUPPLIER_NAME: "Skúšobná akadémia, s. r. o.",
      INVOICE_SUPPLIER_ADDRESS: "Skúšobná 7, 811 01 Bratislava",
      INVOICE_SUPPLIER_ICO: "87654321",
      INVOICE_SUPPLIER_DIC: "2027654321",
      INVOICE_SUPPLIER_IC_DPH: "SK2027654321",
      INVOICE_SUPPLIER_IBAN: "SK89 7500 0000 0000 1234 5671",
      SUPPORT_EMAIL: "podpora@skusobna-akademia.example",
      // company orders only; the walk buys as a person, so the access point is never called
      EINVOICE_AP_URL: "http://127.0.0.1:9/access-point",
      EINVOICE_AP_TOKEN: secret(),
      CERTIFICATE_PARTNER: "manual",
      LOG_LEVEL: "warn",
    };
    app = startChild("app", process.execPath, ["server.mjs"], { cwd: appDir, env });
    await until(
      "GET /readyz 200",
      async () => {
        if (app!.exited()) throw new StepError(`the app exited with ${app!.process.exitCode ?? "an error"}:\n${app!.output.slice(-30).join("\n")}`);
        return fetch(`${appUrl}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      90_000,
    );
    line(`the built app runs with APP_ENV=production from ${appDir}, ${Date.now() - started} ms`);

    step = "admin sign-in";
    const boss = await signIn(appUrl, "zuzana.bielikova@demo.sk", "demo1234");

    step = "build and publish a course";
    const slug = `skusobny-kurz-${randomBytes(3).toString("hex")}`;
    const course = await boss.expect(201, "POST", "/api/admin/courses", {
      slug,
      title: "Skúšobný kurz",
      shortDescription: "Kurz na skúšku nasadenia.",
      priceCents: 4900,
      currency: "EUR",
      targetAudience: ["manager"],
      durationHours: 1,
    });
    await boss.expect(200, "PATCH", `/api/admin/courses/${course._id}`, {
      accreditation: { partnerOrgId: "o-9001", partnerName: "Skúšobný partner", certificateType: "Osvedčenie", accreditationNumber: "AK-SKUSKA/1" },
    });
    const level = await boss.expect(201, "POST", `/api/admin/courses/${course._id}/levels`, { slug: "zaklady", title: "Základy", estimatedHours: 1 });
    const topic = await boss.expect(201, "POST", `/api/admin/levels/${level._id}/topics`, { slug: "uvod", title: "Úvod", iconName: "compass" });
    const module = await boss.expect(201, "POST", `/api/admin/topics/${topic._id}/module`, { estimatedMinutes: 20 });
    const part = await boss.expect(201, "POST", `/api/admin/modules/${module._id}/parts`, {
      slug: "prva",
      title: "Prvá časť",
      contentBlocks: [{ type: "text", markdown: "# Vitajte" }, { type: "video" }],
    });
    const videoBlock = (part.contentBlocks as { id: string; type: string }[]).find((b) => b.type === "video");
    if (!videoBlock) throw new StepError(`the part has no video block: ${JSON.stringify(part.contentBlocks)}`);
    const upload = await boss.expect(201, "POST", "/api/admin/uploads/video", { partId: part._id, blockId: videoBlock.id });
    if (!String(upload.uploadUrl).startsWith(info.mux!.url)) throw new StepError(`the upload URL is not the Mux stand-in's: ${upload.uploadUrl}`);
    const put = await fetch(upload.uploadUrl, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(sample) });
    if (put.status !== 200) throw new StepError(`PUT to Mux's upload URL answered ${put.status}`);
    const readyBlock = await until("video.asset.ready to reach the block through the Mux webhook", async () => {
      const detail = await boss.expect(200, "GET", `/api/admin/courses/${course._id}`);
      const parts = detail.levels[0].topics[0].module.parts as { _id: string; contentBlocks: { id: string; state?: string; durationSec?: number }[] }[];
      const block = parts[0]!.contentBlocks.find((b) => b.id === videoBlock.id);
      return block?.state === "ready" ? block : null;
    });
    const test = await boss.expect(201, "POST", "/api/admin/tests", {
      courseId: course._id,
      placement: "course",
      title: "Záverečný test",
      passingScore: 0.5,
      timeLimitSec: 600,
    });
    await boss.expect(201, "POST", `/api/admin/tests/${test._id}/questions`, {
      text: "Kto schvaľuje stanovy klubu?",
      answers: [
        { text: "Valné zhromaždenie", isCorrect: true },
        { text: "Tréner", isCorrect: false },
      ],
    });
    await boss.expect(200, "POST", `/api/admin/courses/${course._id}/publish`);
    line(`an admin signed in, built a course with a ${readyBlock.durationSec} s video uploaded through Mux, and published it, ${Date.now() - started} ms`);

    step = "student sign-in and purchase";
    const student = await signIn(appUrl, "jana.novakova@demo.sk", "demo1234");
    const order = await student.expect(
      201,
      "POST",
      "/api/orders",
      {
        courseId: course._id,
        billingType: "personal",
        billingAddress: {
          firstName: "Jana",
          lastName: "Nováková",
          email: "jana.novakova@demo.sk",
          street: "Hlavná 1",
          city: "Bratislava",
          postalCode: "811 01",
          country: "SK",
        },
        agreedTos: true,
        agreedRefundPolicy: true,
      },
      { "Idempotency-Key": randomUUID() },
    );
    if (!String(order.redirectUrl).startsWith(`http://127.0.0.1:${ports.gateway}/`))
      throw new StepError(`the payment does not go to the gateway: ${order.redirectUrl}`);
    const payPage = await student.jar.fetch(order.redirectUrl);
    if (payPage.status !== 200) throw new StepError(`the gateway's payment page answered ${payPage.status}`);
    await payPage.text();
    const paid = await student.jar.fetch(order.redirectUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=success",
    });
    if (paid.status !== 303 || !paid.headers.get("location")?.startsWith(appUrl))
      throw new StepError(`the gateway's success answered ${paid.status} → ${paid.headers.get("location")}`);
    await student.jar.fetch(paid.headers.get("location")!);
    await until("the order to be paid (payment.completed from the gateway)", async () => {
      const o = await student.expect(200, "GET", `/api/orders/${order.orderId}`);
      return o.state === "paid" ? o : null;
    });
    line(`a student signed in and paid at the gateway, ${Date.now() - started} ms`);

    step = "invoice e-mail";
    const invoiceMail = await until(
      "the e-mail with the invoice PDF at the SMTP server",
      async () => mail.find((m) => m.to.includes("jana.novakova@demo.sk") && m.pdf),
      60_000,
    );
    if (invoiceMail.user !== creds.smtpUser) throw new StepError("the mail was not sent with SMTP AUTH");
    const invoice = await student.call("GET", `/api/orders/${order.orderId}/invoice`);
    if (invoice.status !== 200 || invoice.res.headers.get("content-type") !== "application/pdf")
      throw new StepError(`GET the invoice answered ${invoice.status} ${invoice.res.headers.get("content-type")}`);
    line(`the e-mail with the invoice PDF reached the SMTP server (AUTH as ${invoiceMail.user}), ${Date.now() - started} ms`);

    step = "learning";
    const learn = await student.expect(200, "GET", `/api/courses/${slug}/learn`);
    const partId = learn.levels[0].topics[0].module.parts[0]._id as string;
    const partView = await student.expect(200, "GET", `/api/parts/${partId}`);
    const video = (partView.contentBlocks as { id: string; type: string; playbackUrl?: string }[]).find((b) => b.type === "video");
    if (!video?.playbackUrl?.startsWith(`${info.mux!.url}/`))
      throw new StepError(`the part's video does not play from the Mux playback host: ${video?.playbackUrl}`);
    const playlist = await fetch(video.playbackUrl);
    if (playlist.status !== 200) throw new StepError(`the signed playback URL answered ${playlist.status} at the Mux stand-in`);
    await playlist.text();
    await student.expect(200, "POST", `/api/parts/${partId}/progress`, {
      blockId: video.id,
      state: "completed",
      secondsWatched: Math.ceil(readyBlock.durationSec ?? 30),
    });
    await student.expect(200, "POST", `/api/parts/${partId}/progress`, { markPartCompleted: true });
    const attempt = await student.expect(201, "POST", `/api/tests/${test._id}/attempts`, undefined, { "Idempotency-Key": randomUUID() });
    const answers = (attempt.questions as { _id?: string; id?: string; questionId?: string; answers: { _id?: string; id?: string; text: string }[] }[]).map(
      (q) => ({
        questionId: q.questionId ?? q._id ?? q.id,
        selectedAnswerIds: [q.answers.filter((a) => a.text === "Valné zhromaždenie").map((a) => a._id ?? a.id)[0]],
      }),
    );
    const result = await student.expect(
      200,
      "POST",
      `/api/tests/${test._id}/attempts/${attempt.attemptId}/submit`,
      { answers },
      { "Idempotency-Key": randomUUID() },
    );
    if (!result.passed) throw new StepError(`the final test was not passed: ${JSON.stringify(result).slice(0, 300)}`);
    line(`the student watched the video, completed the part and passed the final test, ${Date.now() - started} ms`);

    step = "certificate";
    const request = await until(
      "the certificate request (course completed)",
      async () => {
        const list = await boss.expect(200, "GET", "/api/admin/certificate-requests?state=pending");
        return (list.data as { _id: string; studentId?: string }[])[0] ?? null;
      },
      60_000,
    );
    const registrationNumber = `SKUSKA-${randomBytes(3).toString("hex").toUpperCase()}`;
    await boss.expect(201, "POST", `/api/admin/certificate-requests/${request._id}/issue`, { registrationNumber });
    const certificate = await until("the student's certificate", async () => {
      const mine = await student.expect(200, "GET", "/api/certificates/me");
      return (mine.data as { registrationNumber: string; verificationHash: string }[]).find((c) => c.registrationNumber === registrationNumber) ?? null;
    });
    const verified = await student.expect(200, "GET", `/api/verify/${encodeURIComponent(registrationNumber)}?h=${certificate.verificationHash}`);
    if (verified.valid !== true || verified.courseTitle !== "Skúšobný kurz")
      throw new StepError(`the certificate does not verify: ${JSON.stringify(verified)}`);
    const wrong = await student.call("GET", `/api/verify/${encodeURIComponent(registrationNumber)}?h=${"0".repeat(64)}`);
    if (wrong.status !== 404) throw new StepError(`a wrong verification hash answered ${wrong.status}, expected 404`);
    line(`the certificate ${registrationNumber} was issued and verifies, ${Date.now() - started} ms`);

    step = "sign-out";
    const me = await student.expect(200, "GET", "/api/me");
    const out = await student.call("POST", "/api/auth/logout", undefined, { "X-CSRF-Token": me.csrfToken });
    if (out.status < 300 || out.status >= 400) throw new StepError(`POST /api/auth/logout answered ${out.status}`);
    const after = await student.call("GET", "/api/me");
    if (after.status !== 401) throw new StepError(`after sign-out /api/me answered ${after.status}, expected 401`);
    line(`the student signed out, ${Date.now() - started} ms`);

    step = "graceful stop";
    await stop(app);
    if (app.process.exitCode !== 0) throw new StepError(`the app exited with ${app.process.exitCode} on SIGTERM`);
    const problems = app.output.filter((l) => /"level":"(error|fatal)"|DeprecationWarning|UnhandledPromiseRejection/.test(l));
    if (problems.length) throw new StepError(`the app logged errors:\n${problems.slice(0, 10).join("\n")}`);
    line(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    const why = error instanceof StepError ? error.message : ((error as Error).stack ?? String(error));
    if (app) process.stdout.write(`--- the app's last log lines ---\n${app.output.slice(-40).join("\n")}\n---\n`);
    line(`FAILED at ${step}: ${why}`);
    process.exitCode = 1;
  } finally {
    if (app) await stop(app).catch(() => {});
    await Promise.all(children.map((c) => stop(c).catch(() => {})));
    if (dbCreated) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    clearTimeout(timer);
  }
}

if (process.argv[2] === "serve") {
  await serve(JSON.parse(process.env.REHEARSAL_SERVICE ?? "{}") as ServiceSpec);
} else {
  await main();
}
