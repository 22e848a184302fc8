// Step-up for sensitive admin actions over HTTP against the built app and the local
// provider (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions): an admin whose
// sign-in (the session's auth_time) is older than STEP_UP_MAX_AGE_SEC gets 401
// `reauthentication_required` with a WWW-Authenticate challenge from every sensitive /api
// route and nothing happens; the sign-in route asks the provider with max_age (and
// prompt=login where needed); the refund page keeps the form, goes through the provider
// and comes back to the same form filled in, and the refund happens only on the next POST.
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { keptStepUpForm, STEP_UP_FORM_TTL_MS } from "#server/auth";
import { deliver, idempotencyKey, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";
import { follow, formAction } from "../support/idp-login";

let app: CommerceApp;
let admin: Student;
let manager: Student;
let jana: Student;
const ADMIN_ID = "p-4001";
const MANAGER_ID = "p-3001";
const FAKE = "0123456789abcdef01234567";

beforeAll(async () => {
  app = await startCommerceApp({ SANDBOX_REFUND_DELAY_MS: "manual" });
  [admin, manager, jana] = await Promise.all([
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
    signInStudent(app.url),
  ]);
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
});

/** Moves the person's live sessions' sign-in (and, with `session`, their start) into the past. */
async function ageSignIn(userId: string, minutes: number | null, options: { session?: boolean } = {}) {
  const past = minutes === null ? null : new Date(Date.now() - minutes * 60_000);
  await app.db
    .update(schema.sessions)
    .set({ authTime: past, ...(options.session && past ? { createdAt: past } : {}) })
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)));
}

/** `buyer` buys and pays `slug` (each test its own pair: one paid order per course and student) */
async function paidOrder(buyer: Student, slug: string): Promise<{ orderId: string; amount: number }> {
  const courses = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  const courseId = courses.data.find((c) => c.slug === slug)!._id;
  const res = await buyer.post("/api/orders", orderBody(courseId), { "Idempotency-Key": idempotencyKey() });
  const created = (await res.json()) as { orderId: string; amount: number };
  expect(res.status, JSON.stringify(created)).toBe(201);
  expect(await (await deliver(app.url, paymentEvent(created.orderId, created.amount))).json()).toMatchObject({ result: "paid" });
  return created;
}

const refundsOf = (orderId: string) => app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, orderId));

/** Every sensitive admin route, with a body it would accept the shape of. */
const SENSITIVE: { name: string; path: string; body: unknown; idempotent?: boolean }[] = [
  { name: "refund", path: `/api/admin/orders/${FAKE}/refund`, body: { amount: 100, reason: "x" }, idempotent: true },
  { name: "enrollment grant", path: "/api/admin/enrollments", body: { studentId: "p-1001", courseId: FAKE, reason: "admin_grant", grantReason: "x" } },
  { name: "batch enrollment", path: "/api/admin/enrollments/batch", body: { courseId: FAKE, sponsorOrgId: "o-5001", studentIds: ["p-1001"], orderId: FAKE } },
  { name: "enrollment cancellation", path: `/api/admin/enrollments/${FAKE}/cancel`, body: { reason: "x" } },
  { name: "enrollment migration", path: `/api/admin/enrollments/${FAKE}/migrate-to-version`, body: { targetCourseVersionId: FAKE, reason: "oprava" } },
  { name: "certificate issue", path: `/api/admin/certificate-requests/${FAKE}/issue`, body: { registrationNumber: "REG-1" } },
  { name: "certificate revocation", path: `/api/admin/certificates/${FAKE}/revoke`, body: { reason: "x" } },
  { name: "publishing", path: `/api/admin/courses/${FAKE}/publish`, body: {} },
  { name: "dispute decision", path: `/api/admin/orders/${FAKE}/dispute/resolve`, body: { outcome: "cancel", reason: "Banka vrátila peniaze" } },
];

function send(as: Student, route: (typeof SENSITIVE)[number]) {
  return as.post(route.path, route.body, route.idempotent ? { "Idempotency-Key": idempotencyKey() } : {});
}

describe("step-up: the API", () => {
  it("an admin signed in longer ago than the limit gets 401 reauthentication_required with a WWW-Authenticate challenge, everywhere", async () => {
    await ageSignIn(ADMIN_ID, 16);
    for (const route of SENSITIVE) {
      const res = await send(admin, route);
      const body = await res.json();
      expect(res.status, `${route.name}: ${JSON.stringify(body)}`).toBe(401);
      expect(body).toMatchObject({
        error: "reauthentication_required",
        message: expect.stringContaining("prihlásenie"),
        details: { maxAgeSec: 900, authTime: expect.any(String), signInUrl: expect.stringMatching(/^\/api\/auth\/login\?stepUp=1&returnTo=/) },
      });
      expect(res.headers.get("www-authenticate"), route.name).toBe(
        'Bearer error="insufficient_user_authentication", error_description="A more recent sign-in is required", max_age=900',
      );
    }
    // reading stays open: only the sensitive actions ask
    expect((await admin.get("/api/admin/orders")).status).toBe(200);
  });

  it("nothing happens: the refund of a paid order is refused and no refund exists", async () => {
    const { orderId, amount } = await paidOrder(jana, "riadenie-sportoveho-klubu");
    await ageSignIn(ADMIN_ID, 30);
    const res = await admin.post(`/api/admin/orders/${orderId}/refund`, { amount, reason: "Odstúpenie od zmluvy" }, { "Idempotency-Key": idempotencyKey() });
    expect(res.status).toBe(401);
    expect(await refundsOf(orderId)).toEqual([]);
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    expect(order.state).toBe("paid");
  });

  it("a session whose provider never said when the person signed in (no auth_time) must sign in again", async () => {
    await ageSignIn(ADMIN_ID, null);
    const res = await send(admin, SENSITIVE[6]);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "reauthentication_required", details: { authTime: null } });
  });

  it("roles come first: a content manager gets 403, not an invitation to sign in again", async () => {
    await ageSignIn(MANAGER_ID, 30);
    const res = await send(manager, SENSITIVE[7]);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("forbidden");
  });

  it("after signing in again the same requests pass the check (and the refund is made)", async () => {
    const { orderId, amount } = await paidOrder(jana, "financie-a-granty-v-sporte");
    const fresh = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
    for (const route of SENSITIVE) {
      const res = await send(fresh, route);
      // the fake ids are not found, or the body is refused: anything but the step-up
      expect(res.status, route.name).not.toBe(401);
      expect([404, 409, 422, 400]).toContain(res.status);
    }
    const res = await fresh.post(`/api/admin/orders/${orderId}/refund`, { amount, reason: "Odstúpenie od zmluvy" }, { "Idempotency-Key": idempotencyKey() });
    expect(res.status).toBe(202);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });
});

describe("step-up: signing in again", () => {
  async function stepUpLocation(as: Student) {
    const res = await as.get(`/api/auth/login?stepUp=1&returnTo=${encodeURIComponent("/admin")}`);
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location")!);
  }

  it("asks the provider with max_age; with prompt=login when the session is younger than its sign-in's age", async () => {
    const as = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
    // a plain sign-in asks for neither
    const plain = new URL((await as.get("/api/auth/login?returnTo=%2F")).headers.get("location")!);
    expect(plain.searchParams.get("max_age")).toBeNull();
    expect(plain.searchParams.get("prompt")).toBeNull();
    // the session and its sign-in both 20 minutes old: max_age makes the provider ask
    await ageSignIn(ADMIN_ID, 20, { session: true });
    let location = await stepUpLocation(as);
    expect(location.pathname).toBe("/idp/auth");
    expect(location.searchParams.get("max_age")).toBe("900");
    expect(location.searchParams.get("prompt")).toBeNull();
    // a session started a minute ago from a 20-minute-old provider sign-in: prompt=login too
    await app.db
      .update(schema.sessions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(and(eq(schema.sessions.userId, ADMIN_ID), isNull(schema.sessions.revokedAt)));
    location = await stepUpLocation(as);
    expect(location.searchParams.get("max_age")).toBe("900");
    expect(location.searchParams.get("prompt")).toBe("login");
  });
});

describe("step-up: the refund page (no JavaScript)", () => {
  it("keeps the form, goes through the provider and back to the same form filled in; the refund waits for the next POST", async () => {
    const { orderId } = await paidOrder(await signInStudent(app.url, "peter.horvath@demo.sk"), "riadenie-sportoveho-klubu");
    const as = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
    await ageSignIn(ADMIN_ID, 20);
    const page = `/admin/objednavky/${orderId}/refundacia`;
    const key = idempotencyKey();
    const form = new URLSearchParams({
      intent: "confirm",
      amount: "12,50",
      reason: "Študentka odstúpila od zmluvy",
      alsoCancelEnrollment: "on",
      idempotencyKey: key,
    });
    const post = (body: URLSearchParams) =>
      as.jar.fetch(`${app.url}${page}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url }, body });

    const refused = await post(form);
    expect(refused.status).toBe(302);
    const signInUrl = new URL(refused.headers.get("location")!, app.url);
    expect(signInUrl.pathname).toBe("/api/auth/login");
    expect(signInUrl.searchParams.get("stepUp")).toBe("1");
    const back = new URL(signInUrl.searchParams.get("returnTo")!, app.url);
    expect(back.pathname).toBe(page);
    const keptId = back.searchParams.get("znovu")!;
    expect(keptId).toMatch(/^[0-9a-f]{24}$/);
    // nothing typed travels in the URL; it is kept server-side for this person and page
    // (the ids are random hex, so the check is on the parameters, not on a digit pair)
    expect([...signInUrl.searchParams.keys()].sort()).toEqual(["returnTo", "stepUp"]);
    expect([...back.searchParams.keys()]).toEqual(["znovu"]);
    const location = decodeURIComponent(refused.headers.get("location")!);
    for (const typed of ["12,50", "zmluvy", "alsoCancelEnrollment", key]) expect(location).not.toContain(typed);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await keptStepUpForm(app.db, { id: keptId, userId: ADMIN_ID, path: page, now: new Date() })).toEqual([
      ["intent", "confirm"],
      ["amount", "12,50"],
      ["reason", "Študentka odstúpila od zmluvy"],
      ["alsoCancelEnrollment", "on"],
      ["idempotencyKey", key],
    ]);
    // not for anyone else, not on another page, not after it expires
    expect(await keptStepUpForm(app.db, { id: keptId, userId: "p-1001", path: page, now: new Date() })).toBeNull();
    expect(await keptStepUpForm(app.db, { id: keptId, userId: ADMIN_ID, path: "/admin", now: new Date() })).toBeNull();
    expect(await keptStepUpForm(app.db, { id: keptId, userId: ADMIN_ID, path: page, now: new Date(Date.now() + STEP_UP_FORM_TTL_MS + 1000) })).toBeNull();

    // the provider asks for the password again (the session is recent but its sign-in is
    // not: max_age and prompt=login), then the app goes back to the form
    const start = await as.jar.fetch(signInUrl.href);
    expect(start.status).toBe(302);
    const authorizationUrl = new URL(start.headers.get("location")!);
    expect(authorizationUrl.searchParams.get("max_age")).toBe("900");
    expect(authorizationUrl.searchParams.get("prompt")).toBe("login");
    const redirectUri = `${app.url}/api/auth/callback`;
    const atProvider = await follow(as.jar, await as.jar.fetch(authorizationUrl.href), app.url, redirectUri);
    expect(atProvider.location).toBeUndefined();
    const loginPage = await atProvider.res.text();
    expect(loginPage).toContain('name="password"');
    const submitted = await as.jar.fetch(new URL(formAction(loginPage), app.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "zuzana.bielikova@demo.sk", password: "demo1234" }),
    });
    const callbackUrl = (await follow(as.jar, submitted, app.url, redirectUri)).location!;
    expect(callbackUrl).toMatch(/\/api\/auth\/callback\?code=/);
    const callback = await as.jar.fetch(callbackUrl);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${page}?znovu=${keptId}`);
    // the new session (the callback ended the one the cookie named) carries the new sign-in
    const [session] = await app.db.select().from(schema.sessions).where(eq(schema.sessions.userId, ADMIN_ID)).orderBy(desc(schema.sessions.createdAt)).limit(1);
    expect(session.revokedAt).toBeNull();
    expect(Date.now() - session.authTime!.getTime()).toBeLessThan(60_000);

    const shown = await as.get(`${page}?znovu=${keptId}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Prihlásili ste sa znova");
    expect(html).toMatch(/name="amount"[^>]*value="12,50"|value="12,50"[^>]*name="amount"/);
    expect(html).toContain(">Študentka odstúpila od zmluvy</textarea>");
    expect(html).toMatch(/name="alsoCancelEnrollment"[^>]*checked|checked[^>]*name="alsoCancelEnrollment"/);
    expect(html).toContain(`value="${key}"`);
    // coming back performed nothing
    expect(await refundsOf(orderId)).toEqual([]);

    // the admin sends it again: now the refund is made, once
    const done = await post(form);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/objednavky/${orderId}?hotovo=refundacia`);
    expect(await refundsOf(orderId)).toMatchObject([{ amountCents: 1250, state: "pending" }]);
  });

  it("a POST from another origin is refused before any form is kept", async () => {
    const orderId = FAKE;
    await ageSignIn(ADMIN_ID, 20);
    const before = await app.db.select().from(schema.stepUpForms);
    const res = await admin.jar.fetch(`${app.url}/admin/objednavky/${orderId}/refundacia`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "confirm", amount: "1,00", reason: "x", idempotencyKey: idempotencyKey() }),
    });
    expect(res.status).toBe(403);
    expect(await app.db.select().from(schema.stepUpForms)).toHaveLength(before.length);
  });
});
