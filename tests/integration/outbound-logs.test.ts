// Outbound failures carry their cause (docs/decisions/platform/outbound-failures-carry-their-cause.md > Outbound failures carry their
// cause), over HTTP against the built app (a child process whose JSON log lines the test
// reads): a gateway that refuses our signature (401), a gateway that is down, and an SMTP
// server that refuses the login each leave one warning that names the target, the status
// or error code and the request id, and never the secret.
import http from "node:http";
import net from "node:net";
import { randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { orderBody, paymentEvent, deliver, signInStudent, startCommerceApp, WEBHOOK_SECRET, type CommerceApp } from "../support/commerce";
import { serverUrl } from "../support/db";

type LogLine = Record<string, unknown>;

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        return {};
      }
    });
}

const message = (l: LogLine) => l.msg ?? l.message;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function until<T>(what: string, read: () => T, ok: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(serverUrl())("outbound failures in the log", () => {
  it("a gateway that answers 401: 503 to the buyer, one warning with the target, status or code and the request id", async () => {
    const refusing = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: "invalid_signature" }));
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise<void>((resolve) => refusing.close(() => resolve())));
    const refusingUrl = `http://127.0.0.1:${(refusing.address() as net.AddressInfo).port}`;

    const app: CommerceApp = await startCommerceApp({ PAYMENT_GATEWAY_URL: refusingUrl });
    closers.push(() => app.stop());
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const jana = await signInStudent(app.url);
    const requestId = randomUUID();
    const res = await jana.post("/api/orders", orderBody(list.data[0]._id), { "Idempotency-Key": randomUUID(), "X-Request-Id": requestId });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "payment_gateway_unavailable" });
    const line = await until(
      "the outbound warning",
      () => logLines(app.output()).find((l) => message(l) === "outbound call failed" && l.requestId === requestId),
      (l) => l !== undefined,
    );
    expect(line).toMatchObject({ target: "payment_gateway", status: 401, answered: "payment_gateway_unavailable", path: "/api/orders" });
    expect(app.output()).not.toContain(WEBHOOK_SECRET);
  }, 120_000);

  it("a gateway that is down: the code of the failed connection", async () => {
    const app: CommerceApp = await startCommerceApp({ PAYMENT_GATEWAY_URL: `http://127.0.0.1:${await freePort()}` });
    closers.push(() => app.stop());
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const jana = await signInStudent(app.url);
    const requestId = randomUUID();
    const res = await jana.post("/api/orders", orderBody(list.data[0]._id), { "Idempotency-Key": randomUUID(), "X-Request-Id": requestId });
    expect(res.status).toBe(503);
    const line = await until(
      "the outbound warning",
      () => logLines(app.output()).find((l) => message(l) === "outbound call failed" && l.requestId === requestId),
      (l) => l !== undefined,
    );
    expect(line).toMatchObject({ target: "payment_gateway", code: "ECONNREFUSED" });
  }, 120_000);

  it("an SMTP server that refuses the login: the mail job's warning names smtp and the reply code 535", async () => {
    const smtp = new SMTPServer({
      secure: false,
      authOptional: false,
      disabledCommands: ["STARTTLS"],
      onAuth(_auth, _session, callback) {
        callback(new Error("Invalid username or password"));
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    closers.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const password = `wrong-${randomUUID()}`;
    const app: CommerceApp = await startCommerceApp({ SMTP_URL: `smtp://akademia:${password}@127.0.0.1:${port}` });
    closers.push(() => app.stop());
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const jana = await signInStudent(app.url);
    const created = (await (await jana.post("/api/orders", orderBody(list.data[0]._id), { "Idempotency-Key": randomUUID() })).json()) as {
      orderId: string;
      amount: number;
    };
    expect(await (await deliver(app.url, paymentEvent(created.orderId, created.amount))).json()).toMatchObject({ result: "paid" });
    const line = await until(
      "the mail job's warning",
      () => logLines(app.output()).find((l) => message(l) === "job failed; it is retried" && l.queue === "mail.send" && l.target === "smtp"),
      (l) => l !== undefined,
    );
    expect(line).toMatchObject({ target: "smtp", status: 535 });
    expect(app.output()).not.toContain(password);
  }, 120_000);
});
