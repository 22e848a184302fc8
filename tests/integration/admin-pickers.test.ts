// The pickers by name (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name) over the local identity provider's
// REST API (real HTTP): a person who never signed in is found by name, organization roles and
// types read in Slovak, clubs are only sport clubs; /admin/hladat answers JSON and refuses an
// unknown kind; without JavaScript the course fields page lists the matches of its GET search
// and saves the chosen lecturers and partner; the enrollments filter and "Zapísať osobu" find
// people by name through the provider.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "#server/db";
import { searchForPicker } from "#server/admin";
import type { AuthState } from "../../app/context";
import { loader as searchLoader } from "../../app/routes/admin/picker-search";
import { action as listAction } from "../../app/routes/admin/course-new";
import { loader as settingsLoader, action as settingsAction } from "../../app/routes/admin/course-settings";
import { loader as enrollmentsLoader } from "../../app/routes/admin/enrollments";
import { freePort } from "../support/app";
import { startTestServices, type TestServices } from "../support/route-context";

let t: TestServices;
let server: Server;
beforeAll(async () => {
  // the local provider answers its REST API over real HTTP: its mount served on the public URL
  const port = await freePort();
  t = await startTestServices({ env: { PUBLIC_URL: `http://localhost:${port}` } });
  const idp = t.process.mounts.find((m) => m.path === "/idp")!;
  server = createServer((req, res) => {
    req.url = (req.url ?? "/").slice("/idp".length) || "/";
    (idp.handler as (q: typeof req, s: typeof res) => void)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

function authAs(id: string, roles: string[]): AuthState {
  const now = new Date();
  return {
    session: { id: `s-${id}`, userId: id, authTime: now, createdAt: now } as unknown as NonNullable<AuthState["session"]>,
    user: {
      id,
      displayName: `Test ${id}`,
      email: null,
      avatarUrl: null,
      roles,
      providerRoles: [],
      organizations: [],
      sponsorOrgIds: [],
      purchaseOrgIds: [],
      lastSyncedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    csrfToken: "csrf",
  };
}
const editor = authAs("p-editor", ["student", "content_manager"]);
const admin = authAs("p-admin", ["student", "admin"]);
const student = authAs("p-student", ["student"]);

/** A loader's or action's answer, thrown or returned. */
async function run(
  fn: (args: never) => unknown,
  url: string,
  init: Parameters<TestServices["args"]>[1],
): Promise<{ status: number; location?: string | null; data?: any }> {
  let value: unknown;
  try {
    value = await t.call(fn, url, init);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    return { status: value.status, location: value.headers.get("location"), data: type.includes("json") ? await value.json() : undefined };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  return { status: 200, data: value };
}

const userRow = async (id: string) => (await t.services.db.select().from(schema.users).where(eq(schema.users.id, id)))[0];

describe("the provider's search behind the pickers", () => {
  it("finds a person who never signed in by a part of the name, without diacritics, with Slovak role words", async () => {
    expect(await userRow("p-1002")).toBeUndefined();
    const found = await searchForPicker(t.services.db, t.services.idpApi, "person", "horvath");
    expect(found.matches).toEqual([{ id: "p-1002", label: "Peter Horváth", detail: "peter.horvath@demo.sk · člen" }]);
    const tomas = await searchForPicker(t.services.db, t.services.idpApi, "person", "Tomáš Baláž");
    expect(tomas.matches.map((m) => m.detail)).toEqual(["tomas.balaz@demo.sk · správca klubu"]);
    expect(JSON.stringify(tomas)).not.toContain("club_admin");
    // the search writes nothing: the person is still unknown here
    expect(await userRow("p-1002")).toBeUndefined();
  });

  it("clubs are sport clubs only; partners are any organization, with its type in Slovak", async () => {
    const clubs = await searchForPicker(t.services.db, t.services.idpApi, "club", "demo");
    expect(clubs.matches.map((m) => m.id).sort()).toEqual(["o-5001", "o-5002"]);
    expect(clubs.matches.find((m) => m.id === "o-5001")).toEqual({ id: "o-5001", label: "ŠK Tatran Demo", detail: "športový klub · Trnava · IČO 12345678" });
    const partners = await searchForPicker(t.services.db, t.services.idpApi, "partner", "akademia");
    expect(partners.matches).toEqual([
      { id: "o-9001", label: "Slovenská akadémia športového manažmentu", detail: "akreditovaná vzdelávacia inštitúcia · Bratislava · IČO 87654321" },
    ]);
    expect((await searchForPicker(t.services.db, t.services.idpApi, "club", "akademia")).matches).toEqual([]);
  });

  it("a query under two characters asks nobody; no match says so", async () => {
    expect(await searchForPicker(t.services.db, t.services.idpApi, "person", " e ")).toEqual({ query: "e", matches: [], message: "Zadajte aspoň 2 znaky." });
    const none = await searchForPicker(t.services.db, t.services.idpApi, "person", "Nikto Neexistuje");
    expect(none).toEqual({ query: "Nikto Neexistuje", matches: [], message: "Nikto s menom „Nikto Neexistuje“." });
  });

  it("people the provider does not return but the user cache knows are listed too", async () => {
    await t.services.db
      .insert(schema.users)
      .values({ id: "p-cache-only", displayName: "Horváthová Cache", email: "cache@klub.sk", roles: ["student"], lastSyncedAt: new Date() });
    const found = await searchForPicker(t.services.db, t.services.idpApi, "person", "horváth");
    expect(found.matches.map((m) => m.id)).toEqual(["p-1002", "p-cache-only"]);
    await t.services.db.delete(schema.users).where(eq(schema.users.id, "p-cache-only"));
  });
});

describe("/admin/hladat (JSON for the picker with JavaScript)", () => {
  it("answers the matches for content managers and admins; a student is refused; an unknown kind is 422", async () => {
    const res = await run(searchLoader, "/admin/hladat?druh=osoba&q=kovacova", { auth: editor });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ query: "kovacova", matches: [{ id: "p-2001", label: "Mgr. Eva Kováčová", detail: "eva.kovacova@demo.sk" }], message: null });
    expect((await run(searchLoader, "/admin/hladat?druh=klub&q=nitra", { auth: admin })).data.matches.map((m: { id: string }) => m.id)).toEqual(["o-5002"]);
    expect((await run(searchLoader, "/admin/hladat?druh=osoba&q=kovacova", { auth: student })).status).toBe(403);
    const bad = await run(searchLoader, "/admin/hladat?druh=kto&q=eva", { auth: admin });
    expect(bad.status).toBe(422);
    expect(bad.data).toMatchObject({ error: "validation", details: [{ path: "druh" }] });
  });
});

describe("without JavaScript", () => {
  let courseId = "";
  it("the course fields page lists the GET search's matches and saves the chosen lecturers and partner by id", async () => {
    const created = await run(listAction, "/admin/kurzy/novy", {
      method: "POST",
      body: form({ intent: "createCourse", _form: "createCourse", title: "Vedenie klubu", shortDescription: "Krátko.", price: "0", currency: "EUR" }),
      auth: editor,
    });
    expect(created.status).toBe(302);
    courseId = /\/admin\/kurzy\/([0-9a-f]{24})/.exec(created.location ?? "")![1];
    const url = `/admin/kurzy/${courseId}/udaje`;
    const page = await run(settingsLoader, `${url}?hladat-lektora=horv&hladat-partnera=akad%C3%A9mia`, { auth: editor, params: { courseId } });
    expect(page.data.pickers.lecturerResults.matches.map((m: { id: string }) => m.id)).toEqual(["p-1002"]);
    expect(page.data.pickers.partnerResults.matches.map((m: { id: string }) => m.id)).toEqual(["o-9001"]);
    expect(page.data.pickers.lecturers).toEqual([]);

    const fields = {
      intent: "saveCourse",
      _form: "saveCourse",
      title: "Vedenie klubu",
      slug: page.data.defaults.slug,
      shortDescription: "Krátko.",
      price: "0",
      currency: "EUR",
      vatPercent: "20",
      language: "sk",
      durationHours: "2",
      accreditationPartnerOrgId: "o-9001",
      accreditationPartnerName: "",
      accreditationCertificateType: "Osvedčenie",
      instructors: ["p-2001", "p-1002"],
    };
    const saved = await run(settingsAction, url, { method: "POST", body: form(fields), auth: editor, params: { courseId } });
    expect(saved.status).toBe(302);
    const [row] = await t.services.db.select().from(schema.courses).where(eq(schema.courses.id, courseId));
    expect(row.instructors).toEqual(["p-2001", "p-1002"]);
    // the partner's name on certificates defaults to the organization's name
    expect(row.accreditation).toMatchObject({ partnerOrgId: "o-9001", partnerName: "Slovenská akadémia športového manažmentu" });
    const after = await run(settingsLoader, url, { auth: editor, params: { courseId } });
    expect(after.data.pickers.lecturers.map((l: { label: string }) => l.label)).toEqual(["Mgr. Eva Kováčová", "Peter Horváth"]);
    expect(after.data.pickers.partner).toMatchObject({ id: "o-9001", label: "Slovenská akadémia športového manažmentu" });
    expect(after.data.pickers.lecturerResults).toBeNull();

    // an id that is not one is refused on the field, nothing saved
    const bad = await run(settingsAction, url, { method: "POST", body: form({ ...fields, instructors: ["p 1"] }), auth: editor, params: { courseId } });
    expect(bad.status).toBe(400);
    const [same] = await t.services.db.select().from(schema.courses).where(eq(schema.courses.id, courseId));
    expect(same.instructors).toEqual(["p-2001", "p-1002"]);
  });

  it("the enrollments filter and the grant lookup find by name through the provider; the chosen student is named", async () => {
    const filter = await run(enrollmentsLoader, "/admin/zapisy?student-hladat=horv%C3%A1th", { auth: admin });
    expect(filter.data.pickers.studentResults.matches.map((m: { id: string }) => m.id)).toEqual(["p-1002"]);
    const chosen = await run(enrollmentsLoader, "/admin/zapisy?student=p-1002", { auth: admin });
    expect(chosen.data.pickers.student).toEqual([{ id: "p-1002", label: "Peter Horváth", detail: "peter.horvath@demo.sk · člen" }]);
    const lookup = await run(enrollmentsLoader, "/admin/zapisy?osoba=Horv%C3%A1th", { auth: admin });
    expect(lookup.data.lookup.matches.map((m: { id: string }) => m.id)).toEqual(["p-1002"]);
    const club = await run(enrollmentsLoader, "/admin/zapisy?klub=tatran", { auth: admin });
    expect(club.data.pickers.clubResults.matches.map((m: { id: string }) => m.id)).toEqual(["o-5001"]);
  });
});

function form(fields: Record<string, string | string[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return body;
}
