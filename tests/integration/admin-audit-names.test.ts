// The audit log page (/admin/audit) shows people's names beside their ids (the user cache),
// and its "Aktér" filter takes a name or an e-mail as well as a person id
// (docs/decisions/admin-ui/names-beside-ids-in-admin-lists.md > Names beside ids in admin lists); "Zapísať osobu" finds people by name.
import { afterAll, beforeAll, expect, it } from "vitest";
import { schema } from "#server/db";
import type { AuthState } from "../../app/context";
import { loader } from "../../app/routes/admin/audit-log";
import { loader as enrollmentsLoader } from "../../app/routes/admin/enrollments";
import { startTestServices, type TestServices } from "../support/route-context";

let t: TestServices;
beforeAll(async () => {
  t = await startTestServices();
  const now = new Date();
  await t.services.db.insert(schema.users).values([
    { id: "p-jana", displayName: "Jana Nováková", email: "jana@klub.sk", roles: ["admin"], lastSyncedAt: now },
    { id: "p-peter", displayName: "Peter Kráľ", email: "peter@klub.sk", roles: ["student"], lastSyncedAt: now },
  ]);
  await t.services.db.insert(schema.auditLog).values([
    { actorId: "p-jana", action: "enrollment.grant", targetType: "person", targetId: "p-peter" },
    { actorId: "p-peter", action: "order.cancel", targetType: "order", targetId: "0123456789abcdef01234567" },
    { actorId: "system:job", action: "cache.refresh", targetType: "person", targetId: "p-unknown" },
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const admin: AuthState = {
  session: { id: "s-admin", userId: "p-jana", authTime: new Date(), createdAt: new Date() } as NonNullable<AuthState["session"]>,
  user: {
    id: "p-jana",
    displayName: "Jana Nováková",
    email: "jana@klub.sk",
    avatarUrl: null,
    roles: ["admin"],
    providerRoles: [],
    organizations: [],
    sponsorOrgIds: [],
    purchaseOrgIds: [],
    lastSyncedAt: new Date(),
    createdAt: new Date(),
    updatedAt: new Date(),
  },
  csrfToken: "csrf",
};

type Row = { actor: string; actorId: string; action: string; targetName: string | null };
async function rows(query: string): Promise<Row[]> {
  const d = (await t.call(loader as (args: never) => unknown, `/admin/audit${query}`, { auth: admin })) as { rows: Row[] };
  return d.rows;
}

it("names beside ids: the actor and a person target, from the user cache; system actors and unknown people keep their labels", async () => {
  const all = await rows("");
  const byAction = Object.fromEntries(all.map((r) => [r.action, r]));
  expect(byAction["enrollment.grant"]).toMatchObject({ actor: "Jana Nováková", actorId: "p-jana", targetName: "Peter Kráľ" });
  expect(byAction["order.cancel"]).toMatchObject({ actor: "Peter Kráľ", targetName: null });
  expect(byAction["cache.refresh"]).toMatchObject({ actor: "naplánovaná úloha", targetName: null });
});

it("the actor filter takes a part of a name, an e-mail or an id", async () => {
  expect((await rows("?actorId=nováko")).map((r) => r.action)).toEqual(["enrollment.grant"]);
  expect((await rows("?actorId=PETER%40klub.sk")).map((r) => r.action)).toEqual(["order.cancel"]);
  expect((await rows("?actorId=p-peter")).map((r) => r.action)).toEqual(["order.cancel"]);
  expect((await rows("?actorId=system%3Ajob")).map((r) => r.action)).toEqual(["cache.refresh"]);
  expect(await rows("?actorId=nikto")).toEqual([]);
});

it("Zapísať osobu finds people by a part of the name: each a link that picks the person", async () => {
  const d = (await t.call(enrollmentsLoader as (args: never) => unknown, "/admin/zapisy?osoba=kr%C3%A1%C4%BE", { auth: admin })) as {
    lookup: { matches?: { id: string; label: string; detail: string }[]; person: unknown };
  };
  expect(d.lookup.person).toBeNull();
  expect(d.lookup.matches).toEqual([{ id: "p-peter", label: "Peter Kráľ", detail: "peter@klub.sk" }]);
});
