// Step-up on the admin pages other than the refund (tests/integration/step-up.test.ts runs
// that one over HTTP through the provider): enrollment grant and cancellation, certificate
// issue and revocation. In-process route modules (tests/support/route-context); the
// services' clock moves forward, so a sign-in ages without waiting. An admin whose sign-in
// is older than the limit is sent to sign in again (stepUp=1) and back to the same page,
// nothing is written, and the page's loader fills the form in again for that admin only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import type { AuthState } from "../../app/context";
import { loader as enrollmentsLoader, action as enrollmentsAction } from "../../app/routes/admin/enrollments";
import { action as enrollmentAction } from "../../app/routes/admin/enrollment-detail";
import { loader as certificatesLoader, action as certificatesAction } from "../../app/routes/admin/certificates";
import { startTestServices, type TestServices } from "../support/route-context";

let t: TestServices;
const FAKE = "0123456789abcdef01234567";
const signedInAt = new Date();

beforeAll(async () => {
  t = await startTestServices();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function adminAuth(id: string): AuthState {
  return {
    session: { id: `s-${id}`, userId: id, authTime: signedInAt, createdAt: signedInAt } as unknown as NonNullable<AuthState["session"]>,
    user: {
      id,
      displayName: `Admin ${id}`,
      email: null,
      avatarUrl: null,
      roles: ["student", "admin"],
      providerRoles: [],
      organizations: [],
      sponsorOrgIds: [],
      purchaseOrgIds: [],
      lastSyncedAt: signedInAt,
      createdAt: signedInAt,
      updatedAt: signedInAt,
    },
    csrfToken: "csrf",
  };
}
const admin = adminAuth("p-admin");
const otherAdmin = adminAuth("p-admin-2");

/** the services' clock `minutes` after the sign-in */
function at(minutes: number) {
  t.services.clock = { now: () => new Date(signedInAt.getTime() + minutes * 60_000) };
}

/** A loader's or action's answer, returned or thrown: a Response, data(…) (error pages too) or plain data. */
function outcome(value: unknown): { status: number; location: string | null; data: any } {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), data: undefined };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, location: null, data: d.data };
  }
  return { status: 200, location: null, data: value };
}

async function run(fn: (args: never) => unknown, url: string, init: Parameters<TestServices["args"]>[1]) {
  try {
    return outcome(await t.call(fn, url, init));
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    return outcome(thrown);
  }
}

function post(fn: (args: never) => unknown, url: string, auth: AuthState, fields: Record<string, string>, params: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  return run(fn, url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" }, auth, params });
}

/** The sign-in redirect of a step-up: its return path, which names the kept form. */
function stepUpReturn(res: { status: number; location: string | null }, page: string): string {
  expect(res.status).toBe(302);
  const signIn = new URL(res.location!, "http://localhost");
  expect(signIn.pathname).toBe("/api/auth/login");
  expect(signIn.searchParams.get("stepUp")).toBe("1");
  const back = signIn.searchParams.get("returnTo")!;
  expect(back).toMatch(new RegExp(`^${page}\\?(.*&)?znovu=[0-9a-f]{24}$`));
  return back;
}

describe("step-up on the admin pages", () => {
  it("enrollment grant: a 16-minute-old sign-in goes to sign in again; back on /admin/zapisy the form is filled in, for that admin only", async () => {
    at(16);
    const form = { intent: "grant", _form: "grant", person: "p-1001", courseId: FAKE, reason: "admin_grant", grantReason: "Výhra v súťaži" };
    const back = stepUpReturn(await post(enrollmentsAction, "/admin/zapisy", admin, form), "/admin/zapisy");
    expect(await t.services.db.select().from(schema.enrollments).where(eq(schema.enrollments.studentId, "p-1001"))).toEqual([]);

    const page = await run(enrollmentsLoader, back, { auth: admin });
    expect(page.data.done).toBe("Prihlásili ste sa znova. Formulár obsahuje, čo ste zadali; skontrolujte údaje a odošlite ho ešte raz.");
    expect(page.data.kept).toEqual({ form: "grant", result: { initialValue: form } });
    // another admin with the same link gets an empty form
    const other = await run(enrollmentsLoader, back, { auth: otherAdmin });
    expect(other.data.kept).toBeNull();
    expect(other.data.done).toBeNull();
    // and after the kept form's 15 minutes, nobody
    at(16 + 16);
    expect((await run(enrollmentsLoader, back, { auth: admin })).data.kept).toBeNull();
  });

  it("an invalid form is answered on the form first; a recent sign-in is not sent anywhere", async () => {
    at(16);
    const invalid = await post(enrollmentsAction, "/admin/zapisy", admin, {
      intent: "grant",
      _form: "grant",
      person: "",
      courseId: FAKE,
      reason: "admin_grant",
    });
    expect(invalid.status).toBe(400);
    at(5);
    const fresh = await post(
      enrollmentAction,
      `/admin/zapisy/${FAKE}`,
      admin,
      { intent: "cancel", _form: `cancel:${FAKE}`, enrollmentId: FAKE, reason: "Duplicitný zápis" },
      { enrollmentId: FAKE },
    );
    // past the step-up: the unknown enrollment is not found
    expect(fresh.status).toBe(404);
  });

  it("enrollment cancellation: sent to sign in again from the enrollment's page and back to it", async () => {
    at(20);
    const res = await post(
      enrollmentAction,
      `/admin/zapisy/${FAKE}`,
      admin,
      { intent: "cancel", _form: `cancel:${FAKE}`, enrollmentId: FAKE, reason: "Duplicitný zápis" },
      { enrollmentId: FAKE },
    );
    stepUpReturn(res, `/admin/zapisy/${FAKE}`);
  });

  it("certificate issue and revocation: back on /admin/certifikaty with that form filled in", async () => {
    at(30);
    const issue = { requestId: FAKE, registrationNumber: "SAS-2026/0042", pdfUrl: "" };
    let back = stepUpReturn(await post(certificatesAction, "/admin/certifikaty", admin, issue), "/admin/certifikaty");
    let page = await run(certificatesLoader, back, { auth: admin });
    expect(page.data.kept).toEqual({ requestId: FAKE, result: { initialValue: issue } });
    expect(page.data.keptNotice).toMatch(/^Prihlásili ste sa znova/);

    const revoke = { intent: "revoke", certificateId: FAKE, reason: "Plagiát záverečnej práce" };
    back = stepUpReturn(await post(certificatesAction, "/admin/certifikaty", admin, revoke), "/admin/certifikaty");
    page = await run(certificatesLoader, back, { auth: admin });
    expect(page.data.kept).toEqual({ requestId: `revoke-${FAKE}`, result: { initialValue: revoke } });
    expect(await t.services.db.select().from(schema.certificates)).toEqual([]);
  });
});
