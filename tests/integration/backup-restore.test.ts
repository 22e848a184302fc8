// Backup and restore, tried (docs/operations.md > Back up, Restore): on a PostgreSQL
// server, an instance with explicit keys (CREDENTIAL_SIGNING_KEY as PEM, SESSION_SECRET,
// PAYMENT_WEBHOOK_SECRET) and its own DATA_DIR takes a paid order (its invoice PDF is
// stored) and issues a certificate (sandbox partner). The database is dumped with
// `pg_dump -Fc`, the instance is stopped, the dump is restored with `pg_restore
// --no-owner` into a new database, and a second instance starts on it with the same keys
// and PUBLIC_URL but an empty DATA_DIR of its own. Through its HTTP surface alone: the
// invoice PDF is byte-identical, the certificate's verification says valid, the badge's
// JWT issued before the backup verifies with the restored instance's JWKS and its status
// bit is not revoked, and the student's session still holds. Then the credential key is
// rotated as docs/operations.md says, and that badge still verifies.
import { execFile } from "node:child_process";
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, schema } from "#server/db";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { issueCertificate } from "#server/certificates";
import { startJobs } from "../../jobs";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { deliver, orderBody, paymentEvent, signInStudent, WEBHOOK_SECRET } from "../support/commerce";

const run = promisify(execFile);

// the keys an operator keeps beside the dump (docs/operations.md > What to keep)
const KEYS = {
  CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RATE_LIMIT_ORDERS_PER_HOUR: "1000",
};

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A DATA_DIR of its own: nothing of the restored instance may come from the first one's. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lp-test-restore-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The revocation bit of a credential, read from its status list the way an outside verifier does. */
async function revokedBit(payload: Record<string, unknown>, jwks: ReturnType<typeof createRemoteJWKSet>, issuer: string): Promise<boolean> {
  const status = payload.credentialStatus as { statusListIndex: string; statusListCredential: string };
  const res = await fetch(status.statusListCredential);
  expect(res.status).toBe(200);
  const { payload: list } = await jwtVerify(await res.text(), jwks, { issuer });
  const bits = gunzipSync(Buffer.from((list as { credentialSubject: { encodedList: string } }).credentialSubject.encodedList.slice(1), "base64url"));
  const index = Number(status.statusListIndex);
  return (bits[index >> 3] & (0x80 >> (index & 7))) !== 0;
}

describe.runIf(serverUrl())("backup and restore (pg_dump -Fc, pg_restore --no-owner)", () => {
  it("a restored database with the same keys serves the same invoice, a valid certificate and a verifiable, unrevoked badge", async () => {
    // the first instance: a paid order and an issued certificate
    const first: RunningApp = await startApp({ env: { ...KEYS, DATA_DIR: dataDir() } });
    cleanups.push(() => first.stop());
    const handle = await openDatabase({ databaseUrl: first.database.url, poolSize: 2 });
    cleanups.push(() => handle.close());
    const jobs = await startJobs(handle, loadConfig({ DATABASE_URL: first.database.url }), createLogger("silent"), { work: false });
    cleanups.push(() => jobs.stop());

    const courses = (await (await fetch(`${first.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    const courseId = courses.data.find((c) => c.slug === "sekretar-klubu-v-praxi")!._id;
    const jana = await signInStudent(first.url);
    const ordered = await jana.post("/api/orders", orderBody(courseId), { "Idempotency-Key": randomUUID() });
    expect(ordered.status).toBe(201);
    const { orderId, amount } = (await ordered.json()) as { orderId: string; amount: number };
    expect(await (await deliver(first.url, paymentEvent(orderId, amount))).json()).toMatchObject({ result: "paid" });
    // the render job stores the PDF a moment after payment
    const invoice = await until(
      "the invoice PDF",
      () => jana.get(`/api/orders/${orderId}/invoice`),
      (r) => r.status === 200,
    );
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    const invoicePdf = Buffer.from(await invoice.arrayBuffer());
    expect(invoicePdf.subarray(0, 5).toString()).toBe("%PDF-");

    const [enrollment] = await handle.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, orderId));
    await handle.db.update(schema.enrollments).set({ state: "completed", completedAt: new Date() }).where(eq(schema.enrollments.id, enrollment.id));
    const issued = await issueCertificate(
      { db: handle.db, log: createLogger("silent"), queue: jobs.queue, partner: "sandbox", birthDate: false },
      { enrollmentId: enrollment.id, type: "final", levelId: null },
    );
    expect(issued.status).toBe("issued");
    const [certificate] = await handle.db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollment.id));
    const verifyPath = `/api/verify/${encodeURIComponent(certificate.registrationNumber)}?h=${certificate.verificationHash}`;
    expect(await (await fetch(`${first.url}${verifyPath}`)).json()).toMatchObject({ valid: true });
    const credential = await jana.get(`/api/certificates/${certificate.id}/credential`);
    expect(credential.status).toBe(200);
    const { jwt } = (await credential.json()) as { jwt: string };

    // back up: the custom-format dump of the live database
    const dump = path.join(dataDir(), "backup.dump");
    await run("pg_dump", ["-Fc", "--file", dump, "--dbname", first.database.url!]);
    expect(fs.statSync(dump).size).toBeGreaterThan(0);

    // the first instance stops (and its database is dropped): the restored one serves alone
    await jobs.stop();
    await handle.close();
    await first.stop();
    expect(await first.exited).toBe(0);
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

    // restore into a new database
    const restored: TestDatabase = await createTestDatabase();
    cleanups.push(() => restored.drop());
    await run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", restored.url!, dump]);

    // the second instance: same keys, same PUBLIC_URL (credentials name it), a new DATA_DIR
    const second = await startApp({ database: restored, port: first.port, env: { ...KEYS, DATA_DIR: dataDir() } });
    cleanups.push(() => second.stop());
    expect(second.url).toBe(first.url);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);

    // the student's session survives: SESSION_SECRET kept, sessions restored
    const me = await jana.get("/api/me");
    expect(me.status).toBe(200);

    // the invoice: the stored PDF, byte for byte
    const again = await jana.get(`/api/orders/${orderId}/invoice`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(invoicePdf)).toBe(true);

    // the certificate: valid by number and hash, and its presented credential too
    expect(await (await fetch(`${second.url}${verifyPath}`)).json()).toMatchObject({ valid: true, registrationNumber: certificate.registrationNumber });
    const checked = await fetch(`${second.url}/api/verify/${encodeURIComponent(certificate.registrationNumber)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ credential: jwt }),
    });
    expect(await checked.json()).toMatchObject({ verdict: "valid" });

    // the badge issued before the backup verifies with the restored instance's published keys
    const issuer = `${second.url}/api/openbadges/issuer`;
    const jwks = createRemoteJWKSet(new URL(`${second.url}/api/openbadges/jwks`));
    const { kid } = decodeProtectedHeader(jwt);
    expect(kid?.startsWith(`${second.url}/api/openbadges/keys/`)).toBe(true);
    const { payload } = await jwtVerify(jwt, jwks, { issuer });
    expect(await revokedBit(payload, jwks, issuer)).toBe(false);

    // rotation as docs/operations.md says: the published entry of the current key becomes a
    // previous key, a new key signs; the badge from before the backup still verifies
    const published = (await (await fetch(`${second.url}/api/openbadges/jwks`)).json()) as { keys: { kid: string }[] };
    const current = published.keys.find((k) => k.kid === kid);
    expect(current).toBeDefined();
    await second.stop();
    const rotated = await startApp({
      database: restored,
      port: first.port,
      env: {
        ...KEYS,
        DATA_DIR: dataDir(),
        CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
        CREDENTIAL_PREVIOUS_KEYS: JSON.stringify({ keys: [current] }),
      },
    });
    cleanups.push(() => rotated.stop());
    const rotatedJwks = createRemoteJWKSet(new URL(`${rotated.url}/api/openbadges/jwks`));
    const old = await jwtVerify(jwt, rotatedJwks, { issuer });
    expect(await revokedBit(old.payload, rotatedJwks, issuer)).toBe(false);
    const fresh = (await (await jana.get(`/api/certificates/${certificate.id}/credential`)).json()) as { jwt: string };
    expect(decodeProtectedHeader(fresh.jwt)).toMatchObject({ alg: "ES256" });
    expect(decodeProtectedHeader(fresh.jwt).kid).not.toBe(kid);
    await jwtVerify(fresh.jwt, rotatedJwks, { issuer });
  }, 240_000);
});
