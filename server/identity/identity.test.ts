// User and organization caches, the provider's REST API client, the nightly refresh and
// UserInfo, against the real local provider over HTTP and a real database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { authorizationRequest, CookieJar, loginAtLocalIdp } from "../../tests/support/idp-login";
import { startTestIdp, TEST_API_TOKEN, TEST_CLIENT, type TestIdp } from "../../tests/support/local-idp";
import {
  createIdpApi,
  discoverUserInfoEndpoint,
  ensureOrganization,
  fetchUserInfo,
  getCachedOrganization,
  getCachedUser,
  hasOrgAdminRole,
  IdpApiError,
  refreshOrganization,
  refreshStaleCaches,
  upsertUserFromClaims,
  type IdpApi,
} from "./index";

const names = { claimPrefix: "sportup", rolePrefix: "academy" };
const DAY = 24 * 60 * 60 * 1000;

let t: OpenTestDatabase;
let idp: TestIdp;
let api: IdpApi;

beforeAll(async () => {
  [t, idp] = await Promise.all([openTestDatabase(), startTestIdp()]);
  api = createIdpApi({ apiUrl: idp.idp.apiUrl, apiToken: TEST_API_TOKEN });
});
afterAll(async () => {
  await Promise.all([t?.close(), idp?.stop()]);
});

describe("REST API client", () => {
  it("reads persons, organizations and memberships; null for unknown ones", async () => {
    expect(await api.getPerson("p-2001")).toMatchObject({
      id: "p-2001",
      displayName: "Mgr. Eva Kováčová",
      roles: ["user", "academy:instructor"],
      birthdate: "1979-02-03",
    });
    expect(await api.getPerson("p-9999")).toBeNull();
    expect(await api.getOrganization("o-5001")).toMatchObject({ id: "o-5001", name: "ŠK Tatran Demo", ico: "12345678", type: "sport_club" });
    expect(await api.getOrganization("o-0000")).toBeNull();
    expect(await api.getMembership("o-5001", "p-5001")).toEqual({ orgId: "o-5001", personId: "p-5001", roles: ["club_admin"] });
    expect(await api.getMembership("o-5001", "p-1001")).toBeNull();
  });

  it("finds a person by e-mail (any case), null for an unknown address; a provider ignoring the filter finds no one", async () => {
    expect(await api.findPersonByEmail!("Peter.Horvath@demo.sk")).toMatchObject({ id: "p-1002", displayName: "Peter Horváth", email: "peter.horvath@demo.sk" });
    expect(await api.findPersonByEmail!("nikto@demo.sk")).toBeNull();
    const everyone = { data: [{ id: "p-1", displayName: "Iný", email: "iny@demo.sk", avatarUrl: null, roles: [], organizations: [] }] };
    const sloppy = createIdpApi({ apiUrl: "http://idp.invalid", apiToken: "x", fetch: async () => Response.json(everyone) });
    expect(await sloppy.findPersonByEmail!("peter.horvath@demo.sk")).toBeNull();
  });

  it("throws IdpApiError with the status on a wrong token, and when the provider is unreachable", async () => {
    const wrong = createIdpApi({ apiUrl: idp.idp.apiUrl, apiToken: "wrong" });
    await expect(wrong.getPerson("p-1001")).rejects.toMatchObject({ name: "IdpApiError", status: 401 });
    const down = createIdpApi({ apiUrl: "http://127.0.0.1:9/idp/api", apiToken: TEST_API_TOKEN });
    await expect(down.getOrganization("o-5001")).rejects.toBeInstanceOf(IdpApiError);
  });

  it("hasOrgAdminRole asks the provider for an admin-type role in that org", async () => {
    expect(await hasOrgAdminRole(api, "p-5001", "o-5001")).toBe(true); // club_admin
    expect(await hasOrgAdminRole(api, "p-1002", "o-5001")).toBe(false); // member only
    expect(await hasOrgAdminRole(api, "p-1001", "o-5001")).toBe(false); // not a member
    expect(await hasOrgAdminRole(api, "p-5001", "o-9001")).toBe(false); // other org
    expect(await hasOrgAdminRole(api, "p-5001", "o-0000")).toBe(false); // unknown org
  });
});

describe("user cache", () => {
  it("upsertUserFromClaims writes the row at login and overwrites it at the next one", async () => {
    const claims = {
      sub: "p-5001",
      name: "Tomáš Baláž",
      email: "tomas.balaz@demo.sk",
      sportup_roles: ["user", "club_admin:o-5001", "otherapp:admin"],
      sportup_orgs: [{ org_id: "o-5001", roles: ["club_admin"] }],
    };
    const first = new Date("2026-01-10T08:00:00Z");
    const { user, mapped } = await upsertUserFromClaims(t.db, claims, names, { now: first });
    expect(mapped).toEqual({
      roles: ["student"],
      sponsorOrgIds: ["o-5001"],
      purchaseOrgIds: ["o-5001"],
      organizations: [{ orgId: "o-5001", roles: ["club_admin"] }],
    });
    expect(user).toMatchObject({
      id: "p-5001",
      displayName: "Tomáš Baláž",
      email: "tomas.balaz@demo.sk",
      avatarUrl: null,
      roles: ["student"],
      providerRoles: ["user", "club_admin:o-5001", "otherapp:admin"],
      organizations: [{ orgId: "o-5001", roles: ["club_admin"] }],
      sponsorOrgIds: ["o-5001"],
      purchaseOrgIds: ["o-5001"],
      lastSyncedAt: first,
    });

    // a name change reaches the cache at the next login; lost rights are lost
    const later = new Date("2026-01-11T08:00:00Z");
    await upsertUserFromClaims(t.db, { ...claims, name: "Tomáš Baláž ml.", sportup_roles: ["user"], sportup_orgs: [] }, names, { now: later });
    expect(await getCachedUser(t.db, "p-5001")).toMatchObject({
      displayName: "Tomáš Baláž ml.",
      roles: ["student"],
      sponsorOrgIds: [],
      purchaseOrgIds: [],
      organizations: [],
      lastSyncedAt: later,
    });
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, "p-5001"))).toHaveLength(1);
  });

  it("falls back to given + family name, then e-mail, for the display name; refuses claims without sub", async () => {
    const { user } = await upsertUserFromClaims(t.db, { sub: "p-7001", given_name: "Ján", family_name: "Malý", sportup_roles: ["user"] }, names);
    expect(user.displayName).toBe("Ján Malý");
    const { user: u2 } = await upsertUserFromClaims(t.db, { sub: "p-7002", email: "x@demo.sk" }, names);
    expect(u2).toMatchObject({ displayName: "x@demo.sk", roles: [] });
    await expect(upsertUserFromClaims(t.db, { name: "Bez sub" }, names)).rejects.toThrow(/sub/);
    expect(await getCachedUser(t.db, "p-0000")).toBeNull();
  });
});

describe("organization cache", () => {
  it("refreshOrganization writes the row; an organization the provider no longer knows is dropped", async () => {
    const now = new Date("2026-02-01T00:00:00Z");
    expect(await refreshOrganization(t.db, api, "o-9001", { now })).toMatchObject({
      id: "o-9001",
      name: "Slovenská akadémia športového manažmentu",
      legalName: expect.any(String),
      ico: "87654321",
      type: "accredited_educational_institution",
      lastSyncedAt: now,
    });
    await t.db.insert(schema.organizations).values({ id: "o-gone", name: "Zaniknutý klub", lastSyncedAt: now });
    expect(await refreshOrganization(t.db, api, "o-gone")).toBeNull();
    expect(await getCachedOrganization(t.db, "o-gone")).toBeNull();
  });

  it("ensureOrganization uses a fresh row, refreshes a stale one, and keeps a stale one when the provider is down", async () => {
    const old = new Date(Date.now() - 8 * DAY);
    await t.db.insert(schema.organizations).values({ id: "o-5001", name: "Starý názov", lastSyncedAt: old });
    const down = createIdpApi({ apiUrl: "http://127.0.0.1:9/idp/api", apiToken: TEST_API_TOKEN });
    expect(await ensureOrganization(t.db, down, "o-5001")).toMatchObject({ name: "Starý názov" });
    const fresh = await ensureOrganization(t.db, api, "o-5001");
    expect(fresh).toMatchObject({ name: "ŠK Tatran Demo", ico: "12345678" });
    // fresh now: no provider call needed
    expect(await ensureOrganization(t.db, down, "o-5001")).toMatchObject({ name: "ŠK Tatran Demo" });
    await expect(ensureOrganization(t.db, down, "o-7777")).rejects.toBeInstanceOf(IdpApiError);
  });
});

describe("nightly refresh (refreshStaleCaches)", () => {
  it("refreshes rows older than 7 days, removes unknown ones, leaves fresh ones, and is idempotent", async () => {
    await t.db.delete(schema.users);
    await t.db.delete(schema.organizations);
    const now = new Date("2026-03-01T03:00:00Z");
    const stale = new Date(now.getTime() - 8 * DAY);
    const fresh = new Date(now.getTime() - 6 * DAY);
    await t.db.insert(schema.users).values([
      { id: "p-2001", displayName: "Eva (starý záznam)", email: "old@demo.sk", roles: ["student"], lastSyncedAt: stale },
      { id: "p-1002", displayName: "Peter (čerstvý)", roles: ["student"], lastSyncedAt: fresh },
      { id: "p-9999", displayName: "Neznámy", roles: ["student"], lastSyncedAt: stale },
    ]);
    await t.db.insert(schema.organizations).values([
      { id: "o-5001", name: "Starý názov", lastSyncedAt: stale },
      { id: "o-9001", name: "Čerstvý názov", lastSyncedAt: fresh },
      { id: "o-0000", name: "Neznáma", lastSyncedAt: stale },
    ]);

    const report = await refreshStaleCaches(t.db, api, names, { now });
    expect(report).toEqual({
      users: { refreshed: 1, removed: 1, failed: 0 },
      organizations: { refreshed: 1, removed: 1, failed: 0 },
    });
    expect(await getCachedUser(t.db, "p-2001")).toMatchObject({
      displayName: "Mgr. Eva Kováčová",
      email: "eva.kovacova@demo.sk",
      avatarUrl: `${idp.base}/media/avatars/eva-kovacova.svg`,
      roles: ["student", "instructor"],
      providerRoles: ["user", "academy:instructor"],
      lastSyncedAt: now,
    });
    expect(await getCachedUser(t.db, "p-1002")).toMatchObject({ displayName: "Peter (čerstvý)", lastSyncedAt: fresh });
    expect(await getCachedUser(t.db, "p-9999")).toBeNull();
    expect(await getCachedOrganization(t.db, "o-5001")).toMatchObject({ name: "ŠK Tatran Demo", lastSyncedAt: now });
    expect(await getCachedOrganization(t.db, "o-9001")).toMatchObject({ name: "Čerstvý názov", lastSyncedAt: fresh });
    expect(await getCachedOrganization(t.db, "o-0000")).toBeNull();

    const again = await refreshStaleCaches(t.db, api, names, { now });
    expect(again).toEqual({ users: { refreshed: 0, removed: 0, failed: 0 }, organizations: { refreshed: 0, removed: 0, failed: 0 } });
  });

  it("counts failures and keeps the rows when the provider cannot be reached", async () => {
    await t.db.delete(schema.users);
    const now = new Date("2026-04-01T03:00:00Z");
    await t.db.insert(schema.users).values({ id: "p-1001", displayName: "Jana", roles: ["student"], lastSyncedAt: new Date(now.getTime() - 30 * DAY) });
    const errors: string[] = [];
    const down = createIdpApi({ apiUrl: "http://127.0.0.1:9/idp/api", apiToken: TEST_API_TOKEN });
    const report = await refreshStaleCaches(t.db, down, names, { now, onError: (kind, id) => errors.push(`${kind}:${id}`) });
    expect(report.users).toEqual({ refreshed: 0, removed: 0, failed: 1 });
    expect(errors).toContain("user:p-1001");
    expect(await getCachedUser(t.db, "p-1001")).toMatchObject({ displayName: "Jana" });
  });
});

describe("UserInfo", () => {
  it("fetchUserInfo returns the birth date with the user's access token and checks sub", async () => {
    const issuer = idp.idp.issuer;
    const jar = new CookieJar();
    const request = authorizationRequest({ issuer, appUrl: idp.base });
    const callback = new URL(await loginAtLocalIdp(jar, request, { email: "jana.novakova@demo.sk" }));
    const res = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_CLIENT.id}:${TEST_CLIENT.secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: request.redirectUri,
        code_verifier: request.verifier,
      }),
    });
    const { access_token } = (await res.json()) as { access_token: string };

    const endpoint = await discoverUserInfoEndpoint(issuer);
    expect(endpoint).toBe(`${issuer}/me`);
    const info = await fetchUserInfo(endpoint, access_token, { expectedSub: "p-1001" });
    expect(info).toMatchObject({ sub: "p-1001", birthdate: "1990-04-12", address: { locality: "Bratislava" } });
    await expect(fetchUserInfo({ userinfo_endpoint: endpoint }, access_token, { expectedSub: "p-1002" })).rejects.toThrow(/sub/);
    await expect(fetchUserInfo(endpoint, "not-a-token")).rejects.toMatchObject({ status: 401 });
  });
});
